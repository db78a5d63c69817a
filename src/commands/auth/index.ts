import { Option, type Command } from 'commander';
import type { bind as Bind } from '../../cmdutil/command.js';
import { addOutputFlags } from '../../cmdutil/flags.js';
import { PLANS } from '../../domain/plans.js';

export function register(program: Command, bind: typeof Bind): void {
  const auth = program.command('auth').description('Log in, log out, switch and inspect profiles');
  bind(
    auth
      .command('login')
      .description('Save an API key and base URL as a profile (the key is typed at a hidden prompt or read from stdin)')
      .option('--profile <name>', 'profile name (default: default, or sandbox with --sandbox)')
      .option('--base-url <url>', 'API base URL ending in /v1 (https; http only for loopback)')
      .option('--with-key', 'read the API key from stdin instead of prompting')
      .option('--sandbox', 'make a profile that uses the embedded sandbox (no key needed)')
      .addOption(new Option('--plan <plan>', "the account's plan, so plan limits are checked before sending").choices([...PLANS]))
      .option('--check', 'check the key with one request before saving it (the default)')
      .option('--no-check', 'save the key without the one request that checks it (offline set-up)')
      .addOption(new Option('--keyring <when>', 'auto: the system keyring when one answers, else the config file; require: the keyring or fail').choices(['auto', 'require']))
      .option('--insecure-storage', 'keep the key in the config file (mode 600) in clear text, not in the system keyring')
      .addHelpText(
        'after',
        '\nThe key goes into the system keyring (Secret Service, macOS Keychain, Windows Credential Manager);\nwhere none answers, into the config file (mode 600). The key is never accepted as a flag value:\nit would be left in shell history and `ps`.\n\nExamples:\n  formctl auth login --base-url https://api.example.com/v1\n  echo "$FORM_KEY" | formctl auth login --with-key --base-url https://api.example.com/v1 --profile ci\n  echo "$FORM_KEY" | formctl auth login --with-key --keyring=require\n  formctl auth login --sandbox',
      ),
    () => import('./login.js'),
  );
  bind(
    addOutputFlags(auth.command('status').description('Show the active profile, base URL and masked key (no request unless --check)')).option(
      '--check',
      'verify the key with one request',
    ),
    () => import('./status.js'),
  );
  bind(auth.command('logout').description('Remove a profile and its key (from the system keyring or the config file)').option('--profile <name>', 'profile to remove (default: the current one)'), () => import('./logout.js'));
  bind(
    auth
      .command('migrate')
      .description('Move the keys kept in the config file into the system keyring')
      .option('--profile <name>', 'move only this profile\'s key (default: every profile\'s)')
      .addHelpText('after', '\nA key leaves the config file only once the keyring has given it back.\n\nExamples:\n  formctl auth migrate\n  formctl auth migrate --profile ci'),
    () => import('./migrate.js'),
  );
  bind(addOutputFlags(auth.command('list').description('List profiles')), () => import('./list.js'));
  bind(auth.command('switch').description('Make another profile the current one').argument('<name>', 'profile name'), () => import('./switch.js'));
}
