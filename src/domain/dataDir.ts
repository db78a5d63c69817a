// The sandbox's data dir as both sides know it: the emulator keeps its database there (src/sandbox/repo),
// and the CLI looks for it without loading the emulator (`doctor`).

/** The database's file in a data dir. */
export const DATABASE_FILE = 'sandbox.db';
