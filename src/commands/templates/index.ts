import type { Command } from 'commander';
import type { bind as Bind } from '../../cmdutil/command.js';
import { addOutputFlags } from '../../cmdutil/flags.js';
import { formView } from '../../cmdutil/formView.js';

const ITEM = { fields: ['id', 'title', 'categoryName'] };
const verbs = () => import('./verbs.js');

export function register(program: Command, bind: typeof Bind): void {
  const templates = program.command('templates').description('Browse the template gallery, create forms from templates, keep favorites, share and save your own');
  const verb = (name: string, description: string) => templates.command(name).description(description);
  bind(
    addOutputFlags(verb('categories', 'List the template categories'), { fields: ['id', 'name', 'items'] })
      .option('--items', 'embed up to six templates per category')
      .addHelpText('after', '\nExamples:\n  formctl templates categories\n  formctl templates categories --items -o json'),
    async () => ({ run: (await verbs()).categoriesCommand }),
  );
  bind(
    addOutputFlags(verb('list', 'List public templates: of one category, or the first of each'), ITEM)
      .option('--category <name|id>', 'a category by name (e.g. Events) or id')
      .option('--limit <n>', 'at most this many, 1 to 100')
      .addHelpText('after', '\nExamples:\n  formctl templates list --category Events\n  formctl templates list -q | head -3\n  formctl templates list --query "[].title" -o table'),
    async () => ({ run: (await verbs()).list }),
  );
  bind(
    addOutputFlags(verb('get', 'Show a template: an outline of its fields on a terminal, the raw record with -o json'), { ...ITEM, formats: 'output format: table (an outline of its fields) or json (default: table on a terminal, json in a pipe)' })
      .argument('<id>', 'template id (24 hex characters)')
      .addHelpText('after', "\nExamples:\n  formctl templates get 5f0c9a1e2b3c4d5e6f708192\n  formctl templates get 5f0c9a1e2b3c4d5e6f708192 -o json | jq '.form.fields'\n  formctl templates get 5f0c9a1e2b3c4d5e6f708192 --query 'form.fields[].type'"),
    async () => ({ run: (await verbs()).get }),
  );
  bind(
    // it answers with a form, printed as forms create prints one
    addOutputFlags(verb('use', 'Create a form from a template (its form-create body, then one create)'), formView)
      .argument('<id>', 'template id')
      .option('--title <text>', 'title of the new form')
      .option('--short-text <text>', 'short text of the new form')
      .addHelpText('after', '\nExamples:\n  formctl templates use 5f0c9a1e2b3c4d5e6f708192 --title "Spring fair sign-up"\n  QR=$(formctl templates use 5f0c9a1e2b3c4d5e6f708192 -q)'),
    async () => ({ run: (await verbs()).use }),
  );
  bind(addOutputFlags(verb('favorites', 'List your favorite templates'), ITEM).addHelpText('after', '\nExample:\n  formctl templates favorites'), async () => ({ run: (await verbs()).favorites }));
  bind(addOutputFlags(verb('mine', "List the account's private templates"), ITEM).addHelpText('after', '\nExample:\n  formctl templates mine -o json'), async () => ({ run: (await verbs()).mine }));
  bind(verb('favorite', 'Add a template to your favorites').argument('<id>', 'template id').addHelpText('after', '\nExample:\n  formctl templates favorite 5f0c9a1e2b3c4d5e6f708192'), async () => ({ run: (await verbs()).favorite }));
  bind(verb('unfavorite', 'Remove a template from your favorites').argument('<id>', 'template id').addHelpText('after', '\nExample:\n  formctl templates unfavorite 5f0c9a1e2b3c4d5e6f708192'), async () => ({ run: (await verbs()).unfavorite }));
  bind(
    verb('share', 'E-mail a public template link to at most 5 addresses')
      .argument('<id>', 'template id')
      .requiredOption('--to <addresses>', 'comma-separated e-mail addresses (at most 5)')
      .addHelpText('after', '\nExample:\n  formctl templates share 5f0c9a1e2b3c4d5e6f708192 --to ana@example.com,bo@example.com'),
    async () => ({ run: (await verbs()).share }),
  );
  bind(
    addOutputFlags(verb('save', 'Save a form as a private template (never public)'), ITEM)
      .argument('<qrId>', 'the form to save')
      .requiredOption('--category <name|id>', 'the category it goes in')
      .option('--title <text>', "the template's title (default: the form's)")
      .addHelpText('after', '\nExample:\n  formctl templates save F8K2QX --category Events --title "Our sign-up"'),
    async () => ({ run: (await verbs()).save }),
  );
}
