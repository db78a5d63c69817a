import { randomUUID } from 'node:crypto';
import { lookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { isLoopbackHost, isNonPublicAddress } from '../domain/urls.js';
import { request as httpRequest } from 'node:http';
import type { QuizData } from '../domain/quiz.js';
import { signWebhook } from '../domain/webhookSignature.js';
import type { EventBus } from './events.js';
import type { SubmissionRow } from './repo/submissions.js';
import type { SandboxStore } from './repo/store.js';
import type { WebhookRow } from './repo/webhooks.js';

// spec §6: one event, submission.created, POSTed to the account's single webhook URL.
export const DELIVERY_TIMEOUT_MS = 10_000;
export const USER_AGENT = 'Service-Webhook/1.0';

/** spec §6 payload: answers exactly as created, quizData unfiltered (rule 5). */
export function deliveryPayload(row: SubmissionRow, formTitle: string, quiz: QuizData | undefined): Buffer {
  const submission: Record<string, unknown> = { id: row.id, createdAt: row.created_at, updatedAt: row.updated_at, answers: JSON.parse(row.answers) };
  if (quiz) submission.quizData = quiz;
  return Buffer.from(JSON.stringify({ event: 'submission.created', qrId: row.qr_id, formTitle, submission }));
}

const REFUSED_TARGET = 'refused: the target is not a public address';

/** dns.lookup that answers only public addresses: the check sits where the connection is made. */
export const publicLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    const list = addresses as LookupAddress[];
    const bad = list.find((a) => isNonPublicAddress(a.address));
    if (bad || list.length === 0) return callback(Object.assign(new Error(REFUSED_TARGET), { code: 'EREFUSEDTARGET' }), '', 0);
    if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
};

/**
 * Listens for new submissions and sends each a signed delivery after the response (it never slows
 * or fails a create), tracked so that close() waits for the last ones.
 */
export class WebhookDispatcher {
  private readonly pending = new Set<Promise<void>>();
  private readonly off: () => void;

  constructor(
    private readonly store: SandboxStore,
    events: EventBus,
    /** refuse loopback, private and link-local targets, as resolved at delivery (DNS rebinding too) */
    private readonly publicOnly = false,
    /** the whole attempt's deadline (spec §6: one attempt, 10 s), headers trickling in included */
    private readonly deadlineMs = DELIVERY_TIMEOUT_MS,
  ) {
    this.off = events.on('submission.created', (event) => {
      const hook = store.webhooks.get(event.accountId);
      if (hook.enabled !== 1 || hook.url === '') return;
      const body = deliveryPayload(event.row, event.doc.title, event.quizData);
      setImmediate(() => {
        // a delivery that fails to be made or recorded (the store refusing its row) is the sandbox's
        // own error, written to stderr as the pipeline writes one: never a rejection that ends the process
        const p = this.deliver(hook, event.row, body)
          .catch((e: unknown) => void process.stderr.write(`sandbox: webhook delivery: ${(e as Error)?.stack ?? String(e)}\n`))
          .finally(() => this.pending.delete(p));
        this.pending.add(p);
      });
    });
  }

  async close(): Promise<void> {
    this.off();
    await new Promise((r) => setImmediate(r)); // a delivery scheduled by the last response
    await Promise.all([...this.pending]);
  }

  /** One signed delivery; the attempt and its outcome are recorded. No retries (spec §6 rule 3). */
  private async deliver(hook: WebhookRow, row: SubmissionRow, body: Buffer): Promise<void> {
    const id = randomUUID();
    const signature = signWebhook(hook.secret, body);
    const url = URL.canParse(hook.url) ? new URL(hook.url) : undefined;
    // node:https loads with the first delivery to an https URL (before the delivery's clock starts)
    const send = url?.protocol === 'https:' ? (await import('node:https')).request : httpRequest;
    const started = performance.now();
    const at = new Date().toISOString();
    const record = (status: number | null, error: string | null) =>
      this.store.deliveries.add({ id, account_id: hook.account_id, submission_id: row.id, qr_id: row.qr_id, url: hook.url, status, error, ms: performance.now() - started, signature, body: body.toString('utf8'), at });
    if (!url) return record(null, 'invalid URL');
    return new Promise<void>((resolve, reject) => {
      let done = false;
      let deadline: NodeJS.Timeout | undefined;
      // called from the request's events: a record that throws rejects the delivery instead
      const finish = (status: number | null, error: string | null) => {
        if (done) return;
        done = true;
        clearTimeout(deadline);
        try {
          record(status, error);
          resolve();
        } catch (e) {
          reject(e);
        }
      };
      if (this.publicOnly && (isLoopbackHost(url.hostname) || isNonPublicAddress(url.hostname))) return finish(null, REFUSED_TARGET);
      const req = send(
        url,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': String(body.length),
            'user-agent': USER_AGENT,
            'x-service-event': 'submission.created',
            'x-service-delivery-id': id,
            'x-service-signature': signature,
          },
          timeout: this.deadlineMs,
          ...(this.publicOnly ? { lookup: publicLookup } : {}),
        },
        (res) => {
          // the outcome is the status: recorded once the headers came, the body never read (a
          // receiver that trickles one, or sends gigabytes, holds nothing here)
          finish(res.statusCode ?? null, res.statusCode && res.statusCode >= 200 && res.statusCode < 300 ? null : `HTTP ${res.statusCode}`);
          res.destroy();
        },
      );
      const late = () => req.destroy(new Error(`no answer within ${this.deadlineMs / 1000} s`));
      // a deadline for the whole attempt: the socket's timeout alone is one of silence, which a
      // receiver sending a byte now and then never reaches (close() waited on it for ever)
      deadline = setTimeout(late, this.deadlineMs);
      req.on('timeout', late);
      req.on('error', (e) => finish(null, e.message));
      req.end(body);
    });
  }
}
