import type { Command } from 'commander';
import type { bind as Bind } from '../../cmdutil/command.js';
import { addOutputFlags } from '../../cmdutil/flags.js';
import { SETTING_KEYS } from './keys.js';

export function register(program: Command, bind: typeof Bind): void {
  const config = program.command('config').description(`Read and change settings (${SETTING_KEYS.join(', ')})`);
  bind(addOutputFlags(config.command('list').description('Show every setting and the current profile')), () => import('./list.js'));
  bind(config.command('get').description('Print one setting').argument('<key>', SETTING_KEYS.join(' | ')).option('--profile <name>', 'profile for base-url and plan'), () =>
    import('./get.js'),
  );
  bind(
    config
      .command('set')
      .description('Change one setting')
      .argument('<key>', SETTING_KEYS.join(' | '))
      .argument('<value>', 'new value')
      .option('--profile <name>', 'profile for base-url and plan')
      .addHelpText('after', '\nExamples:\n  formctl config set output json\n  formctl config set timeout 60\n  formctl config set plan business --profile prod'),
    () => import('./set.js'),
  );
  bind(config.command('unset').description('Remove one setting').argument('<key>', SETTING_KEYS.join(' | ')).option('--profile <name>', 'profile for base-url and plan'), () =>
    import('./unset.js'),
  );
  bind(config.command('path').description('Print the path of the configuration file'), () => import('./path.js'));
}
