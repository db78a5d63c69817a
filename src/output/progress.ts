import type { IOStreams } from '../io/streams.js';

/** Runs `work` under a spinner on stderr when stderr is a terminal; plain otherwise. */
export async function withSpinner<T>(io: IOStreams, text: string, work: () => Promise<T>): Promise<T> {
  if (!io.isStderrTTY || io.ci) return work();
  const { default: ora } = await import('ora');
  const spinner = ora({ text, stream: io.stderr, color: 'cyan', isEnabled: true }).start();
  try {
    const result = await work();
    spinner.stop();
    return result;
  } catch (e) {
    spinner.stop();
    throw e;
  }
}
