import type { Command } from 'commander';
import type { bind as Bind } from '../../cmdutil/command.js';
import { addOutputFlags, csvRawOption } from '../../cmdutil/flags.js';
import { registerVerbs, type VerbOption, type VerbSpec } from '../../cmdutil/verbs.js';
import { schemaView, submissionView } from './views.js';
import { TIME_WORDS } from '../../domain/when.js';

/** -o, --json, --columns (naming these fields when given), -q and --csv-raw */
const output =
  (fields?: readonly string[]): VerbOption =>
  (cmd) =>
    addOutputFlags(cmd, fields ? { fields } : {});

/** --redact and --redact-text (README "Privacy"): people replaced by stable pseudonyms */
const redact: VerbOption = (cmd) =>
  cmd
    .option('--redact', 'replace e-mails, phones, names, addresses and files by stable pseudonyms (a keyed hash per profile)')
    .option('--redact-text', 'with --redact, also drop free text (short and long text, locations, sheets)');

/** --answers, --set and --attach: the answers of one submission */
const answers = (attach = 'upload a file (category=submission) and put its fileId in a file field (repeatable)'): VerbOption[] => [
  ['--answers <json>', 'answers as JSON keyed by field key: inline, @file, or - for stdin'],
  ['--set <field=value>', 'one answer; FIELD is a key or a label; the value is shaped for the field (repeatable)', { repeatable: true }],
  ['--attach <field=path>', attach, { repeatable: true }],
];

const QR_ID = ['<qrId>', 'form id'] as const;
const FORMATS = ['csv', 'jsonl', 'json'];

const VERBS: readonly VerbSpec[] = [
  {
    name: 'sync',
    summary: 'Upsert submissions into a database (SQLite or PostgreSQL), incrementally; state kept in the database',
    args: [['[qrIds...]', 'form ids']],
    options: [
      redact,
      ['--to <url>', 'sqlite:FILE or postgres://user:password@host:port/db (env FORMCTL_SYNC_URL; put the password in the env, not a flag)'],
      ['--all-forms', 'every form of the account'],
      ['--full', 're-read everything: updates changed rows and deletes rows the service no longer has'],
      ['-o, --output <format>', 'text (default) or json', { choices: ['text', 'json'] }],
      ['--json', 'shortcut for -o json'],
    ],
    help: `
One table per form (form_<qrid>) with typed columns named after the field labels, one \`submissions\`
table with each submission's JSON as the service sent it (redacted with --redact), and \`_formctl_sync\` with the state: the database alone is enough to resume.
An incremental sync costs one request per 100 new submissions (one when nothing is new); it cannot
see edits or deletions of older submissions (the API has no change feed): --full re-reads them.
Stopped early (Ctrl-C, --max-requests, the quota, the network), it commits the pages it fetched
first: a re-run asks for none of them again. kill -9 loses at most the batch being written.

Examples:
  formctl submissions sync F8K2QX --to sqlite:submissions.db
  FORMCTL_SYNC_URL=postgres://sync@db.internal/forms formctl submissions sync --all-forms
  formctl submissions sync F8K2QX --to sqlite:submissions.db --full`,
    run: () => import('./sync.js'),
  },
  { name: 'schema', summary: "Show what a form's answers look like (cached for offline checks)", args: [QR_ID], options: [output(schemaView.fields)], run: () => import('./schema.js') },
  {
    name: 'validate',
    summary: 'Check answers without creating anything',
    args: [QR_ID],
    options: [
      output(['valid']),
      ...answers('check a file for a file field locally (exists, size, type); it is never uploaded (repeatable)'),
      ['--offline', 'check against the cached schema: no request (run `submissions schema` once first)'],
    ],
    run: () => import('./validate.js'),
  },
  {
    name: 'create',
    summary: 'Create a submission (with an Idempotency-Key, so it is retried safely)',
    args: [QR_ID],
    options: [
      ...answers(),
      output(),
      ['--idempotency-key <key>', 'reuse a key (at most 128 characters); default: a new random key'],
      ['--time-spent <seconds>', 'timeSpentSeconds'],
      ['--time-expired', 'timeExpired: the quiz time ran out'],
    ],
    help: `\nExamples:\n  formctl submissions create AB12CD34 --set "Your name=Ada Lovelace" --set E-mail=ada@example.com\n  formctl submissions create AB12CD34 --answers @answers.json\n  formctl submissions create AB12CD34 --set Meal=veg --attach Photo=./me.jpg`,
    run: () => import('./create.js'),
  },
  {
    name: 'list',
    summary: 'List submissions, newest first (100 per request)',
    args: [QR_ID],
    options: [
      output(submissionView.fields),
      redact,
      ['--since <time>', `createdAt at or after: ${TIME_WORDS}`],
      ['--until <time>', `createdAt at or before (a date alone: its whole day): ${TIME_WORDS}`],
      ['--page <n>', 'page number (default 1)'],
      ['--limit <n>', 'per page, 1 to 100 (default 100)'],
      ['--all', 'every page'],
    ],
    run: () => import('./list.js'),
  },
  { name: 'get', summary: 'Show one submission', args: [['<id>', 'submission id (24 hex characters)']], options: [output(submissionView.fields), redact], run: () => import('./get.js') },
  {
    name: 'update',
    summary: 'Change answers: --set/--attach change those fields and keep the rest; --answers replaces all',
    args: [['<id>', 'submission id']],
    options: [...answers(), ['--time-spent <seconds>', 'timeSpentSeconds']],
    run: () => import('./update.js'),
  },
  {
    name: 'delete',
    summary: 'Delete submissions (owner and Admin only)',
    args: [['<id...>', 'submission ids']],
    options: [
      output(['id', 'result']),
      ['--form <qrId>', 'the form of the ids: one batch request instead of one per id'],
      ['-y, --yes', 'do not ask for confirmation (required when not on a terminal)'],
    ],
    run: () => import('./delete.js'),
  },
  {
    name: 'export',
    summary: 'Stream every matching submission to a file: 100 per request, constant memory',
    args: [QR_ID],
    options: [
      redact,
      ['--out <file>', 'file to write (atomically: temp file, then rename; refused if it exists unless --force); default stdout'],
      ['--force', 'overwrite an existing --out file'],
      ['-o, --output <format>', 'the same as --format (-o is the output format on every command)', { choices: FORMATS }],
      ['--format <format>', 'file format (default: csv)', { choices: FORMATS }],
      ['--json', 'shortcut for -o json (one JSON array)'],
      ['--since <time>', `createdAt at or after: ${TIME_WORDS}`],
      ['--until <time>', `createdAt at or before (default: the moment the export starts): ${TIME_WORDS}`],
      ['--headers <kind>', 'CSV column names', { choices: ['label', 'key'], default: 'label' }],
      csvRawOption(),
      ['--checkpoint <file>', 'export only what is new since the last run that used this file'],
      ['--order <order>', 'row order', { choices: ['newest', 'oldest'], default: 'newest' }],
      ['--concurrency <n>', 'pages fetched at once once the total is known, 1 to 8', { default: '4' }],
    ],
    help: '\nExamples:\n  formctl submissions export AB12CD34 --out responses.csv\n  formctl submissions export AB12CD34 --format jsonl --checkpoint .ab12.ckpt --out new.jsonl   # nightly: only new ones',
    run: () => import('./export.js'),
  },
  {
    name: 'import',
    summary: 'Create submissions from a CSV or JSONL file, safely re-runnable',
    args: [QR_ID, ['<file>', 'CSV (columns named by field label or key) or JSONL']],
    options: [
      ['--format <format>', 'input format (default: from the file name; for - from the first character)', { choices: FORMATS }],
      ['--dry-run', 'validate every row offline and report; send nothing'],
      ['--force-replay', 'send rows the local ledger says were imported before too (the service replays them)'],
      ['--concurrency <n>', 'rows sent at once, 1 to 16', { default: '4' }],
      ['--errors <file>', 'write rejected rows with their field errors here, ready to fix and re-import'],
      ['-o, --output <format>', 'the summary: text (default, on stderr) or json (on stdout)', { choices: ['text', 'json'] }],
      ['--json', 'shortcut for -o json'],
    ],
    help: '\nRows carry an Idempotency-Key derived from the form, the file and the row: re-running an interrupted\nimport within 24 hours creates nothing twice; --errors FILE is what to import again (failed rows keep their key).',
    run: () => import('./import.js'),
  },
  {
    name: 'watch',
    summary: 'Print new submissions as they arrive (polling; the fallback of spec §6): a line each on a terminal, JSON lines in a pipe',
    args: [QR_ID],
    options: [
      output(submissionView.fields),
      redact,
      ['--interval <seconds>', 'seconds between polls (each poll is one request)', { default: '30' }],
      ['--since <time>', `start from this createdAt instead of now: ${TIME_WORDS}`],
      ['--exec <command>', 'run a shell command for each submission, with its JSON on stdin'],
    ],
    run: () => import('./watch.js'),
  },
];

export function register(program: Command, bind: typeof Bind): void {
  const subs = program.command('submissions').description('Create, read, export and import form submissions');
  registerVerbs(subs, VERBS, bind);
}
