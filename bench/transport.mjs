// Issue 7 §4: does undici's Pool beat the client's node:http keep-alive agent on the bulk paths?
// Both transports fetch the same pages and post the same rows against one `sandbox serve`, reading
// and parsing each body as the client does; what formctl does with the rows (CSV, checks) is the
// same for both and left out. Usage: node bench/transport.mjs  (after npm run build)
import { Agent, request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import { median } from './median.mjs';
import { serveSandbox } from './serve.mjs';

const root = resolve(import.meta.dirname, '..');
// --smoke: the same steps on a few pages and rows (CI runs it so that the script cannot rot)
const SMOKE = process.argv.includes('--smoke');
const PAGES = SMOKE ? 5 : 1000;
const IMPORTS = SMOKE ? 20 : 10_000;
const dir = mkdtempSync(join(tmpdir(), 'formctl-bench-transport-'));
const { child, info } = await serveSandbox(join(dir, 'data'), { PATH: process.env.PATH, HOME: process.env.HOME, FORMCTL_CONFIG_DIR: join(dir, 'config') }, ['--plan', 'enterprise']);
const key = info.keys.owner;
const base = new URL(info.baseUrl);
const admin = (method, path, body) => fetch(`${info.origin}${path}`, { method, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }).then((r) => r.json());
const form = await fetch(`${info.baseUrl}/forms`, {
  method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
  body: JSON.stringify({ title: 'Transport', shortText: '', fields: [{ type: 'name', option: { label: 'Name' } }, { type: 'email', option: { label: 'Mail' } }, { type: 'shortText', option: { label: 'Note' } }] }),
}).then((r) => r.json());
const qrId = form.data.qrId;
await admin('POST', '/_sandbox/seed-submissions', { qrId, count: PAGES * 100 });

// ── the two transports: send one request, read the whole body, parse it ──
function nodeHttp() {
  const agent = new Agent({ keepAlive: true });
  return {
    name: 'node:http keep-alive',
    send: (method, path, body, headers = {}) =>
      new Promise((res, rej) => {
        const payload = body ? Buffer.from(JSON.stringify(body)) : undefined;
        const req = request(new URL(base.pathname + path, base), { method, agent, headers: { authorization: `Bearer ${key}`, ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}), ...headers } }, (r) => {
          const chunks = [];
          r.on('data', (c) => chunks.push(c));
          r.on('end', () => res(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
          r.on('error', rej);
        });
        req.on('error', rej);
        req.end(payload);
      }),
    close: () => agent.destroy(),
  };
}
async function undiciPool(connections) {
  const { Pool } = await import('undici');
  const pool = new Pool(base.origin, { connections, pipelining: 1 });
  return {
    name: 'undici Pool',
    send: async (method, path, body, headers = {}) => {
      const r = await pool.request({ method, path: base.pathname + path, headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}), ...headers }, body: body ? JSON.stringify(body) : undefined });
      return JSON.parse(await r.body.text());
    },
    close: () => pool.close(),
  };
}

async function pool(n, concurrency, job) {
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < n) await job(next++);
  }));
}
const exportAll = (t, concurrency) => pool(PAGES, concurrency, (i) => t.send('GET', `/forms/${qrId}/submissions?limit=100&page=${i + 1}`));
let importRun = 0;
const importRows = (t, n) => {
  const run = importRun++;
  return pool(n, 8, (i) => t.send('POST', `/forms/${qrId}/submissions`, { answers: { note: `row ${i}` } }, { 'idempotency-key': `bench-${run}-${i}-${randomUUID()}` }));
};

async function time(fn) {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

const cases = [
  { name: `export ${(PAGES * 100).toLocaleString('en')} rows (${PAGES.toLocaleString('en')} pages), loopback, concurrency 4`, concurrency: 4, run: (t) => exportAll(t, 4) },
  { name: `export ${(PAGES * 100).toLocaleString('en')} rows, 50 ms latency per request, concurrency 4`, concurrency: 4, latency: true, run: (t) => exportAll(t, 4) },
  { name: `export ${(PAGES * 100).toLocaleString('en')} rows, 50 ms latency per request, concurrency 8`, concurrency: 8, latency: true, run: (t) => exportAll(t, 8) },
  { name: `import ${IMPORTS.toLocaleString('en')} rows (POST), concurrency 8`, concurrency: 8, run: (t) => importRows(t, IMPORTS) },
];
const ROUNDS = SMOKE ? 1 : Number(process.env.BENCH_ROUNDS ?? 3);
console.log(`| case | node:http keep-alive (median of ${ROUNDS}) | undici Pool | undici / node:http |\n|---|---|---|---|`);
for (const c of cases) {
  await admin('DELETE', '/_sandbox/faults');
  if (c.latency) await admin('POST', '/_sandbox/faults', { spec: 'kinds=latency,latency=50,route=GET /forms/*/submissions' });
  const a = [];
  const b = [];
  for (let r = 0; r < ROUNDS; r++) {
    const h = nodeHttp();
    a.push(await time(() => c.run(h)));
    h.close();
    const u = await undiciPool(c.concurrency);
    b.push(await time(() => c.run(u)));
    await u.close();
  }
  const [ma, mb] = [median(a), median(b)];
  console.log(`| ${c.name} | ${(ma / 1000).toFixed(2)} s | ${(mb / 1000).toFixed(2)} s | ${(mb / ma).toFixed(2)}× |`);
}
await admin('DELETE', '/_sandbox/faults');
child.kill('SIGTERM');
rmSync(dir, { recursive: true, force: true });
