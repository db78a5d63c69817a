import { canAnimate, type IOStreams } from '../io/streams.js';

/** Runs `work` under a spinner on stderr when stderr is a terminal; plain otherwise. */
export async function withSpinner<T>(io: IOStreams, text: string, work: () => Promise<T>): Promise<T> {
  if (!canAnimate(io)) return work();
  const { default: ora } = await import('ora');
  const spinner = ora({ text, stream: io.stderr, color: 'cyan', isEnabled: true }).start();
  // Ctrl-C (or any exit) while spinning: the spinner's line is cleared, not left on screen
  const clear = () => spinner.stop();
  process.once('exit', clear);
  try {
    return await work();
  } finally {
    spinner.stop();
    process.removeListener('exit', clear);
  }
}
