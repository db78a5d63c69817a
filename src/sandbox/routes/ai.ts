import { createHash } from 'node:crypto';
import { DraftError, type Draft } from '../../domain/drafter/types.js';
import { isFieldType } from '../../domain/fieldTypes.js';
import { ApiFailure } from '../http.js';
import { route, type RequestContext } from '../instance.js';
import { AI_URL_ENV, draftFromModel, ModelFailure } from './aiModel.js';
import { asObject } from './bodies.js';

/** spec §4.7: results for the same prompt and currentForm may be served from cache for a week */
export const AI_CACHE_MS = 7 * 24 * 3600 * 1000;
export const INVALID_AI_RESPONSE = 'Invalid AI response: the draft could not be read. Try again or rephrase the prompt.';
export const AI_FAILURE = 'AI failure: the draft could not be generated. Try again later.';

const DRAFT_SHAPE = 'currentForm takes the draft shape only: {title, shortText, locale?, fields: [{type, option}]} (no qrId or qrConfig)';

function currentFormOf(raw: unknown): Draft | undefined {
  if (raw === undefined) return undefined;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new ApiFailure(400, DRAFT_SHAPE);
  const c = raw as Record<string, unknown>;
  if ('qrId' in c || 'qrConfig' in c) throw new ApiFailure(400, DRAFT_SHAPE);
  const allowed = ['title', 'shortText', 'locale', 'fields', 'isQuiz', 'quizConfig'];
  const extra = Object.keys(c).filter((k) => !allowed.includes(k));
  if (extra.length) throw new ApiFailure(400, `${DRAFT_SHAPE}; unknown: ${extra.join(', ')}`);
  if (typeof c.title !== 'string' || typeof c.shortText !== 'string' || !Array.isArray(c.fields)) throw new ApiFailure(400, DRAFT_SHAPE);
  c.fields.forEach((f, i) => {
    const field = f as { type?: unknown; option?: unknown; key?: unknown };
    if (!field || typeof field !== 'object' || typeof field.type !== 'string' || !isFieldType(field.type) || typeof field.option !== 'object' || field.option === null) {
      throw new ApiFailure(400, `currentForm.fields[${i}] must be {type, option} with a field type of spec §2.4`);
    }
    if ('key' in field) throw new ApiFailure(400, `currentForm.fields[${i}]: ${DRAFT_SHAPE} (no field keys)`);
  });
  const draft = c as unknown as Draft;
  return { ...draft, locale: typeof c.locale === 'string' ? c.locale : 'en' };
}

/** the longest prompt the sandbox drafts from (not in the spec: docs/sandbox.md) */
export const MAX_PROMPT_CHARS = 4000;

/** spec §4.7 POST /form-ai-builder/generate */
async function generate(ctx: RequestContext) {
  const body = asObject(await ctx.json());
  const prompt = body.prompt;
  if (prompt === undefined || prompt === null) throw new ApiFailure(400, 'prompt is required: describe the form in at least 10 characters');
  if (typeof prompt !== 'string' || prompt.trim().length < 10) throw new ApiFailure(400, 'prompt is too short: at least 10 characters');
  // the spec gives no longest prompt (a sandbox assumption, docs/sandbox.md): a pasted questionnaire
  // fits, and the drafter's time stays bounded (a crafted 4,000-character list takes about 0.2 s)
  if (prompt.length > MAX_PROMPT_CHARS) throw new ApiFailure(400, `prompt is too long: at most ${MAX_PROMPT_CHARS.toLocaleString('en')} characters (got ${prompt.length.toLocaleString('en')})`);
  const current = currentFormOf(body.currentForm);
  // forced failures (scoped faults), after the request was found valid
  if (ctx.fault?.kind === 'ai-invalid') throw new ApiFailure(400, INVALID_AI_RESPONSE);
  if (ctx.fault?.kind === 'ai-failure') throw new ApiFailure(500, AI_FAILURE);
  const key = createHash('sha256').update(JSON.stringify([ctx.account.id, prompt.trim(), current ?? null])).digest('hex');
  const nowMs = ctx.now().getTime();
  const cached = ctx.store.aiCache.get(key, nowMs - AI_CACHE_MS);
  if (cached) {
    ctx.res.setHeader('x-ai-cache', 'hit');
    return cached;
  }
  const draft = (await modelDraft(prompt, current)) ?? (await offlineDraft(prompt, current));
  ctx.store.aiCache.put(key, draft, nowMs);
  return draft;
}

/** the deterministic drafter (domain/drafter, loaded on the first draft); 400 for a prompt that asks for no form */
async function offlineDraft(prompt: string, current: Draft | undefined): Promise<Draft> {
  const [{ draftFromPrompt }, { refineDraft }] = await Promise.all([import('../../domain/drafter/draft.js'), import('../../domain/drafter/refine.js')]);
  try {
    return current ? refineDraft(current, prompt) : draftFromPrompt(prompt);
  } catch (e) {
    if (e instanceof DraftError) throw new ApiFailure(400, e.message);
    throw e;
  }
}

/** the model named by FORMCTL_SANDBOX_AI_URL, if any; undefined (said in the sandbox log) when it fails */
async function modelDraft(prompt: string, current: Draft | undefined): Promise<Draft | undefined> {
  if (!process.env[AI_URL_ENV]) return undefined;
  try {
    return await draftFromModel(process.env, prompt, current);
  } catch (e) {
    if (!(e instanceof ModelFailure)) throw e;
    process.stderr.write(`sandbox: AI model at ${process.env[AI_URL_ENV]} failed: ${e.message}; drafting offline instead\n`);
    return undefined;
  }
}

export const aiRoutes = [route({ operationId: 'generateFormDraft', method: 'POST', path: '/form-ai-builder/generate', action: 'catalog.write', handler: generate })];
