// The sandbox's one door for the CLI. The build makes it a bundle of its own (dist/sandbox.js) that
// the CLI's bundle requires only when a command needs the sandbox, so that every other command
// reads and compiles none of it (start-up time). Each part is behind a function of its own, so
// that, as inside the CLI's bundle, a part is initialised (and its packages loaded) only when used:
// `doctor` asks for its data dir's health without the QR renderer or the HTTP server.
export const sandboxServer = () => import('./server.js');
export const sandboxFaults = () => import('./faults.js');
export const sandboxStore = () => import('./repo/store.js');
export const sandboxSeeding = () => import('./admin/seed.js');
/** the one SQLite module, for sync's SQLite sink */
export const sandboxSqlite = () => import('./repo/sqlite.js');
/** A data dir's database for `formctl doctor`: there or not, its integrity check and schema version (read only). */
export const sandboxDataDirHealth = async (dataDir: string) => (await import('./repo/health.js')).dataDirHealth(dataDir);
export type { DataDirHealth, SandboxQuota } from './repo/health.js';
/** The main account's quota this month, for `formctl quota` and `doctor` (read only; undefined with no database yet). */
export const sandboxDataDirQuota = async (dataDir: string) => (await import('./repo/health.js')).dataDirQuota(dataDir);
