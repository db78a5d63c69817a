import { Option, type Command } from 'commander';
import type { bind as Bind } from '../../cmdutil/command.js';

const collect = (value: string, previous: string[] = []) => [...previous, value];

export function register(program: Command, bind: typeof Bind): void {
  const ai = program.command('ai').description('Draft forms from a sentence with the AI builder');
  bind(
    ai.command('draft').description('Draft a form from a prompt; refine it; create it')
      .argument('[prompt]', 'what the form should ask, in a sentence (at least 10 characters); with --from, an instruction for the saved draft')
      .option('--from <file>', 'go on with a draft saved to a file (JSON or YAML, as printed or saved here)')
      .option('--refine <instruction>', 'an instruction applied to the draft, e.g. "make the e-mail optional" (repeatable; 1 request each)', collect)
      .option('--create', 'create the form at once (1 more request)')
      .addOption(new Option('-o, --output <format>', 'json or yaml (default: an outline and a loop on a terminal, JSON in a pipe)'))
      .addOption(new Option('--json', 'shortcut for --output json'))
      .addHelpText('after', `
Every call of the AI builder counts against the monthly quota: each round says so before it is sent.

Examples:
  formctl ai draft "Event sign-up with name, e-mail, T-shirt size S, M or L and a photo"
  formctl ai draft "Contact form with name, e-mail and phone" --refine "make the phone optional" --create
  formctl ai draft "A short RSVP form for a team dinner"
  formctl ai draft "Order form for t-shirts: size, colour (red, blue, black) and quantity" -o yaml
  formctl ai draft "Formulario de contacto con nombre, correo electrónico y mensaje"
  formctl ai draft "Quiz: capital of France? Paris; 2+2? 4. pass mark 60%" | formctl forms create --file -
  formctl ai draft --from form-draft.json "move the phone to the top; in Spanish" > form-draft-es.json`),
    () => import('./draft.js'),
  );
}
