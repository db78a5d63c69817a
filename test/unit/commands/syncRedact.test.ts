import { describe, expect, it } from 'vitest';
import { holdsPassword, redact } from '../../../src/commands/submissions/syncShared.js';

// The database URL as messages show it: no password, wherever the URL holds one.
describe('redact (sync --to in messages)', () => {
  it.each([
    ['postgres://u:pw@h:5432/db', 'postgres://u:***@h:5432/db'],
    ['postgres://u:p@ss@w@rd@h/db', 'postgres://u:***@h/db'],
    ['postgres://u:p/ss@h/db', 'postgres://u:***@h/db'],
    ['postgres://:pw@h/db', 'postgres://:***@h/db'],
    ['postgresql://u@h/db?password=pw&sslmode=require', 'postgresql://u@h/db?password=***&sslmode=require'],
    // a name percent-encoded, as pg reads it decoded
    ['postgres://u@h/db?%70assword=pw&x=1', 'postgres://u@h/db?%70assword=***&x=1'],
    ['postgres://u@h/db?sslmode=require&sslpassword=pw', 'postgres://u@h/db?sslmode=require&sslpassword=***'],
    ['postgres://u%40x:p%40w@h/db', 'postgres://u%40x:***@h/db'],
    ['postgres://u:pa?ss@h/db', 'postgres://u:***@h/db'],
    ['postgres://u:pa#ss@h/db', 'postgres://u:***@h/db'],
    ['postgres://u:pw@h/d@b', 'postgres://u:***@h/d@b'],
    ['postgres:u:s3cret@127.0.0.1:1/db', 'postgres:***@127.0.0.1:1/db'],
    ['postgres://u@h/db?options=-c%20password%3Dx', 'postgres://u@h/db?options=***'],
  ])('%s → %s', (url, shown) => {
    expect(redact(url)).toBe(shown);
    expect(holdsPassword(url)).toBe(true);
  });

  it.each(['postgres://u@h/db', 'postgres://h/db', 'sqlite:/tmp/x.db', 'postgres://u@h/db?sslmode=require', 'postgres://u@h/db?application_name=nightly'])('%s holds none and is shown as it is', (url) => {
    expect(redact(url)).toBe(url);
    expect(holdsPassword(url)).toBe(false);
  });
});
