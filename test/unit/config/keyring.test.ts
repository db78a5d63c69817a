import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keyringReason, keyringUnreachable } from '../../../src/config/keyring.js';

describe('whether a keyring can answer, told without loading it', () => {
  it('on Linux, no D-Bus session address means no Secret Service to ask', () => {
    expect(keyringUnreachable({}, 'linux')).toBe('no D-Bus session (DBUS_SESSION_BUS_ADDRESS is not set)');
    expect(keyringUnreachable({ DBUS_SESSION_BUS_ADDRESS: 'unix:path=/run/user/1000/bus' }, 'linux')).toBeUndefined();
  });
  it('finds the session bus in XDG_RUNTIME_DIR as libdbus does', () => {
    const run = mkdtempSync(join(tmpdir(), 'formctl-run-'));
    expect(keyringUnreachable({ XDG_RUNTIME_DIR: run }, 'linux')).toBeDefined();
    writeFileSync(join(run, 'bus'), '');
    expect(keyringUnreachable({ XDG_RUNTIME_DIR: run }, 'linux')).toBeUndefined();
    rmSync(run, { recursive: true, force: true });
  });
  it('macOS and Windows always have a store to ask', () => {
    expect(keyringUnreachable({}, 'darwin')).toBeUndefined();
    expect(keyringUnreachable({}, 'win32')).toBeUndefined();
  });
});

describe("the store's errors in one line", () => {
  it.each([
    ['Platform failure: DBus error: Using X11 for dbus-daemon autolaunch was disabled at compile time, set your DBUS_SESSION_BUS_ADDRESS instead', 'no D-Bus session (DBUS_SESSION_BUS_ADDRESS is not set)'],
    ["Couldn't access platform storage: Secret Service: no result found", 'the Secret Service has no keyring to store in'],
    ["Couldn't access platform storage: Secret Service: unlock prompt was dismissed", 'the keyring is locked and could not be unlocked'],
    ['Platform failure: DBus error: The name org.freedesktop.secrets was not provided by any .service files', 'no Secret Service on the D-Bus session (nothing provides org.freedesktop.secrets)'],
    ['Platform failure: something new\nwith a second line', 'something new'],
  ])('%s', (message, reason) => expect(keyringReason(new Error(message))).toBe(reason));
});
