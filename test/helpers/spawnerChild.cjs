'use strict';
// The other half of test/helpers/spawner.ts: a small process that starts, for its test worker, the
// commands a test runs to completion, and sends back how each ended and what it printed.
const { spawn } = require('node:child_process');

process.on('message', (m) => {
  let done = false;
  const reply = (r) => {
    if (done) return;
    done = true;
    process.send({ id: m.id, ...r });
  };
  let child;
  try {
    child = spawn(m.file, m.args, { cwd: m.cwd, env: m.env, stdio: 'pipe' });
  } catch (e) {
    return reply({ error: String((e && e.message) || e) });
  }
  const out = [];
  const err = [];
  child.stdout.on('data', (c) => out.push(c));
  child.stderr.on('data', (c) => err.push(c));
  const timer = m.timeout ? setTimeout(() => child.kill('SIGTERM'), m.timeout) : undefined;
  child.on('error', (e) => {
    // not started (no such program): no close follows a failed start
    if (child.pid === undefined) {
      clearTimeout(timer);
      reply({ error: e.message });
    }
  });
  child.on('close', (code) => {
    clearTimeout(timer);
    reply({ code, stdout: Buffer.concat(out), stderr: Buffer.concat(err) });
  });
  child.stdin.on('error', () => {}); // a command that ends without reading its input
  child.stdin.end(m.input);
});
// the worker ended (or closed the channel): nothing more will come
process.on('disconnect', () => process.exit(0));
