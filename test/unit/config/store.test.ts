import { lstatSync, mkdirSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { configDir, updateConfig } from '../../../src/config/store.js';
import { isAbsolute } from 'node:path';
import { userInfo } from 'node:os';
import { tempDir } from '../../helpers/cli.js';

const tmp = tempDir();
afterAll(() => tmp.remove());

describe('the profile file', () => {
  it('kept as a symlink (a dotfile manager): written through its link, which stays; a dangling one is written as the path', async () => {
    const dir = `${tmp.path}/linked`;
    mkdirSync(dir);
    const real = `${tmp.path}/dotfiles-config.json`;
    writeFileSync(real, JSON.stringify({ currentProfile: 'default', profiles: { default: {} }, settings: {} }));
    const link = `${dir}/config.json`;
    symlinkSync(real, link);
    await updateConfig((c) => void (c.profiles.default!.plan = 'business'), { FORMCTL_CONFIG_DIR: dir });
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe(real);
    expect(JSON.parse(readFileSync(real, 'utf8')).profiles.default.plan).toBe('business');
    expect(lstatSync(real).mode & 0o777).toBe(0o600);
    const other = `${tmp.path}/dangling`;
    mkdirSync(other);
    symlinkSync(`${tmp.path}/nowhere/config.json`, `${other}/config.json`);
    await updateConfig((c) => void (c.currentProfile = 'default'), { FORMCTL_CONFIG_DIR: other });
    expect(lstatSync(`${other}/config.json`).isSymbolicLink()).toBe(false);
    expect(JSON.parse(readFileSync(`${other}/config.json`, 'utf8')).currentProfile).toBe('default');
  });
});

describe('where the profile file lives', () => {
  it('never under the directory a command runs in: an empty HOME falls back to the account\'s home, a relative XDG_CONFIG_HOME is ignored', () => {
    const saved = process.env.HOME;
    try {
      process.env.HOME = '';
      const dir = configDir({ HOME: '' });
      expect(isAbsolute(dir)).toBe(true);
      expect(dir).toBe(`${userInfo().homedir}/.config/formctl`);
      expect(configDir({ XDG_CONFIG_HOME: 'relative/dir' })).toBe(dir);
      expect(configDir({ XDG_CONFIG_HOME: '/abs/xdg' })).toBe('/abs/xdg/formctl');
      expect(configDir({ FORMCTL_CONFIG_DIR: '/given' })).toBe('/given');
      // the command's HOME, not the process's (in-process runs have an environment of their own)
      expect(configDir({ HOME: '/home/theirs' })).toBe(process.platform === 'win32' ? expect.any(String) : '/home/theirs/.config/formctl');
    } finally {
      if (saved === undefined) delete process.env.HOME;
      else process.env.HOME = saved;
    }
  });
});
