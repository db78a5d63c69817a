import type { Command } from 'commander';
import type { bind as Bind } from '../../cmdutil/command.js';
import { addFormatFlags } from '../../cmdutil/flags.js';

export function register(program: Command, bind: typeof Bind): void {
  bind(
    addFormatFlags(program.command('doctor').description('Check the set-up: config modes, key, base URL, proxy, clock, quota ledger, sandbox data, Node'))
      .option('--offline', 'send no request (skips the key and clock checks)')
      .addHelpText('after', '\nEach line is ok, warning or problem, with the fix. Exit 1 when a problem is found.\nOne request (said before it is sent) checks the key and the clock; --offline sends none.\n\nExamples:\n  formctl doctor\n  formctl doctor --offline -o json | jq \'.[] | select(.level != "ok")\'\n  formctl doctor --offline --query "[?level!=\'ok\'].check" -o table'),
    () => import('./run.js'),
  );
}
