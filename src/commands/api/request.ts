import { VERSION } from '../../version.js';
import { existsSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { multipartFile } from '../../api/multipart.js';
import type { Method, Query } from '../../api/http.js';
import type { Deps } from '../../cmdutil/factory.js';
import { UsageError } from '../../errors.js';
import { readJsonInput } from '../../cmdutil/input.js';

const METHODS: readonly Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

interface Opts {
  form?: string[];
  rawField?: string[];
  field?: string[];
  input?: string;
  header?: string[];
  idempotencyKey?: string;
}

function splitPair(flag: string, pair: string): [string, string] {
  const i = pair.indexOf('=');
  if (i <= 0) throw new UsageError(`${flag} "${pair}": expected key=value`);
  return [pair.slice(0, i), pair.slice(i + 1)];
}

/** A repeated parameter stays repeated (spec §4.1: ids=A&ids=B), never comma-joined. */
function addParam(query: Query, key: string, value: string): void {
  const prev = query[key];
  query[key] = prev === undefined ? value : [...(Array.isArray(prev) ? prev : [String(prev)]), value];
}

function typed(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

export async function run(deps: Deps, [methodArg, pathArg]: unknown[], opts: Opts): Promise<void> {
  const method = String(methodArg).toUpperCase() as Method;
  if (!METHODS.includes(method)) throw new UsageError(`method "${String(methodArg)}": expected one of ${METHODS.join(', ')}`);
  const params: Array<[string, unknown]> = [
    ...(opts.rawField ?? []).map((p) => splitPair('-f', p)),
    ...(opts.field ?? []).map((p): [string, unknown] => {
      const [k, v] = splitPair('-F', p);
      return [k, typed(v)];
    }),
  ];
  // raw calls say so in the user agent (the sandbox's contract checks hold only the commands' own bodies to the description)
  const headers: Record<string, string> = { 'user-agent': `formctl/${VERSION} (api)` };
  for (const h of opts.header ?? []) {
    const i = h.indexOf(':');
    if (i <= 0) throw new UsageError(`-H "${h}": expected Name: value`);
    const name = h.slice(0, i).trim().toLowerCase();
    if (name === 'authorization') throw new UsageError('-H: the Authorization header comes from the profile; it cannot be set here');
    headers[name] = h.slice(i + 1).trim();
  }
  const inBody = method !== 'GET' && method !== 'DELETE';
  let body: unknown;
  if (opts.input !== undefined) {
    if (!inBody) throw new UsageError(`--input: ${method} requests have no body`);
    if (params.length) throw new UsageError('--input cannot be combined with -f/-F');
    body = await readJsonInput(deps.io, opts.input, '--input');
  } else if (inBody && params.length) {
    body = Object.fromEntries(params);
  }
  let stream: ReturnType<typeof multipartFile> | undefined;
  if (opts.form?.length) {
    if (!inBody) throw new UsageError(`--form: ${method} requests have no body`);
    if (body !== undefined) throw new UsageError('--form cannot be combined with --input or -f/-F fields');
    const fields: Record<string, string> = {};
    let file: [string, string] | undefined;
    for (const pair of opts.form) {
      const [k, v] = splitPair('--form', pair);
      if (v.startsWith('@')) {
        if (file) throw new UsageError('--form: one file part per request (spec §4.2)');
        file = [k, v.slice(1)];
      } else fields[k] = v;
    }
    if (!file) throw new UsageError('--form: give the file part as key=@path');
    if (!existsSync(file[1])) throw new UsageError(`--form: cannot read ${file[1]}`);
    // sent as is, unchecked: this is the raw route (formctl upload checks before sending)
    stream = multipartFile(file[1], fields, file[0]);
  }
  const query: Query = {};
  if (!inBody) {
    for (const [k, v] of params) {
      addParam(query, k, String(v));
    }
  }
  const client = await deps.client();
  let path = String(pathArg);
  if (/^https?:\/\//i.test(path)) {
    // the key is only ever sent to the configured origin
    const u = new URL(path);
    if (u.origin !== client.base.origin) throw new UsageError(`refusing to send the API key to ${u.origin}: the profile's base URL is ${client.base.origin}`);
    path = u.pathname + u.search;
  }
  const basePath = client.base.pathname.replace(/\/$/, '');
  if (basePath && path.startsWith(`${basePath}/`)) path = path.slice(basePath.length);
  if (!path.startsWith('/')) path = `/${path}`;
  const qIndex = path.indexOf('?');
  if (qIndex !== -1) {
    for (const [k, v] of new URLSearchParams(path.slice(qIndex + 1))) {
      addParam(query, k, v);
    }
    path = path.slice(0, qIndex);
  }
  const res = await client.raw({ method, path, query, body, headers, idempotencyKey: opts.idempotencyKey, stream });
  if (res.status >= 300 && res.status < 400) {
    // never followed (the key would go with it): a redirect is a failure that says where it points
    res.body.resume();
    const location = res.body.headers.location;
    throw new Error(`the service answered HTTP ${res.status}${location ? `, pointing to ${location}` : ''}; redirects are not followed`);
  }
  if (!res.contentType.includes('application/json')) {
    if (deps.io.isStdoutTTY && res.status < 300) {
      res.body.resume();
      throw new UsageError(`the response is binary (${res.contentType}): redirect stdout to a file`);
    }
    await pipeline(res.body, deps.io.stdout, { end: false });
    return;
  }
  const { apiErrorOf, readText } = await import('../../api/http.js');
  const text = await readText(res.body);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  deps.io.stdout.write(parsed === undefined ? `${text}\n` : `${JSON.stringify(parsed, null, 2)}\n`);
  if (res.status >= 400) throw apiErrorOf(res.status, parsed, text, method, path);
}
