import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';

// The package as users get it: npm pack, installed into a temporary prefix (on Node 20 the native SQLite build
// included; on 22.13+ none), then the installed binary run with no account.
const root = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'formctl-pack-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The Nodes to install with: the one running the suite, and those named in FORMCTL_PACKAGE_NODES
// (directories holding bin/node, ':'-separated; CI passes Node 22 and 26 from scripts/node-from-npm.sh).
const nodes = [dirname(dirname(process.execPath)), ...(process.env.FORMCTL_PACKAGE_NODES ?? '').split(':').filter(Boolean)];

function nodeVersion(nodeDir: string): [number, number] {
  const v = execFileSync(join(nodeDir, 'bin', 'node'), ['--version'], { encoding: 'utf8' }).trim();
  return v.slice(1).split('.').map(Number) as [number, number];
}

/** Node 22.13 and newer have node:sqlite: formctl installs there without better-sqlite3 (and without a compiler). */
function hasNodeSqlite([major, minor]: [number, number]): boolean {
  return major > 22 || (major === 22 && minor >= 13);
}

/**
 * better-sqlite3's native addon as already built for the Node running the suite (npm ci built it,
 * from source, into the repository's node_modules), packed the way its install script
 * (prebuild-install) looks for a prebuilt binary: the install then runs that script and unpacks this
 * one, as it would a download, instead of compiling the same C++ again (a minute of the suite).
 * undefined when there is none that loads here (no compiler at npm ci): the install builds or omits it;
 * and on a Node with node:sqlite, where no install needs it (nor is better-sqlite3 12 loaded there).
 */
function localPrebuild(): string | undefined {
  if (hasNodeSqlite(process.versions.node.split('.').map(Number) as [number, number])) return undefined;
  const pkgDir = join(root, 'node_modules', 'better-sqlite3');
  try {
    const req = createRequire(join(root, 'package.json'));
    const Database = req('better-sqlite3') as new (file: string) => { close(): void };
    new Database(':memory:').close();
  } catch {
    return undefined;
  }
  const { version } = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as { version: string };
  const prebuilds = join(dir, 'prebuilds');
  mkdirSync(prebuilds);
  const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  execFileSync('tar', ['czf', join(prebuilds, name), 'build/Release/better_sqlite3.node'], { cwd: pkgDir });
  return prebuilds;
}

/** A global install of the tarball with that Node first on PATH, then the installed binary run. */
async function installAndRun(tarball: string, nodeDir: string, prebuilds: string | undefined): Promise<void> {
  const [major, minor] = nodeVersion(nodeDir);
  const label = `node ${major}.${minor}`;
  const prefix = join(dir, `prefix-${major}`);
  const PATH = `${join(nodeDir, 'bin')}:${process.env.PATH}`;
  // Node 22.13 and newer need no compiler (node:sqlite): the install hides it, so the optional
  // better-sqlite3 fails to build and is left out, as on a machine without one. Older Nodes build
  // it against their own headers.
  const noCompiler = hasNodeSqlite([major, minor]);
  // (prebuilt binaries are named by Node's ABI: one for another Node is not picked up)
  const installEnv = {
    ...process.env, PATH, npm_config_nodedir: nodeDir,
    ...(noCompiler ? { CC: '/bin/false', CXX: '/bin/false' } : {}),
    ...(prebuilds ? { npm_config_better_sqlite3_local_prebuilds: prebuilds } : {}),
  };
  // a registry connection that stalls is dropped after 30 s and retried (npm's own default waits five
  // minutes a try, so one stalled download outlived the test's ten)
  await execa('npm', ['install', '-g', '--prefix', prefix, '--prefer-offline', '--no-audit', '--no-fund', '--fetch-timeout=30000', '--fetch-retries=4', tarball], { env: installEnv });
  const bin = join(prefix, 'bin', 'formctl');
  const home = join(dir, `home-${major}`);
  const env = { PATH, HOME: home, FORMCTL_CONFIG_DIR: join(home, 'config'), FORMCTL_SANDBOX_DIR: join(home, 'sandbox'), NO_COLOR: '1' };
  const run = (args: string[]) => {
    const r = spawnSync(bin, args, { env, encoding: 'utf8' });
    // no warning of Node's (node:sqlite's ExperimentalWarning, a DeprecationWarning) on any Node
    expect([r.status, r.stderr], `${label}: formctl ${args.join(' ')}`).toEqual([0, '']);
    return r.stdout;
  };
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  expect(run(['--version']).trim(), label).toBe(pkg.version);
  expect(run(['--help']), label).toContain('Usage: formctl');
  const qrId = run(['--sandbox', 'forms', 'create', '--title', 'Packed', '--field', 'email:E-mail*', '-q']).trim();
  expect(qrId).toMatch(/^[A-Z0-9]+$/);
  const listed = JSON.parse(run(['--sandbox', 'forms', 'list', '-o', 'json']));
  expect(listed.map((f: { qrId: string }) => f.qrId), label).toContain(qrId);
  // `formctl mcp` runs from its bundle alone: the MCP SDK is a development dependency, not installed
  expect(existsSync(join(prefix, 'lib', 'node_modules', 'formctl', 'node_modules', '@modelcontextprotocol')), `${label}: MCP SDK not installed`).toBe(false);
  const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'pipe', version: '1' } } };
  const call = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'forms_list', arguments: { all: true } } };
  const mcp = spawnSync(bin, ['--sandbox', 'mcp'], { env, encoding: 'utf8', input: `${JSON.stringify(init)}\n${JSON.stringify(call)}\n` });
  expect([mcp.status, mcp.stderr], `${label}: formctl mcp`).toEqual([0, '']);
  const answers = mcp.stdout.trim().split('\n').map((l) => JSON.parse(l) as { id: number; result: { structuredContent?: { items: Array<{ qrId: string }> } } });
  expect(answers.map((a) => a.id), label).toEqual([1, 2]);
  expect(answers[1]!.result.structuredContent?.items.map((f) => f.qrId), label).toContain(qrId);
  expect(existsSync(join(prefix, 'lib', 'node_modules', 'formctl', 'node_modules', 'better-sqlite3')), `${label}: better-sqlite3 installed`).toBe(!noCompiler);
  // npm puts the man pages where man finds them
  expect(readdirSync(join(prefix, 'share', 'man', 'man1'))).toContain('formctl.1');
  // and the package's postinstall puts the completion scripts where the shells look for that prefix
  // (test/e2e/completion-install.test.ts has each shell find them)
  for (const [file, installed] of [['formctl.bash', 'bash-completion/completions/formctl'], ['_formctl', 'zsh/site-functions/_formctl'], ['formctl.fish', 'fish/vendor_completions.d/formctl.fish']]) {
    expect(readFileSync(join(prefix, 'share', installed!), 'utf8')).toBe(readFileSync(join(root, 'completions', file!), 'utf8'));
  }
  process.stdout.write(`installed and ran on ${label}${noCompiler ? ' (no compiler)' : ''}\n`);
}

describe('npm pack → install → run', () => {
  it('installs from the tarball and runs --version, --help and a --sandbox round trip; ships only what it needs', async () => {
    // asynchronous: an install takes seconds (minutes when it builds the native SQLite), and the test worker must stay responsive
    // --ignore-scripts: npm pack would run `prepare`, which rebuilds dist/ in place while the other
    // end-to-end files run the binary (they failed with "Cannot find module ../dist/main.js");
    // npm test built dist/ already, and that build is what gets packed
    const name = (await execa('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', dir], { cwd: root })).stdout.trim().split('\n').pop()!;
    const tarball = join(dir, name);
    const size = statSync(tarball).size;
    process.stdout.write(`\npackage tarball: ${name}, ${(size / 1024).toFixed(0)} KiB\n`);
    expect(size).toBeLessThan(1024 * 1024);
    const files = execFileSync('tar', ['tzf', tarball], { encoding: 'utf8' }).trim().split('\n');
    expect(files.filter((f) => /^package\/(src|test|bench|scripts)\//.test(f) && f !== 'package/scripts/postinstall.cjs')).toEqual([]);
    expect(files).toEqual(expect.arrayContaining(['package/bin/formctl.js', 'package/dist/main.js', 'package/dist/run.js', 'package/man/formctl.1', 'package/completions/formctl.bash']));
    const prebuilds = localPrebuild();
    for (const node of nodes) await installAndRun(tarball, node, prebuilds);
  }, 600_000);
});
