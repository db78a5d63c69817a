import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AI_URL_ENV, chatUrl } from '../../src/sandbox/routes/aiModel.js';
import { inProcessSandbox, type InProcessSandbox } from '../helpers/inProcessSandbox.js';

// spec §4.7 with a real model: a scripted OpenAI-compatible server on 127.0.0.1 answers as told; the
// sandbox takes a good draft, and drafts offline (saying so in its log) on invalid JSON, a wrong
// shape or no answer in time.

type Mode = 'good' | 'invalid-json' | 'wrong-shape' | 'no-locale' | 'timeout' | 'http-500';
let mode: Mode = 'good';
const seen: Array<Record<string, any>> = [];
const held: ServerResponse[] = [];
const MODEL_DRAFT = { title: 'From the model', shortText: 'Model short text', locale: 'en', fields: [{ type: 'email', option: { label: 'Work e-mail', required: true } }] };

function answer(req: IncomingMessage, res: ServerResponse): void {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    seen.push({ path: req.url, ...JSON.parse(body) });
    if (mode === 'timeout') return void held.push(res);
    if (mode === 'http-500') return void res.writeHead(500).end('boom');
    const { locale: _, ...noLocale } = MODEL_DRAFT;
    const content = mode === 'good' ? JSON.stringify(MODEL_DRAFT) : mode === 'invalid-json' ? '{"title": "half' : mode === 'no-locale' ? JSON.stringify(noLocale) : JSON.stringify({ title: 'No fields here' });
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));
  });
}

let model: Server;
let sb: InProcessSandbox;
beforeAll(async () => {
  model = createServer(answer);
  await new Promise<void>((r) => model.listen(0, '127.0.0.1', r));
  process.env[AI_URL_ENV] = `http://127.0.0.1:${(model.address() as AddressInfo).port}`;
  process.env.FORMCTL_SANDBOX_AI_TIMEOUT_MS = '300';
  sb = await inProcessSandbox({ plan: 'business' });
});
afterAll(async () => {
  delete process.env[AI_URL_ENV];
  delete process.env.FORMCTL_SANDBOX_AI_TIMEOUT_MS;
  for (const r of held) r.destroy();
  await sb.stop();
  await new Promise((r) => model.close(r));
});
afterEach(() => vi.restoreAllMocks());

const gen = (prompt: string) => sb.api('POST', '/form-ai-builder/generate', { body: { prompt } });
function logged(): () => string {
  const lines: string[] = [];
  const real = process.stderr.write.bind(process.stderr);
  vi.spyOn(process.stderr, 'write').mockImplementation(((chunk: unknown, ...rest: unknown[]) => {
    if (String(chunk).startsWith('sandbox: AI model')) {
      lines.push(String(chunk));
      return true;
    }
    return (real as (...a: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stderr.write);
  return () => lines.join('');
}

describe('the AI builder with FORMCTL_SANDBOX_AI_URL (an OpenAI-compatible chat endpoint)', () => {
  it("takes the model's draft, asked with the JSON schema of the contract's draft", async () => {
    mode = 'good';
    const r = await gen('A form for the model to draft, please');
    expect([r.status, r.body.data]).toEqual([200, MODEL_DRAFT]);
    const asked = seen[seen.length - 1]!;
    expect(asked.path).toBe('/v1/chat/completions');
    expect(asked.response_format.type).toBe('json_schema');
    expect(Object.keys(asked.response_format.json_schema.schema.properties)).toEqual(expect.arrayContaining(['title', 'shortText', 'locale', 'fields', 'isQuiz']));
    expect(asked.messages[1].content).toContain('A form for the model to draft, please');
  });

  it.each([
    ['invalid-json', /the answer is not JSON/],
    ['wrong-shape', /the answer is not a draft \(shortText: /],
    // the route answers a locale (spec §4.7): a model that gives none is not guessed to be English
    ['no-locale', /the answer is not a draft \(locale: /],
    ['timeout', /no answer within 300 ms/],
    ['http-500', /HTTP 500/],
  ] as const)('falls back to the offline drafter on %s, and says so in the sandbox log', async (m, reason) => {
    mode = m;
    const log = logged();
    const r = await gen(`Contact form with name and e-mail (${m})`);
    expect(r.status).toBe(200);
    expect(r.body.data.fields.map((f: any) => f.type)).toEqual(['name', 'email', 'phone', 'shortText', 'longText']);
    expect(log()).toMatch(new RegExp(`^sandbox: AI model at http://127\\.0\\.0\\.1:\\d+ failed: ${reason.source}.*; drafting offline instead\\n$`));
  });

  it('names the chat completions path from a base URL', () => {
    expect([chatUrl('http://h:8080'), chatUrl('http://h:11434/v1'), chatUrl('http://h/v1/chat/completions')]).toEqual(['http://h:8080/v1/chat/completions', 'http://h:11434/v1/chat/completions', 'http://h/v1/chat/completions']);
  });
});
