import { randomUUID } from 'node:crypto';
import { z } from 'zod/v4';
import { batchDeleteSubmissions, createSubmission, deleteSubmission, getSubmission, getSubmissionSchema, listSubmissions, updateSubmission, validateSubmissionRemote, SUBMISSIONS_PAGE_MAX, allSubmissions, type FormDefinition } from '../../api/resources/submissions.js';
import type { AnswerField } from '../../domain/answers.js';
import { submissionColumns } from '../../domain/flatten.js';
import { isHex24 } from '../../domain/ids.js';
import { TIME_WORDS, whenWindow } from '../../domain/when.js';
import { UsageError } from '../../errors.js';
import { csvLine } from '../../output/csvCell.js';
import { choiceFields, countAnswers, countsText } from '../aggregate.js';
import { bodyInput, bodyOf, headerInput, paramsInput } from '../inputs.js';
import { tool, type ToolSpec } from '../tool.js';
import { plural } from '../../output/plural.js';

const when = { since: z.string().optional().describe(`createdAt from (${TIME_WORDS})`), until: z.string().optional().describe(`createdAt until (${TIME_WORDS})`) };
const windowOf = (a: { since?: string; until?: string }) => whenWindow(['since', 'until'], a);

export const SUBMISSION_TOOLS: readonly ToolSpec[] = [
  tool({
    name: 'submissions_schema', title: "A form's submission schema", effect: 'read', idempotent: true,
    description: 'What each field of a form takes as an answer (key, type, value shape, options, an example): read it before creating or validating answers.',
    input: paramsInput('getSubmissionSchema'),
    run: async (ctx, a) => {
      const schema = await getSubmissionSchema(await ctx.client(), a.qrId);
      const lines = Object.entries(schema.fields).map(([k, f]) => `${k}: ${f.type} (${f.valueType})${f.required ? ' required' : ''}${f.label ? ` "${f.label}"` : ''}${f.options ? ` options ${f.options.map((o) => o.value).join(' | ')}` : ''}`);
      return { summary: `Answers to "${schema.title}" (${a.qrId}) by field key:\n${lines.join('\n')}`, data: schema };
    },
  }),
  tool({
    name: 'submissions_validate', title: 'Check answers', effect: 'read', idempotent: true,
    description: 'Check answers against a form without creating anything; a failure names each field and what is wrong.',
    input: bodyInput('validateSubmission'),
    run: async (ctx, { qrId, ...body }) => ({ summary: 'The answers are valid.', data: await validateSubmissionRemote(await ctx.client(), qrId, body as never) }),
  }),
  tool({
    name: 'submissions_create', title: 'Submit answers', effect: 'write', idempotent: false,
    description: 'Create a submission: answers by field key (submissions_schema shows them). Give an idempotencyKey to make a retry safe.',
    input: bodyInput('createSubmission', { idempotencyKey: headerInput('createSubmission', 'Idempotency-Key') }),
    async run(ctx, { qrId, idempotencyKey, ...body }) {
      const { result, replayed } = await createSubmission(await ctx.client(), qrId, body as never, idempotencyKey ?? randomUUID());
      const note = replayed ? ' (the idempotencyKey was used before: the original submission is returned; nothing new was created)' : '';
      return { summary: `Created submission ${result.submissionId} on ${qrId}${note}.`, data: { ...result, replayed } };
    },
  }),
  tool({
    name: 'submissions_list', title: "List a form's submissions", effect: 'read', idempotent: true,
    description: "One page of a form's submissions, newest first, optionally since/until a time; for counts per option use submissions_aggregate.",
    input: paramsInput('listSubmissions', when, ['page', 'limit']),
    async run(ctx, a) {
      const res = await listSubmissions(await ctx.client(), a.qrId, { page: a.page ?? 1, limit: a.limit ?? SUBMISSIONS_PAGE_MAX, ...windowOf(a) });
      const more = res.totalPages > res.page ? ` (page ${res.page} of ${res.totalPages}; ask for page ${res.page + 1})` : '';
      return { summary: `${plural(res.total, 'submission')} to ${a.qrId}${a.since || a.until ? ' in that time' : ''}; ${res.items.length} here${more}.`, data: res };
    },
  }),
  tool({
    name: 'submissions_get', title: 'Get a submission', effect: 'read', idempotent: true,
    description: 'One submission with its answers, and the form it answers.',
    input: paramsInput('getSubmission'),
    run: async (ctx, a) => {
      const got = await getSubmission(await ctx.client(), a.submissionId);
      return { summary: `Submission ${a.submissionId} to ${got.submission.qrId}, created ${got.submission.createdAt}.`, data: got };
    },
  }),
  tool({
    name: 'submissions_aggregate', title: 'Count answers per option', effect: 'read', idempotent: true,
    description: "How many submissions chose each option of a form's choice fields (radio, checkbox, gender), over all pages, optionally since/until a time.",
    input: paramsInput('listSubmissions', { ...when, fields: z.array(z.string()).optional().describe('field keys to count (default: every choice field)') }, []),
    async run(ctx, a) {
      const checkFields = (form: FormDefinition | undefined) => {
        const unknown = (a.fields as string[] | undefined)?.filter((k) => !choiceFields(form, a.fields).some((f) => f.key === k)) ?? [];
        if (unknown.length) throw new UsageError(`fields: ${unknown.join(', ')} ${unknown.length === 1 ? 'is not a choice field' : 'are not choice fields'} of ${a.qrId} (choice fields: ${choiceFields(form).map((f) => f.key).join(', ') || 'none'})`);
      };
      const all = await allSubmissions(await ctx.client(), a.qrId, windowOf(a), checkFields);
      const fields = choiceFields(all.form, a.fields);
      const counts = countAnswers(fields, all.items);
      return { summary: `${countsText(counts, all.items.length)}\n(${plural(all.requests, 'request')})`, data: { qrId: a.qrId, submissions: all.items.length, fields: counts } };
    },
  }),
  tool({
    name: 'submissions_export', title: 'Export submissions as CSV', effect: 'read', idempotent: true,
    description: "Every submission of a form (optionally since/until a time) as CSV, one column per answer part, headers by label or key.",
    input: paramsInput('listSubmissions', { ...when, headers: z.enum(['label', 'key']).optional().describe('CSV headers: field labels (default) or keys') }, []),
    async run(ctx, a) {
      const all = await allSubmissions(await ctx.client(), a.qrId, windowOf(a));
      // the same columns and lines as `submissions export`
      const columns = submissionColumns((all.form?.fields ?? []) as AnswerField[], { headers: a.headers ?? 'label' });
      const csv = [columns.map((c) => c.header), ...all.items.map((s) => columns.map((c) => c.value(s)))].map((cells) => csvLine(cells, false)).join('');
      const summary = `${plural(all.items.length, 'submission')} of ${a.qrId} as CSV (${columns.length} columns, ${plural(all.requests, 'request')}).`;
      return { summary, resource: { uri: `formctl://forms/${a.qrId}/submissions.csv`, mimeType: 'text/csv', text: csv } };
    },
  }),
  tool({
    name: 'submissions_update', title: "Replace a submission's answers", effect: 'write', idempotent: true,
    description: "Replace a submission's answers (every answer: read it with submissions_get first and send them all).",
    input: bodyInput('updateSubmission'),
    run: async (ctx, { submissionId, ...body }) => {
      await updateSubmission(await ctx.client(), submissionId, body as never);
      return { summary: `Updated submission ${submissionId}.`, data: { submissionId } };
    },
  }),
  tool({
    name: 'submissions_delete', title: 'Delete submissions', effect: 'destructive', idempotent: true,
    description: 'Delete submissions for good; with the qrId of their form, several go in one all-or-nothing request.',
    input: bodyOf('batchDeleteSubmissions'),
    async run(ctx, a) {
      const ids: string[] = [...new Set<string>(a.submissionIds)];
      const bad = ids.findIndex((id) => !isHex24(id));
      if (bad >= 0) throw new UsageError(`submissionIds[${bad}]: "${ids[bad]}" is not a submission id; expected 24 hex characters (0-9, a-f)`);
      const client = await ctx.client();
      if (a.qrId && ids.length > 1) await batchDeleteSubmissions(client, a.qrId, ids);
      else for (const id of ids) await deleteSubmission(client, id);
      return { summary: `Deleted ${plural(ids.length, 'submission')}: ${ids.join(', ')}.`, data: { submissionIds: ids } };
    },
  }),
];
