/**
 * For commands that run until stopped (serve, listen, watch): replaces the default Ctrl-C handling
 * (cleanups, then exit 130) with a graceful stop. Resolves on SIGINT, SIGTERM or SIGHUP (a closed terminal); the command then
 * finishes its own way and exits 0.
 */
export function untilInterrupted(): Promise<void> {
  const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  for (const s of signals) process.removeAllListeners(s);
  return new Promise((resolve) => {
    for (const s of signals) process.once(s, () => resolve());
  });
}
