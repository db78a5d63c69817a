// The benchmarks' sandbox: `formctl sandbox serve --port 0` in its own process, over `dataDir`, with
// `env`; resolves with the process and the JSON line it prints ({baseUrl, origin, keys, …}). It is
// stopped when the benchmark exits, a failed one too (a benchmark that threw left it running).
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';

const bin = join(resolve(import.meta.dirname, '..'), 'bin/formctl.js');

export async function serveSandbox(dataDir, env, extraArgs = []) {
  const child = spawn(process.execPath, [bin, 'sandbox', 'serve', '--port', '0', '--data', dataDir, '-o', 'json', ...extraArgs], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  process.on('exit', () => child.exitCode === null && child.kill('SIGTERM'));
  const info = await new Promise((res, rej) => {
    let buf = '';
    child.stdout.on('data', (c) => {
      buf += c;
      if (buf.includes('\n')) res(JSON.parse(buf.slice(0, buf.indexOf('\n'))));
    });
    child.on('exit', (code) => rej(new Error(`sandbox exited ${code}`)));
  });
  return { child, info };
}
