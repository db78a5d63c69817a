import { Option, type Command } from 'commander';
import type { bind as Bind } from '../../cmdutil/command.js';
import { addOutputFlags } from '../../cmdutil/flags.js';

const FIELDS = { fields: ['id', 'name', 'email', 'userType', 'blocked', 'teamName'] };
const collect = (value: string, previous: string[] = []) => [...previous, value];
const verbs = () => import('./verbs.js');

export function register(program: Command, bind: typeof Bind): void {
  const team = program.command('team').description('Team members and their roles (plan-gated: Business and above)');
  const verb = (name: string, description: string) => team.command(name).description(description);
  const stdinFlag = new Option('--password-stdin', 'read the password(s) from stdin, one per line (never a flag value)');
  bind(addOutputFlags(verb('list', 'List the team members (never their passwords or keys)'), FIELDS).addHelpText('after', '\nExamples:\n  formctl team list\n  formctl team list -o json | jq -r \'.[] | select(.blocked) | .email\'\n  formctl team list --query "[?blocked].email" -o table'), async () => ({ run: (await verbs()).list }));
  bind(
    addOutputFlags(verb('add', 'Add a member with a role; the password from a hidden prompt or --password-stdin'), FIELDS)
      .argument('<email>', 'their e-mail (their login)')
      .addOption(new Option('--role <role>', 'Admin, Editor or Viewer').makeOptionMandatory())
      .option('--name <name>', 'display name (default: the e-mail before @)')
      .option('--sub-domain <id>', 'a sub-domain id they may use (repeatable)', collect)
      .addOption(stdinFlag)
      .addHelpText('after', '\nExamples:\n  formctl team add nina@example.com --role Editor\n  printf "%s\\n" "$PW" | formctl team add ci@example.com --role Viewer --password-stdin -q'),
    async () => ({ run: (await verbs()).add }),
  );
  bind(
    addOutputFlags(verb('update', "Change a member's name, e-mail, role, team name, sub-domains or password"), FIELDS)
      .argument('<member>', 'member id, or e-mail (looked up: one more request)')
      .option('--name <name>', 'display name')
      .option('--email <email>', 'new e-mail')
      .option('--role <role>', 'Admin, Editor or Viewer (takes effect on their next request)')
      .option('--team-name <name>', "the member's team name")
      .option('--sub-domains <ids>', 'comma-separated sub-domain ids (replaces the list)')
      .option('--set-password', 'set a new login password (hidden prompt)')
      .addOption(new Option('--password-stdin', 'read the new password from stdin (never a flag value)'))
      .addHelpText('after', '\nExamples:\n  formctl team update nina@example.com --role Viewer\n  formctl team update 64f1c0ffee0000000000abcd --set-password'),
    async () => ({ run: (await verbs()).update }),
  );
  bind(
    verb('remove', 'Remove a member: their key stops working; their forms stay with the account (owned by the owner)')
      .argument('<member>', 'member id or e-mail')
      .option('-y, --yes', 'do not ask for confirmation (required when not on a terminal)')
      .addHelpText('after', '\nExamples:\n  formctl team remove nina@example.com\n  formctl team remove 64f1c0ffee0000000000abcd --yes'),
    async () => ({ run: (await verbs()).remove }),
  );
  bind(
    addOutputFlags(verb('block', "Block a member: their API key answers 401 until unblocked"), FIELDS)
      .argument('<member>', 'member id or e-mail')
      .option('-y, --yes', 'do not ask for confirmation (required when not on a terminal)')
      .addHelpText('after', '\nExample:\n  formctl team block nina@example.com --yes'),
    async () => ({ run: (await verbs()).block }),
  );
  bind(addOutputFlags(verb('unblock', 'Unblock a member'), FIELDS).argument('<member>', 'member id or e-mail').addHelpText('after', '\nExample:\n  formctl team unblock nina@example.com'), async () => ({ run: (await verbs()).unblock }));
  bind(
    verb('reset-password', "Change your own login password (with your own key): current, new, and new again")
      .argument('<member>', 'your member id (an e-mail is looked up in the team list, which only an Owner or Admin may read)')
      .addOption(new Option('--password-stdin', 'read three lines from stdin: current, new, new again'))
      .addHelpText('after', '\nExamples:\n  formctl team reset-password 6571f0c2a9e4b1d3c5e7f901\n  printf "%s\\n%s\\n%s\\n" "$OLD" "$NEW" "$NEW" | formctl team reset-password 6571f0c2a9e4b1d3c5e7f901 --password-stdin'),
    async () => ({ run: (await verbs()).resetPasswordCommand }),
  );
  bind(
    verb('rename', 'Rename the team (asks for your login password)')
      .argument('<name>', 'the new team name')
      .addOption(new Option('--password-stdin', 'read your login password from stdin'))
      .addHelpText('after', '\nExample:\n  formctl team rename "Field ops"'),
    async () => ({ run: (await verbs()).rename }),
  );
}
