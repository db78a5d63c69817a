import { EXIT, ExitWith } from '../errors.js';
/** How many graceful stops are waiting for a signal (see untilInterrupted). */
let waiting = 0;

/** Whether a long-running command stops itself on a signal: then the run's own handler stands aside. */
export const stopsGracefully = (): boolean => waiting > 0;

/**
 * For commands that run until stopped (serve, listen, watch, logs --follow): a graceful stop instead
 * of the default signal handling (cleanups, then exit). Resolves with the signal — SIGINT, SIGTERM or
 * SIGHUP (a closed terminal); the command finishes its own way, then ends with
 * `throw signalExit(signal)`: 130, 143 or 129 as every Unix tool, after its cleanups. The run's
 * handler stays registered (it asks stopsGracefully()): removing every listener, even for a moment,
 * would drop a signal already received and not yet dispatched. A second signal ends the run at once.
 */
export function untilInterrupted(): Promise<NodeJS.Signals> {
  return interruptible().signal;
}

/**
 * untilInterrupted for a command that ends by itself too (a sync: Ctrl-C commits what it fetched,
 * then stops): `release()` once it is done gives the signals back to the run's handler.
 */
export function interruptible(): { signal: Promise<NodeJS.Signals>; release(): void } {
  const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  waiting++;
  let release = () => {};
  const signal = new Promise<NodeJS.Signals>((resolve) => {
    const stop = (sig: NodeJS.Signals) => {
      release();
      resolve(sig);
    };
    release = () => {
      for (const s of signals) process.removeListener(s, stop);
      waiting--;
      release = () => {};
    };
    for (const s of signals) process.on(s, stop);
  });
  return { signal, release: () => release() };
}

const SIGNAL_EXIT: Partial<Record<NodeJS.Signals, number>> = { SIGINT: EXIT.interrupted, SIGTERM: EXIT.terminated, SIGHUP: EXIT.hangup };

/** The end of a run stopped by `signal`: its conventional exit code, and nothing more said. */
export function signalExit(signal: NodeJS.Signals): ExitWith {
  return new ExitWith(SIGNAL_EXIT[signal] ?? EXIT.interrupted, '');
}
