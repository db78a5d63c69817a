import { VERSION } from '../../version.js';
import { existsSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { multipartFile } from '../../api/multipart.js';
import { readText } from '../../api/bodyText.js';
import type { Method, Query } from '../../api/http.js';
import { apiErrorOf } from '../../api/envelope.js';
import type { Deps } from '../../cmdutil/factory.js';
import { UsageError } from '../../errors.js';
import { readJsonInput } from '../../cmdutil/input.js';
import { FORMS_PAGE_MAX } from '../../domain/limits.js';
import type { Page } from '../../domain/pages.js';
import { walkPages } from '../../api/pageWalker.js';
import type { IncomingMessage } from 'node:http';
import { forgetFormSchema } from '../../cmdutil/localFiles.js';

const METHODS: readonly Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

interface Opts {
  method?: string;
  paginate?: boolean;
  include?: boolean;
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

/**
 * `api PATH` as gh users type it (GET, or POST when fields, --input or --form give a body; -X picks
 * another), and `api METHOD PATH` as before.
 */
function methodAndPath(first: unknown, second: unknown, opts: Opts, hasBody: boolean): [Method, string] {
  const asMethod = (raw: string, flag: string) => {
    const m = raw.toUpperCase() as Method;
    if (!METHODS.includes(m)) throw new UsageError(`${flag} "${raw}": expected one of ${METHODS.join(', ')}`);
    return m;
  };
  if (second !== undefined) {
    if (opts.method !== undefined) throw new UsageError(`-X/--method ${opts.method} and the method argument ${String(first)}: give one`);
    return [asMethod(String(first), 'method'), String(second)];
  }
  if (opts.method !== undefined) return [asMethod(opts.method, '-X/--method'), String(first)];
  return [hasBody ? 'POST' : 'GET', String(first)];
}

/** -f (strings) and -F (typed) parameters, in the order given */
function paramsOf(opts: Opts): Array<[string, unknown]> {
  return [
    ...(opts.rawField ?? []).map((p) => splitPair('-f', p)),
    ...(opts.field ?? []).map((p): [string, unknown] => {
      const [k, v] = splitPair('-F', p);
      return [k, typed(v)];
    }),
  ];
}

/** -H headers; raw calls say so in the user agent (the sandbox's contract checks hold only the commands' own bodies to the description) */
function headersOf(opts: Opts): Record<string, string> {
  const headers: Record<string, string> = { 'user-agent': `formctl/${VERSION} (api)` };
  for (const h of opts.header ?? []) {
    const i = h.indexOf(':');
    if (i <= 0) throw new UsageError(`-H "${h}": expected Name: value`);
    const name = h.slice(0, i).trim().toLowerCase();
    if (name === 'authorization') throw new UsageError('-H: the Authorization header comes from the profile; it cannot be set here');
    headers[name] = h.slice(i + 1).trim();
  }
  return headers;
}

/** --form: a multipart body of text parts and one file part (key=@path), sent as is, unchecked */
function multipartOf(opts: Opts, method: Method, hasJsonBody: boolean): ReturnType<typeof multipartFile> | undefined {
  if (!opts.form?.length) return undefined;
  if (method === 'GET' || method === 'DELETE') throw new UsageError(`--form: ${method} requests have no body`);
  if (hasJsonBody) throw new UsageError('--form cannot be combined with --input or -f/-F fields');
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
  // the raw route: formctl upload checks before sending, this does not
  return multipartFile(file[1], fields, file[0]);
}

/** The path below the base URL, and the query it carries; a full URL only on the profile's own origin. */
function pathAndQuery(raw: string, base: URL, query: Query): string {
  let path = raw;
  if (/^https?:\/\//i.test(path)) {
    // the key is only ever sent to the configured origin
    const u = new URL(path);
    if (u.origin !== base.origin) throw new UsageError(`refusing to send the API key to ${u.origin}: the profile's base URL is ${base.origin}`);
    path = u.pathname + u.search;
  }
  const basePath = base.pathname.replace(/\/$/, '');
  if (basePath && path.startsWith(`${basePath}/`)) path = path.slice(basePath.length);
  if (!path.startsWith('/')) path = `/${path}`;
  const qIndex = path.indexOf('?');
  if (qIndex === -1) return path;
  for (const [k, v] of new URLSearchParams(path.slice(qIndex + 1))) addParam(query, k, v);
  return path.slice(0, qIndex);
}

export async function run(deps: Deps, [first, second]: unknown[], opts: Opts): Promise<void> {
  // as gh: fields make a POST, unless --paginate (a GET of pages, the fields its query)
  const hasBody = Boolean(opts.input !== undefined || opts.form?.length || (!opts.paginate && (opts.rawField?.length || opts.field?.length)));
  const [method, pathArg] = methodAndPath(first, second, opts, hasBody);
  if (opts.paginate && method !== 'GET') throw new UsageError(`--paginate follows the pages of a GET list, not a ${method}`);
  const params = paramsOf(opts);
  const headers = headersOf(opts);
  const inBody = method !== 'GET' && method !== 'DELETE';
  let body: unknown;
  if (opts.input !== undefined) {
    if (!inBody) throw new UsageError(`--input: ${method} requests have no body`);
    if (params.length) throw new UsageError('--input cannot be combined with -f/-F');
    body = await readJsonInput(deps.io, opts.input, '--input');
  } else if (inBody && params.length) {
    body = Object.fromEntries(params);
  }
  const stream = multipartOf(opts, method, body !== undefined);
  const query: Query = {};
  if (!inBody) for (const [k, v] of params) addParam(query, k, String(v));
  const client = await deps.client();
  const path = pathAndQuery(String(pathArg), client.base, query);
  if (opts.paginate) return paginate(deps, client, { method, path, query, headers }, opts.include === true);
  // a form changed by hand: its cached submission schema is not its schema any more (sent: it may be applied whatever comes back)
  const changed = method !== 'GET' && /^\/forms\/([A-Za-z0-9]+)$/.exec(path.replace(/\?.*$/, ''));
  if (changed) forgetFormSchema(deps, changed[1]!);
  const res = await client.raw({ method, path, query, body, headers, idempotencyKey: opts.idempotencyKey, stream });
  if (opts.include) writeHead(deps, res.body);
  refuseRedirect(res);
  if (!res.contentType.includes('application/json')) {
    if (deps.io.isStdoutTTY && res.status < 300) {
      res.body.resume();
      throw new UsageError(`the response is binary (${res.contentType}): redirect stdout to a file`);
    }
    await pipeline(res.body, deps.io.stdout, { end: false });
    return;
  }
  const { parsed, text } = await readJson(res.body);
  // --query reads a successful JSON answer; an error's body is printed as it came
  if (res.status >= 400) failWith(deps, res.status, { parsed, text }, method, path);
  if (parsed !== undefined) await deps.printJson(parsed, false, true);
  else deps.io.stdout.write(`${text}\n`);
}

/** An error answer: its body printed as it came (gh api does the same), then the API error. */
function failWith(deps: Deps, status: number, { parsed, text }: { parsed: unknown; text: string }, method: string, path: string): never {
  deps.io.stdout.write(parsed === undefined ? `${text}\n` : `${JSON.stringify(parsed, null, 2)}\n`);
  throw apiErrorOf(status, parsed, text, method, path);
}

type Client = Awaited<ReturnType<Deps['client']>>;
type Raw = Awaited<ReturnType<Client['raw']>>;

/** -i: the status line and the headers, as HTTP writes them, before the body. */
function writeHead(deps: Deps, res: IncomingMessage): void {
  const lines = [`HTTP/${res.httpVersion} ${res.statusCode} ${res.statusMessage ?? ''}`.trimEnd()];
  for (let i = 0; i < res.rawHeaders.length; i += 2) lines.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
  deps.io.stdout.write(`${lines.join('\n')}\n\n`);
}

/** Never followed (the key would go with it): a redirect is a failure that says where it points. */
function refuseRedirect(res: Raw): void {
  if (res.status < 300 || res.status >= 400) return;
  res.body.resume();
  const location = res.body.headers.location;
  throw new Error(`the service answered HTTP ${res.status}${location ? `, pointing to ${location}` : ''}; redirects are not followed`);
}

async function readJson(body: IncomingMessage): Promise<{ parsed: unknown; text: string }> {
  const text = await readText(body);
  try {
    return { parsed: JSON.parse(text), text };
  } catch {
    return { parsed: undefined, text };
  }
}

/** spec §4.1/§4.4 list routes whose page size formctl raises to the largest when --paginate has no limit */
const LIST_ROUTES = [/^\/forms$/, /^\/forms\/[^/]+\/submissions$/];

/**
 * --paginate: page 1, 2, … of a GET list to the last (totalPages), then the items of every page as
 * one JSON array. With no `limit`, the list routes ask for 100 a page: the fewest requests.
 */
async function paginate(deps: Deps, client: Client, req: { method: Method; path: string; query: Query; headers: Record<string, string> }, include: boolean): Promise<void> {
  const query: Query = { ...req.query };
  if (query.limit === undefined && LIST_ROUTES.some((r) => r.test(req.path))) query.limit = String(FORMS_PAGE_MAX);
  const start = Number(query.page ?? 1);
  const fetchPage = async (page: number) => {
    const res = await client.raw({ method: 'GET', path: req.path, query: { ...query, page: String(page) }, headers: req.headers });
    if (include) writeHead(deps, res.body);
    refuseRedirect(res);
    const { parsed, text } = await readJson(res.body);
    if (res.status >= 400) failWith(deps, res.status, { parsed, text }, 'GET', req.path);
    const data = (parsed as { data?: { items?: unknown; totalPages?: unknown } } | undefined)?.data;
    return { parsed, page: data && Array.isArray(data.items) && typeof data.totalPages === 'number' ? (data as Page<unknown>) : undefined };
  };
  const first = await fetchPage(start);
  if (!first.page) {
    // not a list: the one response, as without --paginate
    return deps.printJson(first.parsed, false, true);
  }
  // the walker counts from page 1: a --paginate that starts later is shifted onto it
  const shifted = async (n: number): Promise<Page<unknown>> => {
    const got = await fetchPage(n + start - 1);
    if (!got.page) throw new Error(`page ${n + start - 1} of ${req.path} is not a page of a list`);
    return got.page;
  };
  const items: unknown[] = [];
  const firstPage = { ...first.page, totalPages: Math.max(0, first.page.totalPages - start + 1) };
  // with -i the headers of each page are printed as it arrives: one page at a time keeps them in order
  for await (const page of walkPages(shifted, { first: firstPage, window: include ? 1 : 4 })) items.push(...page.items);
  await deps.printJson(items, false, true);
}
