import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, spawnCli, tempDir, waitFor } from '../helpers/cli.js';
import { fileFixtures, PNG } from '../helpers/fixtures.js';
import { startSandbox, type SandboxHandle } from '../helpers/sandbox.js';

let sb: SandboxHandle;
const tmp = tempDir();
const png = `${tmp.path}/pixel.png`;
const fakePng = `${tmp.path}/not-really.png`;

beforeAll(async () => {
  sb = await startSandbox(['--plan', 'business']);
  writeFileSync(png, PNG);
  writeFileSync(fakePng, 'this is text pretending to be an image');
});
afterAll(async () => {
  await sb.stop();
  tmp.remove();
});

const { makeForm } = fileFixtures(() => sb);

describe('uploads (spec §4.2)', () => {
  it('uploads form and submission files and serves them at fileUrl', async () => {
    const f = await makeForm();
    const r = await sb.cli(['upload', 'submission', f.qrId, png, '--json']);
    expect(r.exitCode, r.stderr).toBe(0);
    const { fileId, fileUrl } = JSON.parse(r.stdout);
    expect(fileUrl).toBe(`${sb.origin}/files/${fileId}`);
    expect(Buffer.from(await (await fetch(fileUrl)).arrayBuffer())).toEqual(PNG);
    const q = await sb.cli(['upload', 'form', f.qrId, png, '-q']);
    expect(q.stdout.trim()).toMatch(/^[0-9a-f]{24}$/);
  });

});

describe('deliveries (spec §6) through webhook listen', () => {
  let app: Server;
  const received: Array<{ headers: IncomingMessage['headers']; raw: Buffer }> = [];
  let appUrl = '';

  beforeAll(async () => {
    app = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        received.push({ headers: req.headers, raw: Buffer.concat(chunks) });
        res.end('ok');
      });
    });
    await new Promise<void>((r) => app.listen(0, '127.0.0.1', r));
    appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}/hook`;
  });
  afterAll(() => new Promise<void>((r) => app.close(() => r())));

  it('delivers each new submission once, verified, with a signature an independent HMAC confirms; none for a replay', async () => {
    await sb.cli(['webhook', 'enable', 'https://hooks.example.com/previous']);
    const env = { FORMCTL_BASE_URL: sb.baseUrl, FORMCTL_API_KEY: sb.keys.owner, FORMCTL_CONFIG_DIR: sb.configDir };
    const listener = spawnCli(['webhook', 'listen', '--port', '0', '--register', '--forward-to', appUrl], { env });
    let out = '';
    let err = '';
    listener.stdout!.on('data', (c: Buffer) => (out += c));
    listener.stderr!.on('data', (c: Buffer) => (err += c));
    await waitFor(() => err.includes('Listening on'), 'the listener');
    const listenUrl = /Listening on (\S+?),/.exec(err)![1]!;
    const secret = JSON.parse((await sb.cli(['webhook', 'get', '--show-secret', '--json'])).stdout).secret as string;

    const form = await sb.api('POST', '/forms', {
      body: { title: 'Quiz hook', shortText: '', isQuiz: true, quizConfig: { showFinalScore: false, showAnswersResults: false }, fields: [{ type: 'number', option: { label: 'Sum' }, quizConfig: { points: 1, correctAnswers: ['4'] } }] },
    });
    const qrId = form.body.data.qrId as string;
    const key = form.body.data.fields[0].key as string;
    const answers = JSON.stringify({ [key]: '4' });
    const created = await sb.cli(['submissions', 'create', qrId, '--answers', answers, '--idempotency-key', 'hook-1', '-q']);
    const id = created.stdout.trim();
    expect((await sb.cli(['submissions', 'create', qrId, '--answers', answers, '--idempotency-key', 'hook-1', '-q'])).stdout.trim()).toBe(id); // a replay
    await waitFor(() => received.length >= 1, 'the delivery');
    // the replay sent nothing: the sandbox logged one attempt for this submission, and after a later
    // submission's delivery has arrived, the app has still received only one for this one
    const later = (await sb.cli(['submissions', 'create', qrId, '--answers', JSON.stringify({ [key]: '5' }), '-q'])).stdout.trim();
    await waitFor(() => received.some((r) => JSON.parse(r.raw.toString()).submission.id === later), 'the later delivery');
    received.splice(received.findIndex((r) => JSON.parse(r.raw.toString()).submission.id === later), 1);

    // a tampered body is refused by the listener
    const good = received[0]!;
    const tampered = await fetch(listenUrl, { method: 'POST', headers: { 'x-service-signature': String(good.headers['x-service-signature']), 'content-type': 'application/json' }, body: good.raw.toString().replace('"4"', '"5"') });
    expect(tampered.status).toBe(401);
    const unsigned = await fetch(listenUrl, { method: 'POST', body: good.raw });
    expect(unsigned.status).toBe(401);
    const huge = await fetch(listenUrl, { method: 'POST', body: Buffer.alloc(2 * 1024 * 1024) }).catch(() => ({ status: 413 }));
    expect(huge.status).toBe(413);

    listener.kill('SIGINT');
    await listener;
    expect(received).toHaveLength(1); // exactly once, and not for the replay
    const { headers, raw } = received[0]!;
    expect(headers['content-type']).toBe('application/json');
    expect(headers['user-agent']).toBe('Service-Webhook/1.0');
    expect(headers['x-service-event']).toBe('submission.created');
    expect(headers['x-service-delivery-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(headers['x-service-signature']).toBe(`sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`);
    const payload = JSON.parse(raw.toString('utf8'));
    expect(payload).toMatchObject({ event: 'submission.created', qrId, formTitle: 'Quiz hook', submission: { id, answers: { [key]: '4' } } });
    // rule 5: quizData unfiltered, unlike the create response
    expect(payload.submission.quizData).toMatchObject({ points: 1, totalMarks: 1, percentage: 100 });
    expect(payload.submission.quizData.quizResult[0].correctAnswer).toEqual(['4']);
    expect(out.trim().split('\n').map((l) => JSON.parse(l)).filter((p) => p.submission.id === id)).toEqual([payload]); // the listener printed it, once
    const deliveries = await sb.admin<Array<{ submission_id: string; status: number }>>('GET', '/_sandbox/deliveries');
    expect(deliveries.filter((d) => d.submission_id === id)).toEqual([expect.objectContaining({ status: 200 })]);
    // the previous setting is back
    expect(JSON.parse((await sb.cli(['webhook', 'get', '--json'])).stdout)).toMatchObject({ enabled: true, url: 'https://hooks.example.com/previous' });
  });

});

describe('webhook verify', () => {
  it('exits 0 when the signature matches the raw bytes and 1 when not', async () => {
    const body = '{"event":"submission.created","qrId":"AB"}';
    const sig = `sha256=${createHmac('sha256', 'whsec_x').update(body).digest('hex')}`;
    const file = `${tmp.path}/body.json`;
    writeFileSync(file, body);
    const secretFile = `${tmp.path}/secret`;
    writeFileSync(secretFile, 'whsec_x\n');
    expect((await runCli(['webhook', 'verify', '--secret-file', secretFile, '--signature', sig, file])).exitCode).toBe(0);
    expect((await runCli(['webhook', 'verify', '--secret-file', secretFile, '--signature', sig], { input: body })).exitCode).toBe(0);
    const bad = await runCli(['webhook', 'verify', '--signature', sig], { input: `${body} `, env: { FORMCTL_WEBHOOK_SECRET: 'whsec_x' } });
    expect(bad.exitCode).toBe(1);
    expect(bad.stderr).toMatch(/does NOT match/);
    expect((await runCli(['webhook', 'verify', '--signature', sig, file], { env: { FORMCTL_WEBHOOK_SECRET: 'whsec_other' } })).exitCode).toBe(1);
    expect((await runCli(['webhook', 'verify', '--signature', sig, file])).exitCode).toBe(2); // no secret
    // issue 8: a secret is never a flag value (it would show in ps and shell history)
    const asFlag = await runCli(['webhook', 'verify', '--secret', 'whsec_x', '--signature', sig, file]);
    expect(asFlag.exitCode).toBe(2);
    expect(asFlag.stderr).toContain("unknown option '--secret'");
  });
});
