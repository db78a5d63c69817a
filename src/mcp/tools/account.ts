import { z } from 'zod/v4';
import { getAnalytics } from '../../api/resources/analytics.js';
import { createForm } from '../../api/resources/forms.js';
import { listPresets } from '../../api/resources/presets.js';
import { listMembers, removeMember, updateMember } from '../../api/resources/team.js';
import { getTemplate, listCategories, listTemplates, templateFormCreate } from '../../api/resources/templates.js';
import { getWebhook, putWebhook } from '../../api/resources/webhook.js';
import { quotaUsage, sandboxQuotaUsage } from '../../cmdutil/ledger.js';
import { isHex24 } from '../../domain/ids.js';
import { MAX_WEBHOOK_URL } from '../../domain/limits.js';
import { templateToCreateBody } from '../../domain/templates.js';
import { webhookUrlProblem } from '../../domain/urls.js';
import { isTimeZone } from '../../domain/zones.js';
import { UsageError } from '../../errors.js';
import { outline } from '../../output/outline.js';
import { bodyInput, paramsInput } from '../inputs.js';
import { tool, type ToolSpec } from '../tool.js';

/** spec §2.1: template ids are 24 hex characters; checked before any request. */
function templateId(raw: string): string {
  if (!isHex24(raw.toLowerCase())) throw new UsageError(`templateId: "${raw}" is not a template id (24 hex characters; templates_list shows them)`);
  return raw.toLowerCase();
}

const ANALYTICS_QUERY = ['period', 'tz', 'timestamp', 'endTimestamp'] as const;

export const ACCOUNT_TOOLS: readonly ToolSpec[] = [
  tool({
    name: 'analytics_get', title: 'Scan analytics of a form', effect: 'read', idempotent: true,
    description: "Scans of a form's QR code over a period (day, week, month, …, custom) in a time zone: totals, time series, devices, countries, cities.",
    input: paramsInput('getFormAnalytics', {}, ANALYTICS_QUERY),
    async run(ctx, a) {
      if (a.tz !== undefined && !isTimeZone(a.tz)) throw new UsageError(`tz: "${a.tz}" is not a time zone; expected an IANA name such as Europe/Paris or UTC`);
      const r = await getAnalytics(await ctx.client(), a.qrId, { period: a.period, tz: a.tz, timestamp: a.timestamp, endTimestamp: a.endTimestamp });
      const top = r.countries.slice(0, 3).map((c) => `${c.country} ${c.count}`).join(', ');
      return { summary: `${r.form.title} (${a.qrId}), period ${r.period}: ${r.scans} scans, ${r.uniqueScans} unique${top ? `; top countries ${top}` : ''}.`, data: r };
    },
  }),
  tool({
    name: 'presets_list', title: 'QR design presets', effect: 'read', idempotent: true,
    description: "The QR design presets; a preset's config goes into a form's qrConfig (forms_update).",
    input: z.strictObject({}),
    run: async (ctx) => {
      const presets = await listPresets(await ctx.client());
      return { summary: `${presets.length} presets: ${presets.map((p) => p.id).join(', ')}`, data: presets };
    },
  }),
  tool({
    name: 'templates_categories', title: 'Template categories', effect: 'read', idempotent: true,
    description: 'The categories of form templates, with their ids (for templates_list).',
    input: z.strictObject({}),
    run: async (ctx) => {
      const cats = await listCategories(await ctx.client());
      return { summary: cats.map((c) => `${c.id}  ${c.name}`).join('\n'), data: cats };
    },
  }),
  tool({
    name: 'templates_list', title: 'Templates of a category', effect: 'read', idempotent: true,
    description: 'The public form templates of a category (ids from templates_categories).',
    input: paramsInput('listTemplates'),
    run: async (ctx, a) => {
      const items = await listTemplates(await ctx.client(), a.categoryId, a.limit);
      return { summary: items.map((t) => `${t.id}  ${t.title}`).join('\n') || 'No templates in that category.', data: items };
    },
  }),
  tool({
    name: 'templates_get', title: 'A template as a form draft', effect: 'read', idempotent: true,
    description: 'A template as a form body ready for forms_create, with its outline.',
    input: paramsInput('getTemplateFormCreate'),
    run: async (ctx, a) => {
      // one request: the template carries its form, converted here as the CLI's templates get does
      const t = await getTemplate(await ctx.client(), templateId(a.templateId));
      const draft = templateToCreateBody(t.form);
      return { summary: outline(draft, `${t.title} (${t.categoryName})`), data: draft };
    },
  }),
  tool({
    name: 'templates_use', title: 'Create a form from a template', effect: 'write', idempotent: false,
    description: 'Create a form from a template, optionally with another title and short text.',
    input: paramsInput('getTemplateFormCreate', { title: z.string().min(1).optional(), shortText: z.string().optional() }),
    async run(ctx, a) {
      const client = await ctx.client();
      const body = await templateFormCreate(client, templateId(a.templateId));
      if (a.title !== undefined) body.title = a.title;
      if (a.shortText !== undefined) body.shortText = a.shortText;
      const form = await createForm(client, body as never);
      return { summary: `Created form ${form.qrId} "${form.title}" from template ${a.templateId}: ${form.shortUrl}`, data: form };
    },
  }),
  tool({
    name: 'team_list', title: 'Team members', effect: 'read', idempotent: true,
    description: 'The team members with their ids, e-mails, roles and whether they are blocked.',
    input: z.strictObject({}),
    run: async (ctx) => {
      const { members } = await listMembers(await ctx.client());
      return { summary: members.map((m) => `${m.id}  ${m.email}  ${m.userType}${m.blocked ? ' (blocked)' : ''}`).join('\n') || 'No team members.', data: members };
    },
  }),
  tool({
    name: 'team_update', title: 'Change a team member', effect: 'write', idempotent: true,
    description: "Change a member's name, e-mail, role (userType), block, team name or sub-domains (memberId from team_list); passwords are not changed here.",
    input: bodyInput('updateTeamMember').omit({ pass: true }),
    async run(ctx, { memberId, ...change }) {
      if (Object.keys(change).length === 0) throw new UsageError('nothing to change: give name, email, userType, block, teamName or subDomainIds');
      const r = await updateMember(await ctx.client(), memberId, change);
      return { summary: `${r.message}: ${r.member.email} is ${r.member.userType}${r.member.blocked ? ' (blocked)' : ''}.`, data: r.member };
    },
  }),
  tool({
    name: 'team_remove', title: 'Remove a team member', effect: 'destructive', idempotent: true,
    description: 'Remove a member from the team for good (memberId from team_list).',
    input: paramsInput('deleteTeamMember'),
    run: async (ctx, a) => ({ summary: (await removeMember(await ctx.client(), a.memberId)).message, data: { memberId: a.memberId } }),
  }),
  tool({
    name: 'webhook_get', title: 'Webhook settings', effect: 'read', idempotent: true,
    description: "Whether the account's webhook is on and where it posts (the signing secret is never shown).",
    input: z.strictObject({}),
    run: async (ctx) => {
      const w = await getWebhook(await ctx.client());
      return { summary: `The webhook is ${w.enabled ? 'on' : 'off'}${w.url ? `: ${w.url}` : ''}.`, data: { enabled: w.enabled, url: w.url } };
    },
  }),
  tool({
    name: 'webhook_set', title: 'Change the webhook', effect: 'destructive', idempotent: false,
    description: 'Turn the webhook on or off and set its URL; rotateSecret makes a new signing secret (receivers must be given it; it is not shown here).',
    input: bodyInput('putWebhook'),
    async run(ctx, a) {
      const problem = webhookUrlProblem(a.url.trim(), MAX_WEBHOOK_URL);
      if (problem && !(a.url === '' && !a.enabled)) throw new UsageError(problem);
      const w = await putWebhook(await ctx.client(), { enabled: a.enabled, url: a.url.trim(), ...(a.rotateSecret ? { rotateSecret: true } : {}) });
      return { summary: `The webhook is ${w.enabled ? 'on' : 'off'}${w.url ? `: ${w.url}` : ''}${a.rotateSecret ? '; the secret was rotated (see it with formctl webhook get --show-secret)' : ''}.`, data: { enabled: w.enabled, url: w.url } };
    },
  }),
  tool({
    name: 'quota_get', title: "This month's requests", effect: 'read', idempotent: true, openWorld: false,
    description: "API requests formctl counted this month for this profile (this session's included) against the plan's limit, or on the embedded sandbox the sandbox's own count against its plan; sends no request.",
    input: z.strictObject({}),
    async run(ctx) {
      const t = ctx.deps.target();
      const session = ctx.session();
      // the embedded sandbox counts its requests itself, this session's included
      const { month: m, used, plan, limit, left } = t.sandbox ? await sandboxQuotaUsage(ctx.deps) : quotaUsage(ctx.deps, session);
      const data = { profile: t.profileName, month: m, used, session, plan: plan ?? null, limit: limit ?? null, left: left ?? null, sandbox: t.sandbox };
      const of = limit === undefined ? ' (the plan is not set: formctl config set plan …)' : ` of ${limit.toLocaleString('en')} (${plan} plan), ${left!.toLocaleString('en')} left`;
      return { summary: `${m}: ${used.toLocaleString('en')} requests${of}; ${session} in this session.${t.sandbox ? " The embedded sandbox's own count, on its plan (formctl sandbox plan changes it)." : ''}`, data };
    },
  }),
];
