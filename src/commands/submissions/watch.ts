import { spawn } from 'node:child_process';
import { ApiError, ConnectionError } from '../../errors.js';
import { fieldLabel, type AnswerField } from '../../domain/answers.js';
import { listSubmissions, SUBMISSIONS_PAGE_MAX, type FormDefinition, type Submission } from '../../api/resources/submissions.js';
import type { Deps } from '../../cmdutil/factory.js';
import { parseNumberFlag } from '../../cmdutil/flags.js';
import { requireQrId } from '../../cmdutil/input.js';
import { signalExit, untilInterrupted } from '../../cmdutil/interrupt.js';
import { checkStreamFormat, writeEvent, type EventSummary } from '../../output/eventLine.js';
import { submissionView } from './views.js';
import { parseTimeFlag } from './time.js';

interface Opts {
  redact?: boolean;
  redactText?: boolean;
  interval: string;
  since?: string;
  exec?: string;
}

function runExec(command: string, s: Submission): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: ['pipe', 'inherit', 'inherit'], env: { ...process.env, FORMCTL_SUBMISSION_ID: s.id, FORMCTL_QR_ID: s.qrId } });
    child.on('error', () => resolve(127));
    child.on('close', (code) => resolve(code ?? 1));
    child.stdin.end(`${JSON.stringify(s)}\n`);
  });
}

/**
 * spec §6 rule 3: polling `since` is the fallback for missed webhooks. Each poll asks for what is at
 * or after the newest createdAt seen, and ids already printed at that instant are skipped (rule 4).
 */
export async function run(deps: Deps, [qrId]: unknown[], opts: Opts): Promise<void> {
  const { redactionFor } = await import('../../cmdutil/redaction.js');
  const redact = redactionFor(deps, opts);
  const id = requireQrId(qrId);
  const interval = parseNumberFlag('--interval', opts.interval, 1, 86_400)!;
  let cursor = parseTimeFlag('--since', opts.since);
  let seenAtCursor = new Set<string>();
  const perHour = Math.ceil(3600 / interval);
  deps.warn(`polling every ${interval} s costs at least ${perHour} requests an hour of your monthly quota; a webhook costs none (Ctrl-C to stop)`);
  const out = deps.outputFor(submissionView);
  checkStreamFormat(out);
  const client = await deps.client();
  let form: FormDefinition | undefined;
  const summary = (s: Submission): EventSummary => ({
    at: s.createdAt,
    event: 'submission.created',
    qrId: id,
    title: form?.title,
    answers: ((form?.fields ?? []) as AnswerField[]).filter((f) => f.key in s.answers).map((f) => ({ label: fieldLabel(f), value: s.answers[f.key] })),
  });
  let stopped: NodeJS.Signals | undefined;
  let wake: (() => void) | undefined;
  void untilInterrupted().then((signal) => {
    stopped = signal;
    wake?.();
  });

  if (cursor === undefined) {
    // "from now" by the service's clock, not ours: the newest submission so far is the cursor
    const newest = (await listSubmissions(client, id, { page: 1, limit: 1 })).items[0];
    cursor = newest?.createdAt ?? '';
    if (newest) seenAtCursor.add(newest.id);
  }

  while (!stopped) {
    try {
      const fresh: Submission[] = [];
      // each poll is pinned to its first page's newest row, so arrivals meanwhile cannot shift pages
      let pinned: string | undefined;
      for (let page = 1; ; page++) {
        const res = await listSubmissions(client, id, { page, limit: SUBMISSIONS_PAGE_MAX, since: cursor || undefined, until: pinned });
        pinned ??= res.items[0]?.createdAt;
        form = res.form;
        for (const s of res.items) if (!(s.createdAt === cursor && seenAtCursor.has(s.id))) fresh.push(redact ? redact(s, res.form?.fields as AnswerField[] | undefined) : s);
        if (page >= res.totalPages) break;
      }
      fresh.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
      for (const s of fresh) {
        if (s.createdAt > cursor) {
          cursor = s.createdAt;
          seenAtCursor = new Set();
        }
        seenAtCursor.add(s.id);
        if (opts.exec) {
          const code = await runExec(opts.exec, s);
          if (code !== 0) deps.warn(`--exec exited ${code} for submission ${s.id}`);
        } else {
          // a readable line on a terminal; JSON lines in a pipe or with -o json
          writeEvent(deps.io, out, s as unknown as Record<string, unknown>, s.id, () => summary(s));
        }
      }
    } catch (e) {
      // a poll that failed after its retries is tried again next time; refusals are final
      if (e instanceof ConnectionError || (e instanceof ApiError && e.status >= 500)) deps.warn(`poll failed: ${(e as Error).message}; trying again in ${interval} s`);
      else throw e;
    }
    if (stopped) break;
    await new Promise<void>((resolve) => {
      const t = setTimeout(resolve, interval * 1000);
      wake = () => {
        clearTimeout(t);
        resolve();
      };
    });
  }
  deps.info('stopped');
  if (stopped) throw signalExit(stopped);
}
