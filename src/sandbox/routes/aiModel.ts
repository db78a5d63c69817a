import { LOCALES, type Draft } from '../../domain/drafter/types.js';
import { FIELD_TYPES } from '../../domain/fieldTypes.js';

// spec §4.7 with a real model: when FORMCTL_SANDBOX_AI_URL names an OpenAI-compatible chat endpoint
// (llama.cpp server, Ollama, vLLM), the sandbox asks it for the draft, constrained by the JSON schema
// of the contract's GeneratedDraft (the route's answer: locale required), and checks the answer with the same zod schema. Any failure is the
// caller's cue to draft offline.

export const AI_URL_ENV = 'FORMCTL_SANDBOX_AI_URL';
const DEFAULT_TIMEOUT_MS = 20_000;

/** the chat completions URL: a base ("http://h:8080", ".../v1") gets the usual path */
export function chatUrl(base: string): string {
  const u = new URL(base);
  if (/\/chat\/completions\/?$/.test(u.pathname)) return u.href;
  u.pathname = `${u.pathname.replace(/\/$/, '')}${/\/v1$/.test(u.pathname.replace(/\/$/, '')) ? '' : '/v1'}/chat/completions`;
  return u.href;
}

/**
 * The contract's GeneratedDraft and its JSON schema (derived, never written twice): loaded and built
 * with the first draft a model is asked for, once (a failed load is tried again at the next)
 */
let draftSchema: Promise<{ GeneratedDraft: typeof import('../../domain/contract/draft.js').GeneratedDraft; jsonSchema: Record<string, unknown> }> | undefined;
function generatedDraft(): NonNullable<typeof draftSchema> {
  draftSchema ??= (async () => {
    const [{ z }, { GeneratedDraft }] = await Promise.all([import('zod/v4'), import('../../domain/contract/draft.js')]);
    return { GeneratedDraft, jsonSchema: z.toJSONSchema(GeneratedDraft, { target: 'draft-2020-12', io: 'output', unrepresentable: 'any' }) as Record<string, unknown> };
  })();
  draftSchema.catch(() => (draftSchema = undefined));
  return draftSchema;
}

const SYSTEM = [
  'You draft forms for a form service. Answer with one JSON object only, matching the schema: {title, shortText, locale, fields: [{type, option}]}.',
  `Field types: ${FIELD_TYPES.join(', ')}.`,
  'option holds label, required, hint; radio, checkbox and gender take option.options [{name, value}]; sheet and checkList take option.rowLabels.',
  'A quiz sets isQuiz true and gives scored fields (radio, checkbox, shortText, number) a quizConfig {points, correctAnswers}.',
  `Write labels in the language of the request and set locale to its code (${LOCALES.join(', ')}).`,
].join(' ');

export class ModelFailure extends Error {}

/** One request to the model; the draft it answers, checked; ModelFailure on anything else. */
export async function draftFromModel(env: NodeJS.ProcessEnv, prompt: string, current: Draft | undefined): Promise<Draft> {
  const url = chatUrl(env[AI_URL_ENV]!);
  const timeout = Number(env.FORMCTL_SANDBOX_AI_TIMEOUT_MS) || DEFAULT_TIMEOUT_MS;
  const user = current ? `Change this form draft as asked.\nDraft: ${JSON.stringify(current)}\nInstruction: ${prompt}` : `Draft a form for: ${prompt}`;
  let res: Response;
  try {
    const schema = (await generatedDraft()).jsonSchema;
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      signal: AbortSignal.timeout(timeout),
      body: JSON.stringify({
        model: env.FORMCTL_SANDBOX_AI_MODEL ?? 'default',
        temperature: 0,
        messages: [{ role: 'system', content: SYSTEM }, { role: 'user', content: user }],
        response_format: { type: 'json_schema', json_schema: { name: 'form_draft', schema } },
      }),
    });
  } catch (e) {
    const name = (e as Error).name;
    throw new ModelFailure(name === 'TimeoutError' || name === 'AbortError' ? `no answer within ${timeout} ms` : `unreachable (${(e as Error).message})`);
  }
  const body = await res.text();
  if (!res.ok) throw new ModelFailure(`HTTP ${res.status}`);
  const content = (() => {
    try {
      return (JSON.parse(body) as { choices?: Array<{ message?: { content?: unknown } }> }).choices?.[0]?.message?.content;
    } catch {
      return undefined;
    }
  })();
  if (typeof content !== 'string') throw new ModelFailure('no message in the answer');
  let draft: unknown;
  try {
    draft = JSON.parse(content.replace(/^```(?:json)?\s*|\s*```$/g, ''));
  } catch {
    throw new ModelFailure('the answer is not JSON');
  }
  const checked = (await generatedDraft()).GeneratedDraft.safeParse(draft);
  if (!checked.success) throw new ModelFailure(`the answer is not a draft (${checked.error.issues[0]?.path.join('.') || 'root'}: ${checked.error.issues[0]?.message})`);
  if (!checked.data.fields.length) throw new ModelFailure('the draft has no field');
  return checked.data as Draft;
}
