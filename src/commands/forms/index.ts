import { Option, type Command } from 'commander';
import type { bind as Bind } from '../../cmdutil/command.js';
import { addConnectionFlags, addOutputFlags } from '../../cmdutil/flags.js';
import { FIELD_TYPES } from '../../domain/fieldTypes.js';
import { formListView, formView, resultView } from './views.js';

const collect = (value: string, previous: string[] = []) => [...previous, value];

export function register(program: Command, bind: typeof Bind): void {
  const forms = program.command('forms').description('Create, list, change, share and download forms');
  const verb = (name: string, description: string) => addConnectionFlags(forms.command(name).description(description), true);

  bind(
    addOutputFlags(verb('list', 'List forms (100 per request; --all walks every page)'), { fields: formListView.fields })
      .option('--page <n>', 'page number (default 1)')
      .option('--limit <n>', 'forms per page, 1 to 100 (default 100: the same one request, more data)')
      .addOption(new Option('--sort <order>', 'order').choices(['newest', 'name', 'scans']))
      .option('--all', 'fetch every page')
      .addHelpText('after', '\nExamples:\n  formctl forms list\n  formctl forms list --all --sort name -o csv > forms.csv\n  formctl forms list -q | xargs -n1 formctl forms get'),
    () => import('./list.js'),
  );
  bind(
    addOutputFlags(verb('get', 'Show one form').argument('<qrId>', 'form id'), { fields: formView.fields }),
    () => import('./get.js'),
  );
  bind(
    addOutputFlags(verb('create', 'Create a form from flags or a JSON file'), { fields: formView.fields })
      .option('--title <text>', 'form title')
      .option('--short-text <text>', 'short description shown under the title')
      .option('--field <spec>', `a field: 'type:Label[*][:opt1|opt2]' (* = required; repeatable). Types: ${FIELD_TYPES.join(', ')}`, collect)
      .option('--locale <code>', 'form locale, e.g. en')
      .option('--quiz', 'make it a quiz (isQuiz)')
      .option('--notify', 'e-mail the owner on each submission (default)')
      .option('--no-notify', 'no e-mail per submission (submissionNotification false)')
      .option('--file <path>', 'body of POST /forms (spec §2.2): JSON, or YAML for .yaml/.yml, or - for stdin; flags override it')
      .option('--skeleton', 'print a commented starter body (YAML; -o json for JSON) and send nothing')
      .option('--resume <file>', 'go on with a builder session saved with "Save to a file and stop"')
      .option('--force', 'let the builder overwrite an existing draft file without asking')
      .addHelpText('after', `\nWith no flags on a terminal it opens the form builder: start blank, from a template, from a sentence
(the AI builder) or from a file; add, edit (the type too), move and remove fields; quiz settings (which
questions are scored, their points, their answers picked by name); a QR preset; one create. Every list
has "← Back"; Ctrl-C or Cancel with fields asks first and offers to save a draft; a draft never
overwrites a file without asking (--force).

Examples:
  formctl forms create                                   # the builder (on a terminal)
  formctl forms create --title "Event sign-up" --short-text "Join us" \\
    --field 'name:Your name*' --field 'email:E-mail*' --field 'radio:Meal:veg|fish|meat'
  formctl forms create --skeleton > form.yaml && $EDITOR form.yaml && formctl forms create --file form.yaml -q`),
    () => import('./create.js'),
  );
  bind(
    addOutputFlags(verb('update', 'Change a form (partial update)').argument('<qrId>', 'form id'), { fields: formView.fields })
      .option('--title <text>', 'new title')
      .option('--short-text <text>', 'new short text')
      .option('--locale <code>', 'new locale')
      .option('--notify', 'e-mail the owner on each submission')
      .option('--no-notify', 'no e-mail per submission')
      .option('--add-field <spec>', "append a field: 'type:Label[*][:opt1|opt2]' (repeatable; reads the form first)", collect)
      .option('--remove-field <key>', 'remove the field with this key (repeatable; reads the form first)', collect)
      .option('--file <path>', 'JSON body of PUT /forms/{qrId}, or - for stdin; flags override it')
      .option('--replace-fields', 'let a "fields" list in --file replace every field (fields left out are deleted)'),
    () => import('./update.js'),
  );
  bind(addOutputFlags(verb('archive', 'Archive a form (it then answers like an unknown form until restored)').argument('<qrId>', 'form id'), { fields: resultView.fields }), () =>
    import('./archive.js'),
  );
  bind(addOutputFlags(verb('restore', 'Restore an archived form').argument('<qrId>', 'form id'), { fields: resultView.fields }), () => import('./restore.js'));
  bind(
    addOutputFlags(verb('delete', 'Delete forms for good (several ids: one bulk request)').argument('<qrId...>', 'form ids'), { fields: resultView.fields }).option(
      '-y, --yes',
      'do not ask for confirmation (required when not on a terminal)',
    ),
    () => import('./delete.js'),
  );
  bind(
    addOutputFlags(verb('clone', 'Copy a form').argument('<qrId>', 'form id'), { fields: ['qrId', 'shortUrl', 'qrImgUrl'] }).option('--count <n>', 'number of copies, 1 to 10', '1'),
    () => import('./clone.js'),
  );
  bind(
    verb('share', 'E-mail a form link to at most 5 addresses').argument('<qrId>', 'form id').requiredOption('--to <addresses>', 'comma-separated e-mail addresses (at most 5)'),
    () => import('./share.js'),
  );
  bind(
    verb('download', "Download a form's QR code image")
      .argument('<qrId>', 'form id')
      .addOption(new Option('--format <format>', 'image format').choices(['png', 'svg', 'pdf', 'eps']).makeOptionMandatory())
      .option('--resolution <px>', 'image size in pixels, 32 to 4096')
      .option('--out <file>', 'file to write (default: stdout, refused when stdout is a terminal)')
      .option('--force', 'overwrite an existing --out file')
      .addHelpText('after', '\nExamples:\n  formctl forms download AB12CD34 --format svg\n  formctl forms download AB12CD34 --format png --resolution 1024 --out poster.png\n  formctl forms download AB12CD34 --format pdf | lpr'),
    () => import('./download.js'),
  );
  const code = () => import('./code.js');
  bind(
    verb('pull', 'Write a form as a definition file (JSON, or YAML by extension): forms kept as code')
      .argument('[qrId]', 'form id')
      .option('--out <file>', 'the file to write (default stdout); records the form in .formctl/forms.json beside it')
      .option('--all <dir>', 'every form of the account: one file each and the manifest')
      .option('--force', 'overwrite existing files')
      .addOption(new Option('-o, --output <format>', 'stdout format: json or yaml').choices(['json', 'yaml']))
      .addHelpText('after', '\nExamples:\n  formctl forms pull F8K2QX --out forms/signup.yaml\n  formctl forms pull --all forms/\n  formctl forms pull F8K2QX -o yaml | less'),
    async () => ({ run: (await code()).pull }),
  );
  bind(
    verb('diff', 'Show what applying a definition file would change on the service (exit 0 same, 1 different)')
      .argument('<file>', 'definition file')
      .argument('[qrId]', 'the form to compare with (default: the one the manifest maps the file to)')
      .addOption(new Option('-o, --output <format>', 'text (default) or json').choices(['text', 'json']))
      .option('--json', 'shortcut for -o json')
      .addHelpText('after', '\nExamples:\n  formctl forms diff forms/signup.yaml\n  formctl forms diff forms/signup.yaml -o json | jq .changes'),
    async () => ({ run: (await code()).diff }),
  );
  bind(
    verb('apply', 'Create or update forms from definition files: a minimal partial update each, per profile')
      .argument('<files...>', 'definition files (JSON or YAML)')
      .option('--dry-run', 'print the plan and send no write request')
      .option('--prune-fields', 'remove fields that are on the service but not in the file')
      .addHelpText('after', '\nEvery file is checked before the first request. The manifest (.formctl/forms.json beside the files)\nmaps each file to its form per profile, so the same files apply to staging and production.\n\nExamples:\n  formctl forms apply forms/*.yaml --dry-run\n  formctl --profile production forms apply forms/*.yaml'),
    async () => ({ run: (await code()).apply }),
  );
  bind(
    addOutputFlags(verb('edit', 'Edit a form in $VISUAL/$EDITOR; sends only what changed (nothing when nothing did)').argument('<qrId>', 'form id'), { fields: formView.fields })
      .option('--yaml', 'edit as YAML instead of JSON')
      .option('--from <file>', 'send this edited file (JSON, or YAML by extension): as it is off a terminal, after the editor on one')
      .option('--no-editor', 'with --from on a terminal: send the file without opening the editor')
      .option('-y, --yes', 'send an edit that removes fields or options without asking (required when not on a terminal)')
      .addHelpText('after', `
The documented properties only (spec §2.2); field keys keep existing fields. Requests: the form, then one
partial update when something changed. Before it, a summary of the changes on stderr; an edit that
removes fields (their answers can then no longer be read) or options asks first (default No).

The edit lives in a file under the config dir (edits/ID.json, mode 0600) that outlives every failure:
a refused form, a network error, "No", Ctrl-C. The last line on stderr names it, and --from sends it.
An empty file (or comments only) aborts: nothing is sent, exit 1.

Examples:
  formctl forms edit F8K2QX
  EDITOR="code --wait" formctl forms edit F8K2QX --yaml
  formctl forms edit F8K2QX --from ~/.config/formctl/edits/F8K2QX.json   # opens it again on a terminal
  formctl forms edit F8K2QX --from form.json --yes      # in a script: sent as it is`),
    () => import('./edit.js'),
  );
  bind(
    verb('design', "Change a form's QR design (spec qrConfig): a preset, colours, gradient, eyes, pattern, frame, logo")
      .argument('<qrId>', 'form id')
      .option('--preset <id>', 'start from a preset (formctl presets list)')
      .option('--color-dark <hex>', 'module colour, e.g. 1a2b3c')
      .option('--background <hex>', 'background colour')
      .option('--gradient <type>', 'module gradient: linear, upDown, diagonal1, diagonal2, radial (none: off)')
      .option('--colors <a,b>', 'the two gradient colours')
      .option('--eyes <inner[,outer]>', 'eye shapes: inner 0-10, outer 0-12 (eyeInner3,eyeOuter5 also accepted)')
      .option('--eye-colors <a[,b]>', 'outer and inner eye colours (none: like the modules)')
      .option('--pattern <n>', 'module pattern 0-14')
      .option('--frame <n>', 'frame 1-16')
      .option('--frame-text <text>', 'the frame label')
      .option('--frame-font <font>', 'the label font (Arial, Courier New, Times New Roman, Roboto, …)')
      .option('--frame-colors <a[,b]>', 'frame colour, and a second one on frames 5, 6, 10, 13 and 14')
      .option('--frame-color-type <type>', 'fill, linear, upDown, downUp, diagonal1, diagonal2, radial')
      .option('--transparent', 'transparent background')
      .option('--no-transparent', 'opaque background')
      .option('--size <px>', 'image size in pixels, 64 to 4096')
      .option('--logo <fileId|path>', 'centre logo: an image file (uploaded first as a logo) or the fileId of one')
      .option('--reset', 'start from an empty design instead of the current one')
      .option('--dry-run', 'print the qrConfig patch and make no request')
      .addHelpText('after', `
Flags are checked before any request. Requests: the form (to merge over its design, unless --reset),
the preset list with --preset, a logo upload with --logo PATH, then one update.

Examples:
  formctl forms design F8K2QX --preset ocean
  formctl forms design F8K2QX --pattern 1 --eyes 2,2 --color-dark 1d4ed8
  formctl forms design F8K2QX --gradient diagonal1 --colors 7c3aed,db2777 --frame 6 --frame-text MENU --frame-colors 0f766e,f59e0b
  formctl forms design F8K2QX --logo ./logo.png --dry-run`),
    () => import('./design.js'),
  );
  bind(
    verb('open', "Print a form's short link and draw its QR code in the terminal, or open the form page in a browser")
      .argument('<qrId>', 'form id')
      .option('--web', 'open the form page in the browser ($BROWSER, else xdg-open, open or start); off a terminal, print the link only'),
    () => import('./open.js'),
  );
}
