import type { Command } from 'commander';
import type { bind as Bind } from '../../cmdutil/command.js';
import { addFormatFlags, addOutputFlags } from '../../cmdutil/flags.js';
import { registerVerbs, type VerbOption, type VerbSpec } from '../../cmdutil/verbs.js';
import { FIELD_TYPES } from '../../domain/fieldTypes.js';
import { QR_FORMATS } from '../../domain/qrFormats.js';
import { formListView, formView, resultView } from './views.js';

/** -o, --json, --columns (naming these fields), -q and --csv-raw */
const output =
  (fields: readonly string[]): VerbOption =>
  (cmd) =>
    addOutputFlags(cmd, { fields });

const QR_ID = ['<qrId>', 'form id'] as const;
const code = () => import('./code.js');

const VERBS: readonly VerbSpec[] = [
  {
    name: 'list',
    summary: 'List forms (100 per request; --all walks every page)',
    options: [
      output(formListView.fields),
      ['--page <n>', 'page number (default 1)'],
      ['--limit <n>', 'forms per page, 1 to 100 (default 100: the same one request, more data)'],
      ['--sort <order>', 'order', { choices: ['newest', 'name', 'scans'] }],
      ['--all', 'fetch every page'],
    ],
    help: '\nExamples:\n  formctl forms list\n  formctl forms list --all --sort name -o csv > forms.csv\n  formctl forms list -q | xargs -n1 formctl forms get\n  formctl forms list --all --query \'[?submissions > `0`].{qrId: qrId, title: title, submissions: submissions}\' -o csv',
    run: () => import('./list.js'),
  },
  { name: 'get', summary: 'Show one form', args: [QR_ID], options: [output(formView.fields)], run: () => import('./get.js') },
  {
    name: 'create',
    summary: 'Create a form from flags or a JSON file',
    options: [
      output(formView.fields),
      ['--title <text>', 'form title'],
      ['--short-text <text>', 'short description shown under the title'],
      ['--field <spec>', `a field: 'type:Label[*][:opt1|opt2]' (* = required; repeatable). Types: ${FIELD_TYPES.join(', ')}`, { repeatable: true }],
      ['--locale <code>', 'form locale, e.g. en'],
      ['--quiz', 'make it a quiz (isQuiz)'],
      ['--notify', 'e-mail the owner on each submission (default)'],
      ['--no-notify', 'no e-mail per submission (submissionNotification false)'],
      ['--file <path>', 'body of POST /forms (spec §2.2): JSON, or YAML for .yaml/.yml, or - for stdin; flags override it'],
      ['--skeleton', 'print a commented starter body (YAML; -o json for JSON) and send nothing'],
      ['--resume <file>', 'go on with a builder session saved with "Save to a file and stop"'],
      ['--force', 'let the builder overwrite an existing draft file without asking'],
    ],
    help: `\nWith no flags on a terminal it opens the form builder: start blank, from a template, from a sentence
(the AI builder) or from a file; add, edit (the type too), move and remove fields; quiz settings (which
questions are scored, their points, their answers picked by name); a QR preset; one create. Every list
has "← Back"; Ctrl-C or Cancel with fields asks first and offers to save a draft; a draft never
overwrites a file without asking (--force).

Examples:
  formctl forms create                                   # the builder (on a terminal)
  formctl forms create --title "Event sign-up" --short-text "Join us" \\
    --field 'name:Your name*' --field 'email:E-mail*' --field 'radio:Meal:veg|fish|meat'
  formctl forms create --skeleton > form.yaml && $EDITOR form.yaml && formctl forms create --file form.yaml -q`,
    run: () => import('./create.js'),
  },
  {
    name: 'update',
    summary: 'Change a form (partial update)',
    args: [QR_ID],
    options: [
      output(formView.fields),
      ['--title <text>', 'new title'],
      ['--short-text <text>', 'new short text'],
      ['--locale <code>', 'new locale'],
      ['--notify', 'e-mail the owner on each submission'],
      ['--no-notify', 'no e-mail per submission'],
      ['--add-field <spec>', "append a field: 'type:Label[*][:opt1|opt2]' (repeatable; reads the form first)", { repeatable: true }],
      ['--remove-field <key>', 'remove the field with this key (repeatable; reads the form first)', { repeatable: true }],
      ['--file <path>', 'JSON body of PUT /forms/{qrId}, or - for stdin; flags override it'],
      ['--replace-fields', 'let a "fields" list in --file replace every field (fields left out are deleted)'],
    ],
    run: () => import('./update.js'),
  },
  {
    name: 'archive',
    summary: 'Archive a form (it then answers like an unknown form until restored)',
    args: [QR_ID],
    options: [output(resultView.fields)],
    run: () => import('./archive.js'),
  },
  { name: 'restore', summary: 'Restore an archived form', args: [QR_ID], options: [output(resultView.fields)], run: () => import('./restore.js') },
  {
    name: 'delete',
    summary: 'Delete forms for good (several ids: one bulk request)',
    args: [['<qrId...>', 'form ids']],
    options: [output(resultView.fields), ['-y, --yes', 'do not ask for confirmation (required when not on a terminal)']],
    run: () => import('./delete.js'),
  },
  {
    name: 'clone',
    summary: 'Copy a form',
    args: [QR_ID],
    options: [output(['qrId', 'shortUrl', 'qrImgUrl']), ['--count <n>', 'number of copies, 1 to 10', { default: '1' }]],
    run: () => import('./clone.js'),
  },
  {
    name: 'share',
    summary: 'E-mail a form link to at most 5 addresses',
    args: [QR_ID],
    options: [['--to <addresses>', 'comma-separated e-mail addresses (at most 5)', { mandatory: true }]],
    run: () => import('./share.js'),
  },
  {
    name: 'download',
    summary: "Download a form's QR code image",
    args: [QR_ID],
    options: [
      ['--format <format>', "image format (default: --out's extension; to stdout, png)", { choices: QR_FORMATS }],
      ['--resolution <px>', 'image size in pixels, 32 to 4096'],
      ['--out <file>', 'file to write (default: stdout, refused when stdout is a terminal)'],
      ['--force', 'overwrite an existing --out file'],
    ],
    help: '\nExamples:\n  formctl forms download AB12CD34 --format svg > qr.svg\n  formctl forms download AB12CD34 --resolution 1024 --out poster.png   # the format from the extension\n  formctl forms download AB12CD34 --format pdf | lpr',
    run: () => import('./download.js'),
  },
  {
    name: 'pull',
    summary: 'Write a form as a definition file (JSON, or YAML by extension): forms kept as code',
    args: [['[qrId]', 'form id']],
    options: [
      ['--out <file>', 'the file to write (default stdout); records the form in .formctl/forms.json beside it'],
      ['--all <dir>', 'every form of the account: one file each and the manifest'],
      ['--force', 'overwrite existing files'],
      ['-o, --output <format>', 'stdout format: json or yaml', { choices: ['json', 'yaml'] }],
    ],
    help: '\nExamples:\n  formctl forms pull F8K2QX --out forms/signup.yaml\n  formctl forms pull --all forms/\n  formctl forms pull F8K2QX -o yaml | less',
    run: async () => ({ run: (await code()).pull }),
  },
  {
    name: 'diff',
    summary: 'Show what applying a definition file would change on the service (exit 0 same, 1 different)',
    args: [
      ['<file>', 'definition file'],
      ['[qrId]', 'the form to compare with (default: the one the manifest maps the file to)'],
    ],
    options: [
      ['-o, --output <format>', 'text (default) or json', { choices: ['text', 'json'] }],
      ['--json', 'shortcut for -o json'],
    ],
    help: '\nExamples:\n  formctl forms diff forms/signup.yaml\n  formctl forms diff forms/signup.yaml -o json | jq .changes',
    run: async () => ({ run: (await code()).diff }),
  },
  {
    name: 'apply',
    summary: 'Create or update forms from definition files: a minimal partial update each, per profile',
    args: [['<files...>', 'definition files (JSON or YAML)']],
    options: [
      ['--dry-run', 'print the plan and send no write request'],
      ['--prune-fields', 'remove fields that are on the service but not in the file'],
    ],
    help: '\nEvery file is checked before the first request. The manifest (.formctl/forms.json beside the files)\nmaps each file to its form per profile, so the same files apply to staging and production.\n\nExamples:\n  formctl forms apply forms/*.yaml --dry-run\n  formctl --profile production forms apply forms/*.yaml',
    run: async () => ({ run: (await code()).apply }),
  },
  {
    name: 'edit',
    summary: 'Edit a form in $VISUAL/$EDITOR; sends only what changed (nothing when nothing did)',
    args: [QR_ID],
    options: [
      output(formView.fields),
      ['--yaml', 'edit as YAML instead of JSON'],
      ['--from <file>', 'send this edited file (JSON, or YAML by extension): as it is off a terminal, after the editor on one; properties it leaves out stay as they are (a forms pull file works)'],
      ['--no-editor', 'with --from on a terminal: send the file without opening the editor'],
      ['-y, --yes', 'send an edit that removes fields or options without asking (required when not on a terminal)'],
    ],
    help: `
The documented properties only (spec §2.2); field keys keep existing fields. Requests: the form, then one
partial update when something changed. Before it, a summary of the changes on stderr; an edit that
removes fields (their answers can then no longer be read) or options asks first (default No).

The edit lives in a file under the config dir (edits/ID.json, mode 0600) that outlives every failure:
a refused form, a network error, "No", Ctrl-C. The last line on stderr names it, and --from sends it.
An empty file (or comments only) aborts: nothing is sent, exit 1. Off a terminal (or with CI set) no
editor is started: give the file with --from.

Examples:
  formctl forms edit F8K2QX
  EDITOR="code --wait" formctl forms edit F8K2QX --yaml
  formctl forms edit F8K2QX --from ~/.config/formctl/edits/F8K2QX.json   # opens it again on a terminal
  formctl forms edit F8K2QX --from form.json --yes      # in a script: sent as it is`,
    run: () => import('./edit.js'),
  },
  {
    name: 'design',
    summary: "Change a form's QR design (spec qrConfig): a preset, colours, gradient, eyes, pattern, frame, logo",
    args: [QR_ID],
    options: [
      (cmd: Command) => addFormatFlags(cmd, 'output format: json (the qrConfig) or table (the QR code drawn in the terminal; default: table on a terminal, json in a pipe)'),
      ['--preset <id>', 'start from a preset (formctl presets list)'],
      ['--color-dark <hex>', 'module colour, e.g. 1a2b3c'],
      ['--background <hex>', 'background colour'],
      ['--gradient <type>', 'module gradient: linear, upDown, diagonal1, diagonal2, radial (none: off)'],
      ['--colors <a,b>', 'the two gradient colours'],
      ['--eyes <inner[,outer]>', 'eye shapes: inner 0-10, outer 0-12 (eyeInner3,eyeOuter5 also accepted)'],
      ['--eye-colors <a[,b]>', 'outer and inner eye colours (none: like the modules)'],
      ['--pattern <n>', 'module pattern 0-14'],
      ['--frame <n>', 'frame 1-16'],
      ['--frame-text <text>', 'the frame label'],
      ['--frame-font <font>', 'the label font (Arial, Courier New, Times New Roman, Roboto, …)'],
      ['--frame-colors <a[,b]>', 'frame colour, and a second one on frames 5, 6, 10, 13 and 14'],
      ['--frame-color-type <type>', 'fill, linear, upDown, downUp, diagonal1, diagonal2, radial'],
      ['--transparent', 'transparent background'],
      ['--no-transparent', 'opaque background'],
      ['--size <px>', 'image size in pixels, 64 to 4096'],
      ['--logo <fileId|path>', 'centre logo: an image file (uploaded first as a logo) or the fileId of one'],
      ['--reset', 'start from an empty design instead of the current one'],
      ['--dry-run', 'print the qrConfig patch and make no request'],
    ],
    help: `
Flags are checked before any request. Requests: the form (to merge over its design, unless --reset),
the preset list with --preset, a logo upload with --logo PATH, then one update.

Examples:
  formctl forms design F8K2QX --preset ocean
  formctl forms design F8K2QX --pattern 1 --eyes 2,2 --color-dark 1d4ed8
  formctl forms design F8K2QX --gradient diagonal1 --colors 7c3aed,db2777 --frame 6 --frame-text MENU --frame-colors 0f766e,f59e0b
  formctl forms design F8K2QX --logo ./logo.png --dry-run`,
    run: () => import('./design.js'),
  },
  {
    name: 'open',
    summary: "Print a form's short link and draw its QR code in the terminal, or open the form page in a browser",
    args: [QR_ID],
    options: [['--web', 'open the form page in the browser ($BROWSER, a command with arguments, %s for the link; else xdg-open, open or start): an opener that fails is exit 1; off a terminal or with CI set, print the link only']],
    run: () => import('./open.js'),
  },
];

export function register(program: Command, bind: typeof Bind): void {
  const forms = program.command('forms').description('Create, list, change, share and download forms');
  registerVerbs(forms, VERBS, bind);
}
