import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { getWebhook, putWebhook, type WebhookSettings } from '../../api/resources/webhook.js';
import type { Deps } from '../../cmdutil/factory.js';
import { UsageError } from '../../errors.js';
import { parseIntFlag } from '../../cmdutil/flags.js';
import { signalExit, untilInterrupted } from '../../cmdutil/interrupt.js';
import { isLoopbackHost } from '../../domain/urls.js';
import { verifyWebhook } from '../../domain/webhookSignature.js';
import { paint } from '../../io/streams.js';
import { terminalText } from '../../output/terminalText.js';
import { secretFromFileOrEnv } from './present.js';
import { checkStreamFormat, writeEvent } from '../../output/eventLine.js';
import type { View } from '../../output/format.js';

interface Opts {
  port: string;
  forwardTo?: string;
  register?: boolean;
  secretFile?: string;
}

/** spec §6: the payload's keys, for --columns; -q prints the submission ids */
const eventView: View<Record<string, unknown>> = { fields: ['event', 'qrId', 'formTitle', 'submission'], columns: ['event', 'qrId', 'formTitle', 'submission'], id: (e) => String(e.qrId) };

export const MAX_BODY_BYTES = 1024 * 1024;
const SEEN_LIMIT = 10_000;
const FORWARDED_HEADERS = ['content-type', 'user-agent', 'x-service-event', 'x-service-delivery-id', 'x-service-signature'];

function reply(res: ServerResponse, status: number, body: Record<string, unknown>): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** Relays the raw bytes and the delivery headers unchanged; resolves to the app's status. */
function forward(target: URL, raw: Buffer, headers: IncomingMessage['headers']): Promise<number | string> {
  return new Promise((resolve) => {
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const out: Record<string, string> = { 'content-length': String(raw.length) };
    for (const h of FORWARDED_HEADERS) if (typeof headers[h] === 'string') out[h] = headers[h] as string;
    const req = send(target, { method: 'POST', headers: out, timeout: 10_000 }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('timeout', () => req.destroy(new Error('no answer within 10 s')));
    req.on('error', (e) => resolve(e.message));
    req.end(raw);
  });
}

/** --forward-to as a URL, refused before anything listens unless it is http(s). */
function forwardTarget(raw: string | undefined): URL | undefined {
  if (!raw) return undefined;
  let target: URL;
  try {
    target = new URL(raw);
  } catch {
    throw new UsageError(`--forward-to: "${raw}" is not a URL`);
  }
  // deliveries are relayed over HTTP: any other scheme would fail at the first delivery
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new UsageError(`--forward-to: "${raw}" must be an http:// or https:// URL`);
  return target;
}

/** A server on the loopback interface (port 0: any free port) and the URL it answers on. */
async function listenLocally(port: number): Promise<{ server: Server; url: string }> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', (e) => reject(new UsageError(`cannot listen on 127.0.0.1:${port}: ${(e as Error).message}`)));
    server.listen(port, '127.0.0.1', resolve);
  });
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

interface Registration {
  secret: string;
  client?: Awaited<ReturnType<Deps['client']>>;
  /** the account's webhook setting before --register, put back on exit */
  previous?: WebhookSettings;
}

/**
 * The secret deliveries are signed with: the one given (--secret-file or the env), else the account's;
 * with --register the listener also becomes the account's webhook. Closes the server on refusal.
 */
async function registerOrFetchSecret(deps: Deps, opts: Opts, given: string | undefined, server: Server, url: string): Promise<Registration> {
  let secret = given;
  let previous: WebhookSettings | undefined;
  const client = opts.register || !secret ? await deps.client() : undefined;
  if (opts.register) {
    // only a local sandbox can reach 127.0.0.1
    if (!deps.target().sandbox && !isLoopbackHost(client!.base.hostname)) {
      server.close();
      throw new UsageError('--register works with a local sandbox; for the real service, expose the listener (a tunnel) and run `formctl webhook enable <public URL>`');
    }
    previous = await getWebhook(client!);
    const now = await putWebhook(client!, { enabled: true, url });
    secret ??= now.secret;
    deps.info(`Registered ${url} as the account's webhook (it was ${previous.enabled ? previous.url : previous.url ? `${previous.url}, disabled` : 'disabled'}); it is put back on exit.`);
  } else if (!secret) {
    secret = (await getWebhook(client!)).secret; // fetched once
  }
  if (!secret) {
    server.close();
    throw new UsageError('no webhook secret: enable the webhook first, set FORMCTL_WEBHOOK_SECRET or pass --secret-file FILE, or use --register');
  }
  return { secret, client, previous };
}

/** Collects a POST body up to MAX_BODY_BYTES; a bigger one is answered 413 and never reaches `onBody`. */
function readBody(req: IncomingMessage, res: ServerResponse, onBody: (raw: Buffer) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let tooBig = false;
  req.on('data', (c: Buffer) => {
    size += c.length;
    if (size > MAX_BODY_BYTES) {
      if (!tooBig) reply(res, 413, { error: `body over ${MAX_BODY_BYTES} bytes` });
      tooBig = true;
      req.destroy();
      return;
    }
    chunks.push(c);
  });
  req.on('end', () => {
    if (!tooBig) onBody(Buffer.concat(chunks));
  });
}

type Delivery = { event?: string; qrId?: string; formTitle?: string; submission?: { id?: string; createdAt?: string; answers?: Record<string, unknown> } };

interface Receiver {
  deps: Deps;
  out: ReturnType<Deps['outputFor']>;
  key: string;
  target?: URL;
  /** called once per new (not duplicate) delivery */
  onEvent: () => void;
}

/** The request handler: verify, answer, deduplicate, print, and relay each delivery. */
function deliveryHandler({ deps, out, key, target, onEvent }: Receiver): (req: IncomingMessage, res: ServerResponse) => void {
  const p = paint(deps.io.colorErr);
  const seen = new Set<string>();
  return (req, res) => {
    if (req.method !== 'POST') return reply(res, 405, { error: 'POST only' });
    readBody(req, res, (raw) => {
      const signature = req.headers['x-service-signature'];
      // spec §6 rule 1: over the exact raw bytes, compared in constant time
      if (!verifyWebhook(key, raw, typeof signature === 'string' ? signature : undefined)) {
        deps.warn(`rejected a delivery with a ${signature ? 'bad' : 'missing'} signature (401)`);
        return reply(res, 401, { error: 'invalid signature' });
      }
      reply(res, 200, { received: true }); // answer first: well within the 10 s the service waits
      let event: Delivery;
      try {
        event = JSON.parse(raw.toString('utf8'));
      } catch {
        deps.warn('a signed delivery whose body is not JSON');
        return;
      }
      const id = event.submission?.id ?? String(req.headers['x-service-delivery-id'] ?? '');
      // spec §6 rule 4: deduplicate by submission id
      if (seen.has(id)) {
        deps.io.stderr.write(`${p.dim('duplicate delivery of')} ${terminalText(id)} ${p.dim('ignored')}\n`);
        return;
      }
      seen.add(id);
      if (seen.size > SEEN_LIMIT) seen.delete(seen.values().next().value!);
      onEvent();
      printEvent(deps, out, event, id, req.headers);
      if (target) void forward(target, raw, req.headers).then((status) => deps.info(`  → ${target.href} ${typeof status === 'number' ? status : `failed: ${status}`}`));
    });
  };
}

/** A readable line on a terminal (the payload has no labels: the answers' values); JSON lines otherwise. */
function printEvent(deps: Deps, out: Receiver['out'], event: Delivery, id: string, headers: IncomingMessage['headers']): void {
  writeEvent(deps.io, out, event as Record<string, unknown>, id, () => ({
    at: event.submission?.createdAt ?? new Date().toISOString(),
    event: event.event ?? String(headers['x-service-event'] ?? 'event'),
    qrId: event.qrId ?? '',
    title: event.formTitle,
    answers: Object.values(event.submission?.answers ?? {}).map((value) => ({ value })),
  }));
}

export async function run(deps: Deps, _args: unknown[], opts: Opts): Promise<void> {
  const port = parseIntFlag('--port', opts.port, 0, 65535)!;
  const target = forwardTarget(opts.forwardTo);
  const out = deps.outputFor(eventView);
  checkStreamFormat(out);
  const given = await secretFromFileOrEnv(deps, opts.secretFile);
  const { server, url } = await listenLocally(port);
  const { secret, client, previous } = await registerOrFetchSecret(deps, opts, given, server, url);
  let received = 0;
  server.on('request', deliveryHandler({ deps, out, key: secret, target, onEvent: () => received++ }));

  deps.info(`Listening on ${url}${target ? `, forwarding to ${target.href}` : ''}. Ctrl-C to stop.`);
  const signal = await untilInterrupted();
  server.close();
  server.closeAllConnections();
  if (opts.register && previous) {
    // put the previous setting back (the secret stays when a URL stays set, spec §3)
    await putWebhook(client!, previous.url ? { enabled: previous.enabled, url: previous.url } : { enabled: false, url: '' });
    deps.info('Webhook setting restored.');
  }
  deps.info(`Stopped after ${received} event${received === 1 ? '' : 's'}.`);
  throw signalExit(signal);
}
