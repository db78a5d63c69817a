import { Argument, type Command } from 'commander';
import type { bind as Bind } from '../../cmdutil/command.js';

export function register(program: Command, bind: typeof Bind): void {
  bind(
    program
      .command('completion')
      .description('Print a shell completion script')
      .addArgument(new Argument('<shell>', 'shell').choices(['bash', 'zsh', 'fish']))
      .addHelpText('after', '\nInstall:\n  bash: formctl completion bash > ~/.local/share/bash-completion/completions/formctl\n  zsh:  formctl completion zsh > "${fpath[1]}/_formctl"\n  fish: formctl completion fish > ~/.config/fish/completions/formctl.fish\nThe same scripts are in the completions/ folder of the package; npm install -g copies them into\n<prefix>/share/{bash-completion/completions,zsh/site-functions,fish/vendor_completions.d}, where the\nshells find them for prefix /usr/local (FORMCTL_NO_COMPLETIONS=1 turns that off).'),
    () => import('./print.js'),
  );
}
