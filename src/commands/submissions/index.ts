import { Option, type Command } from 'commander';
import type { bind as Bind } from '../../cmdutil/command.js';
import { addConnectionFlags, addOutputFlags, csvRawOption } from '../../cmdutil/flags.js';
import { schemaView, submissionView } from './views.js';
import { TIME_WORDS } from '../../domain/when.js';

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** --redact and --redact-text (README "Privacy"): people replaced by stable pseudonyms */
function redactFlags(cmd: Command): Command {
  return cmd
    .option('--redact', 'replace e-mails, phones, names, addresses and files by stable pseudonyms (a keyed hash per profile)')
    .option('--redact-text', 'with --redact, also drop free text (short and long text, locations, sheets)');
}

function answerFlags(cmd: Command, attach = 'upload a file (category=submission) and put its fileId in a file field (repeatable)'): Command {
  return cmd
    .option('--answers <json>', 'answers as JSON keyed by field key: inline, @file, or - for stdin')
    .option('--set <field=value>', 'one answer; FIELD is a key or a label; the value is shaped for the field (repeatable)', collect)
    .option('--attach <field=path>', attach, collect);
}

export function register(program: Command, bind: typeof Bind): void {
  const subs = program.command('submissions').description('Create, read, export and import form submissions');
  const verb = (name: string, description: string) => addConnectionFlags(subs.command(name).description(description), true);

  bind(
    redactFlags(verb('sync', 'Upsert submissions into a database (SQLite or PostgreSQL), incrementally; state kept in the database')
      .argument('[qrIds...]', 'form ids'))
      .option('--to <url>', 'sqlite:FILE or postgres://user:password@host:port/db (env FORMCTL_SYNC_URL; put the password in the env, not a flag)')
      .option('--all-forms', 'every form of the account')
      .option('--full', 're-read everything: updates changed rows and deletes rows the service no longer has')
      .addOption(new Option('-o, --output <format>', 'text (default) or json').choices(['text', 'json']))
      .option('--json', 'shortcut for -o json')
      .addHelpText('after', `
One table per form (form_<qrid>) with typed columns named after the field labels, one \`submissions\`
table with the raw JSON, and \`_formctl_sync\` with the state: the database alone is enough to resume.
An incremental sync costs one request per 100 new submissions (one when nothing is new); it cannot
see edits or deletions of older submissions (the API has no change feed): --full re-reads them.

Examples:
  formctl submissions sync F8K2QX --to sqlite:submissions.db
  FORMCTL_SYNC_URL=postgres://sync@db.internal/forms formctl submissions sync --all-forms
  formctl submissions sync F8K2QX --to sqlite:submissions.db --full`),
    () => import('./sync.js'),
  );
  bind(
    addOutputFlags(verb('schema', "Show what a form's answers look like (cached for offline checks)").argument('<qrId>', 'form id'), { fields: schemaView.fields }),
    () => import('./schema.js'),
  );
  bind(
    answerFlags(addOutputFlags(verb('validate', 'Check answers without creating anything').argument('<qrId>', 'form id'), { fields: ['valid'] }), 'check a file for a file field locally (exists, size, type); it is never uploaded (repeatable)').option(
      '--offline',
      'check against the cached schema: no request (run `submissions schema` once first)',
    ),
    () => import('./validate.js'),
  );
  bind(
    addOutputFlags(answerFlags(verb('create', 'Create a submission (with an Idempotency-Key, so it is retried safely)').argument('<qrId>', 'form id')))
      .option('--idempotency-key <key>', 'reuse a key (at most 128 characters); default: a new random key')
      .option('--time-spent <seconds>', 'timeSpentSeconds')
      .option('--time-expired', 'timeExpired: the quiz time ran out')
      .addHelpText(
        'after',
        `\nExamples:\n  formctl submissions create AB12CD34 --set "Your name=Ada Lovelace" --set E-mail=ada@example.com\n  formctl submissions create AB12CD34 --answers @answers.json\n  formctl submissions create AB12CD34 --set Meal=veg --attach Photo=./me.jpg`,
      ),
    () => import('./create.js'),
  );
  bind(
    redactFlags(addOutputFlags(verb('list', 'List submissions, newest first (100 per request)').argument('<qrId>', 'form id'), { fields: submissionView.fields }))
      .option('--since <time>', `createdAt at or after: ${TIME_WORDS}`)
      .option('--until <time>', `createdAt at or before (a date alone: its whole day): ${TIME_WORDS}`)
      .option('--page <n>', 'page number (default 1)')
      .option('--limit <n>', 'per page, 1 to 100 (default 100)')
      .option('--all', 'every page'),
    () => import('./list.js'),
  );
  bind(redactFlags(addOutputFlags(verb('get', 'Show one submission').argument('<id>', 'submission id (24 hex characters)'), { fields: submissionView.fields })), () => import('./get.js'));
  bind(
    answerFlags(verb('update', 'Change answers: --set/--attach change those fields and keep the rest; --answers replaces all').argument('<id>', 'submission id')).option(
      '--time-spent <seconds>',
      'timeSpentSeconds',
    ),
    () => import('./update.js'),
  );
  bind(
    verb('delete', 'Delete submissions (owner and Admin only)')
      .argument('<id...>', 'submission ids')
      .option('--form <qrId>', 'the form of the ids: one batch request instead of one per id')
      .option('-y, --yes', 'do not ask for confirmation (required when not on a terminal)'),
    () => import('./delete.js'),
  );
  bind(
    redactFlags(verb('export', 'Stream every matching submission to a file: 100 per request, constant memory'))
      .argument('<qrId>', 'form id')
      .option('--out <file>', 'file to write (atomically: temp file, then rename; refused if it exists unless --force); default stdout')
      .option('--force', 'overwrite an existing --out file')
      .addOption(new Option('-o, --output <format>', 'the same as --format (-o is the output format on every command)').choices(['csv', 'jsonl', 'json']))
      .addOption(new Option('--format <format>', 'file format').choices(['csv', 'jsonl', 'json']).default('csv'))
      .option('--since <time>', `createdAt at or after: ${TIME_WORDS}`)
      .option('--until <time>', `createdAt at or before (default: the moment the export starts): ${TIME_WORDS}`)
      .addOption(new Option('--headers <kind>', 'CSV column names').choices(['label', 'key']).default('label'))
      .addOption(csvRawOption())
      .option('--checkpoint <file>', 'export only what is new since the last run that used this file')
      .addOption(new Option('--order <order>', 'row order').choices(['newest', 'oldest']).default('newest'))
      .option('--concurrency <n>', 'pages fetched at once once the total is known, 1 to 8', '4')
      .addHelpText('after', '\nExamples:\n  formctl submissions export AB12CD34 --out responses.csv\n  formctl submissions export AB12CD34 --format jsonl --checkpoint .ab12.ckpt --out new.jsonl   # nightly: only new ones'),
    () => import('./export.js'),
  );
  bind(
    verb('import', 'Create submissions from a CSV or JSONL file, safely re-runnable')
      .argument('<qrId>', 'form id')
      .argument('<file>', 'CSV (columns named by field label or key) or JSONL')
      .addOption(new Option('--format <format>', 'input format (default: from the file name; for - from the first character)').choices(['csv', 'jsonl', 'json']))
      .option('--dry-run', 'validate every row offline and report; send nothing')
      .option('--force-replay', 'send rows the local ledger says were imported before too (the service replays them)')
      .option('--concurrency <n>', 'rows sent at once, 1 to 16', '4')
      .option('--errors <file>', 'write rejected rows with their field errors here, ready to fix and re-import')
      .option('--json', 'print the summary as JSON on stdout')
      .addHelpText('after', '\nRows carry an Idempotency-Key derived from the form, the file and the row: re-running an interrupted\nimport within 24 hours creates nothing twice.'),
    () => import('./import.js'),
  );
  bind(
    redactFlags(addOutputFlags(verb('watch', 'Print new submissions as they arrive (polling; the fallback of spec §6): a line each on a terminal, JSON lines in a pipe'), { fields: submissionView.fields }))
      .argument('<qrId>', 'form id')
      .option('--interval <seconds>', 'seconds between polls (each poll is one request)', '30')
      .option('--since <time>', `start from this createdAt instead of now: ${TIME_WORDS}`)
      .option('--exec <command>', 'run a shell command for each submission, with its JSON on stdin'),
    () => import('./watch.js'),
  );
}
