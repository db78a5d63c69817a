import type { Command } from 'commander';
import type { bind as Bind } from '../../cmdutil/command.js';

/** The hidden helper the completion scripts call for profile names and form ids. */
export function register(program: Command, bind: typeof Bind): void {
  bind(program.command('__complete', { hidden: true }).argument('<kind>', 'profiles or forms'), () => import('./dynamic.js'));
}
