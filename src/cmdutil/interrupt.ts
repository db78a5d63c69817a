import { EXIT, ExitWith } from '../errors.js';
/**
 * For commands that run until stopped (serve, listen, watch, logs --follow): replaces the default
 * signal handling (cleanups, then exit) with a graceful stop. Resolves with the signal — SIGINT,
 * SIGTERM or SIGHUP (a closed terminal); the command finishes its own way, then ends with
 * `throw signalExit(signal)`: 130, 143 or 129 as every Unix tool, after its cleanups.
 */
export function untilInterrupted(): Promise<NodeJS.Signals> {
  const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  for (const s of signals) process.removeAllListeners(s);
  return new Promise((resolve) => {
    for (const s of signals) process.once(s, () => resolve(s));
  });
}

const SIGNAL_EXIT: Partial<Record<NodeJS.Signals, number>> = { SIGINT: EXIT.interrupted, SIGTERM: EXIT.terminated, SIGHUP: EXIT.hangup };

/** The end of a run stopped by `signal`: its conventional exit code, and nothing more said. */
export function signalExit(signal: NodeJS.Signals): ExitWith {
  return new ExitWith(SIGNAL_EXIT[signal] ?? EXIT.interrupted, '');
}
