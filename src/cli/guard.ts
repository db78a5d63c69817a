import { runState } from '../cmdutil/command.js';
import { stopsGracefully } from '../cmdutil/interrupt.js';
import { EXIT, describeWriteError, isBrokenPipe } from '../errors.js';

// How a process run ends on a signal or a closed stdout (run.ts installs it for the real process).

/**
 * Ends the run now: cleanups first (temporary files, a restored webhook), then the exit code; a
 * cleanup that cannot finish (a request the signal cut in half) must not keep the process alive.
 */
function endNow(code: number): void {
  runState.ending = code;
  const deadline = new Promise((resolve) => setTimeout(resolve, CLEANUP_MS));
  void Promise.race([Promise.resolve(runState.cleanup?.()).catch(() => undefined), deadline]).finally(() => process.exit(code));
}
const CLEANUP_MS = 3000; // the most the cleanups of a run ended by a signal or a closed stdout may take

/**
 * Signals end the run with their conventional codes after the cleanups (Ctrl-C 130, SIGTERM from
 * CI timeouts 143, SIGHUP from a closed terminal 129). A closed stdout (`| head`) ends it quietly
 * with 141, as SIGPIPE would; any other write failure (a full disk) is one line and exit 1. Either
 * way nothing more is fetched for output nobody can receive.
 */
export function guardProcess(): void {
  const signals: Array<[NodeJS.Signals, number]> = [['SIGINT', EXIT.interrupted], ['SIGTERM', EXIT.terminated], ['SIGHUP', EXIT.hangup]];
  // `on`, not `once`: a listener that stays registered tells signal-exit (used by ora's cursor
  // handling) that the signal is handled here, so it does not kill the process before cleanups
  let ending = false;
  for (const [signal, code] of signals) {
    process.on(signal, () => {
      // a long-running command stops itself (untilInterrupted); a second signal ends the run here
      if (ending || stopsGracefully()) return;
      ending = true;
      endNow(code);
    });
  }
  let failed = false;
  process.stdout.on('error', (err) => {
    if (failed) return;
    failed = true;
    if (isBrokenPipe(err)) return endNow(EXIT.brokenPipe);
    const failure = describeWriteError(err) ? err : new Error(`cannot write the output: ${err.message}`);
    void import('./report.js')
      .then(({ reportError }) => reportError(runState.io, failure, runState.jsonErrors, runState.embeddedSandbox))
      .finally(() => endNow(EXIT.error));
  });
}
