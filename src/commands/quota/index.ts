import type { Command } from 'commander';
import type { bind as Bind } from '../../cmdutil/command.js';
import { addOutputFlags } from '../../cmdutil/flags.js';

export function register(program: Command, bind: typeof Bind): void {
  bind(
    addOutputFlags(program.command('quota').description("This month's API requests as formctl counted them, against the plan's limit"))
      .addHelpText('after', `
The API never says how much of the monthly quota is left. formctl keeps a ledger of every request it
sends, per profile and month (in the config dir); requests of other clients with the same key are not
in it. --max-requests N (or FORMCTL_MAX_REQUESTS) caps one run.

Examples:
  formctl quota
  formctl quota -o json | jq .used
  formctl quota --query left -o table         # the requests left this month, as a number`),
    () => import('./show.js'),
  );
}
