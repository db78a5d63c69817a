/**
 * For commands that run until stopped (serve, listen, watch): replaces the default Ctrl-C handling
 * (cleanups, then exit 130) with a graceful stop. Resolves on SIGINT or SIGTERM; the command then
 * finishes its own way and exits 0.
 */
export function untilInterrupted(): Promise<void> {
  process.removeAllListeners('SIGINT');
  return new Promise((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
}
