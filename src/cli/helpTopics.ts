// Text of `formctl help <topic>`; imported only by the entry chunk so that it stays self-contained.
export const HELP_TOPICS: Record<string, string> = {
  'exit-codes': `Exit codes:
  0    success
  1    API error or unexpected failure (including 400 business rules, 404, 409, 5xx, network);
       a failed write of the output (a full disk)
  2    usage or bad input, found before any request was made (also a damaged config file)
  3    submission validation failed: the API's fieldErrors, or the same check made locally
       before any request; an import with rejected rows
  4    authentication or permission: 401 (missing/invalid key) or 403 (role cannot do this)
  5    rate limit or monthly quota (429); --max-requests reached
  129  the terminal was closed (SIGHUP), after cleaning up
  130  interrupted (Ctrl-C) or cancelled at a prompt
  141  stdout was closed by its reader (\`| head\`): the command stopped quietly, as SIGPIPE would
  143  terminated (SIGTERM, e.g. a CI timeout), after cleaning up: no temporary file is left
On a code but 0, stdout has what came before the failure: a --all list cut short
has the pages it had (a JSON array left open); export --out is whole or absent.
`,
  environment: `Environment variables:
  FORMCTL_API_KEY       API key; overrides the profile's key (never printed)
  FORMCTL_BASE_URL      API base URL ending in /v1; overrides the profile's
  FORMCTL_PROFILE       profile to use instead of the current one (it must exist)
  FORMCTL_WEBHOOK_SECRET  webhook secret for webhook listen and verify (never a flag value)
  FORMCTL_CONFIG_DIR    directory of the profile file (default: $XDG_CONFIG_HOME/formctl or ~/.config/formctl)
  FORMCTL_SANDBOX_DIR   data directory of the embedded sandbox (default: <config dir>/sandbox)
  FORMCTL_SANDBOX_PORT  the sandbox's one address is http://127.0.0.1:<port> (default: the sandbox-port setting, else 4010)
  FORMCTL_BROWSER       the browser forms open --web starts (else BROWSER, xdg-open, open, start)
  FORMCTL_MAX_REQUESTS  stop a run before request n+1 (exit 5); the same as --max-requests
  FORMCTL_ERROR_FORMAT  json: every failure is one JSON object on stderr (as with -o json); text: never
  FORMCTL_SYNC_URL      database of submissions sync: sqlite:FILE or postgres://… (keep the password here)
  VISUAL, EDITOR        the editor of forms edit
  FORMCTL_SANDBOX_AI_URL  an OpenAI-compatible chat endpoint the sandbox drafts with (else offline); _MODEL, _TIMEOUT_MS
  FORMCTL_RETRY_BASE_MS base of the retry backoff in ms (default 1000: waits 1, 2, 4 s); for tests
  FORMCTL_SANDBOX_CONTRACT  1: sandboxes check their traffic against the OpenAPI description (tests)
  FORMCTL_SANDBOX_CONTRACT_CACHE  directory where those checks keep compiled validators for the next process (tests)
  FORMCTL_NO_COMPLETIONS  1 at npm install -g time: do not install the completion scripts
  HTTPS_PROXY           http:// proxy for the service (http://user:password@host:port); CONNECT tunnels, loopback never proxied
  NO_PROXY              hosts to reach directly: example.com (and its subdomains), IPs, host:port, or *
  NODE_EXTRA_CA_CERTS   Node's own: a PEM file of extra certificate authorities (a network that inspects TLS)
  NO_COLOR              turn colour off
  CI                    never prompt; commands that would ask fail and name the flag to pass
`,
  // every verb's help points here in one line instead of repeating these (a test keeps the list whole)
  global: `Global flags: accepted before or after the verb, by every command that talks to the API:
  --sandbox             run against the embedded sandbox: no account needed
  --profile <name>      profile to use (env FORMCTL_PROFILE)
  --base-url <url>      API base URL, ending in /v1 (env FORMCTL_BASE_URL)
  --timeout <seconds>   per-request timeout in seconds (default 30)
  --retries <n>         retries for 429 and transient failures (default 3)
  --max-requests <n>    stop (exit 5) before sending request n+1 of this run (env FORMCTL_MAX_REQUESTS)
  --verbose             log each API request on stderr, and the request count
  -V, --version         print the version
  -h, --help            help of the command (also: formctl help COMMAND…)

Output flags, after a verb that prints a result:
  -o, --output <format> table, json, jsonl or csv (default: table on a terminal, json in a pipe)
  --json                shortcut for --output json
  --columns <names>     fields to show: the field names or the table's header labels, any case
  --query <expr>        JMESPath over what -o json prints; the result in the -o format (-o table:
                        values one per line, objects as a table)
  -q, --quiet           print only ids, one per line
  --csv-raw             CSV cells as they are, without the formula guard
A single-value flag given twice is an error (exit 2), and so are a flag with its --no- form
(--notify --no-notify) and output flags that disagree (-o csv --json, -q with -o or --json);
"repeatable" flags collect every value.
`,
};

/**
 * A topic as printed: lines wider than 80 columns (or $COLUMNS when narrower) wrapped at spaces,
 * each further line indented to where its text began ("  NAME    text…" continues under "text").
 */
export function topicText(name: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const text = HELP_TOPICS[name];
  if (text === undefined) return undefined;
  const columns = Number(env.COLUMNS);
  const width = Math.max(40, Math.min(80, Number.isInteger(columns) && columns > 0 ? columns : 80));
  return text.split('\n').map((line) => wrapLine(line, width)).join('\n');
}

function wrapLine(line: string, width: number): string {
  if (line.length <= width) return line;
  const lead = (/^ {1,2}\S+(?:,? \S+)?\s{2,}/.exec(line) ?? /^\s*/.exec(line)!)[0];
  const indent = ' '.repeat(lead.length);
  const [first, ...rest] = line.slice(lead.length).split(/ +/);
  const out: string[] = [];
  let current = lead + first;
  for (const word of rest) {
    if (current.length + 1 + word.length > width) {
      out.push(current);
      current = indent + word;
    } else current += ` ${word}`;
  }
  out.push(current);
  return out.join('\n');
}
