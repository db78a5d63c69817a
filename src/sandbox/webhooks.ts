import { randomBytes, randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { signWebhook } from '../domain/webhookSignature.js';
import type { QuizData } from '../domain/quiz.js';
import type { SandboxStore, SubmissionRow } from './store.js';

// spec §6: one event, submission.created, POSTed to the account's single webhook URL.
export const DELIVERY_TIMEOUT_MS = 10_000;
export const USER_AGENT = 'Service-Webhook/1.0';

export interface WebhookRow {
  account_id: string;
  enabled: number;
  url: string;
  secret: string;
}

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('hex')}`;
}

export function webhookOf(store: SandboxStore, accountId: string): WebhookRow {
  return (store.sql(`SELECT * FROM webhooks WHERE account_id = ?`).get(accountId) as WebhookRow | undefined) ?? { account_id: accountId, enabled: 0, url: '', secret: '' };
}

/** spec §6 payload: answers exactly as created, quizData unfiltered (rule 5). */
export function deliveryPayload(row: SubmissionRow, formTitle: string, quiz: QuizData | undefined): Buffer {
  const submission: Record<string, unknown> = { id: row.id, createdAt: row.created_at, updatedAt: row.updated_at, answers: JSON.parse(row.answers) };
  if (quiz) submission.quizData = quiz;
  return Buffer.from(JSON.stringify({ event: 'submission.created', qrId: row.qr_id, formTitle, submission }));
}

/**
 * Sends one signed delivery and records the attempt and its outcome. No retries (spec §6 rule 3).
 * Runs after the create response: it never slows or fails it.
 */
export function deliver(store: SandboxStore, hook: WebhookRow, row: SubmissionRow, body: Buffer): Promise<void> {
  const id = randomUUID();
  const signature = signWebhook(hook.secret, body);
  const started = performance.now();
  const at = new Date().toISOString();
  const record = (status: number | null, error: string | null) =>
    store
      .sql(`INSERT INTO deliveries (id, account_id, submission_id, qr_id, url, status, error, ms, signature, body, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
      .run(id, hook.account_id, row.id, row.qr_id, hook.url, status, error, performance.now() - started, signature, body.toString('utf8'), at);
  return new Promise<void>((resolve) => {
    let url: URL;
    try {
      url = new URL(hook.url);
    } catch {
      record(null, 'invalid URL');
      resolve();
      return;
    }
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    let done = false;
    const finish = (status: number | null, error: string | null) => {
      if (done) return;
      done = true;
      record(status, error);
      resolve();
    };
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
        timeout: DELIVERY_TIMEOUT_MS,
      },
      (res) => {
        res.resume();
        res.on('end', () => finish(res.statusCode ?? null, res.statusCode && res.statusCode >= 200 && res.statusCode < 300 ? null : `HTTP ${res.statusCode}`));
        res.on('error', (e) => finish(res.statusCode ?? null, e.message));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${DELIVERY_TIMEOUT_MS / 1000} s`)));
    req.on('error', (e) => finish(null, e.message));
    req.end(body);
  });
}
