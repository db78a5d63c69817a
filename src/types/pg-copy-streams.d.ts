// pg-copy-streams ships no types: the one function submissions sync uses (COPY … FROM STDIN as a
// writable stream that pg's Client.query runs).
declare module 'pg-copy-streams' {
  import type { Writable } from 'node:stream';
  export function from(sql: string): Writable;
}
