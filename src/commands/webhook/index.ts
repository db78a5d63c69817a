import type { Command } from 'commander';
import type { bind as Bind } from '../../cmdutil/command.js';
import { addOutputFlags } from '../../cmdutil/flags.js';

export function register(program: Command, bind: typeof Bind): void {
  const webhook = program.command('webhook').description('Configure the signed submission.created webhook; listen, verify and trigger locally');
  const verb = (name: string, description: string) => webhook.command(name).description(description);
  const settings = { fields: ['enabled', 'url', 'secret'] };
  bind(addOutputFlags(verb('get', 'Show the webhook settings (the secret masked unless --show-secret)'), settings).option('--show-secret', 'print the whole secret'), () => import('./get.js'));
  bind(addOutputFlags(verb('enable', 'Send submission.created to URL (https; http only to a loopback host)').argument('<url>', 'receiver URL'), settings), () => import('./enable.js'));
  bind(addOutputFlags(verb('set-url', 'Change the URL; the secret stays').argument('<url>', 'receiver URL'), settings), () => import('./setUrl.js'));
  bind(
    addOutputFlags(verb('rotate', 'Make a new secret (receivers must switch to it)'), settings)
      .option('--show-secret', 'print the whole secret')
      .option('-y, --yes', 'do not ask for confirmation (required when not on a terminal)'),
    () => import('./rotate.js'),
  );
  bind(verb('disable', 'Stop deliveries; clears the URL and the secret').option('-y, --yes', 'do not ask for confirmation (required when not on a terminal)'), () => import('./disable.js'));
  bind(
    addOutputFlags(verb('listen', 'Receive deliveries locally: verify signatures, print events (a line each on a terminal, JSON lines in a pipe), forward to your app'), { fields: ['event', 'qrId', 'formTitle', 'submission'] })
      .option('--port <port>', 'port on 127.0.0.1; 0 picks a free one', '4242')
      .option('--forward-to <url>', 'relay each verified delivery, raw body and headers unchanged, to this URL')
      .option('--register', "point the account's webhook at this listener while it runs (sandbox), and put the old setting back on exit")
      .option('--secret-file <file>', 'a file holding the webhook secret, or - for stdin (default: env FORMCTL_WEBHOOK_SECRET, else fetched once with webhook get); never a flag value')
      .addHelpText('after', '\nExamples:\n  formctl --sandbox webhook listen --register --forward-to http://127.0.0.1:3000/hooks\n  FORMCTL_WEBHOOK_SECRET="$WEBHOOK_SECRET" formctl webhook listen --port 8080 | jq .submission.id'),
    () => import('./listen.js'),
  );
  bind(
    webhook
      .command('verify')
      .description('Check a delivery signature over raw bytes: exit 0 when it matches, 1 when not')
      .argument('[file]', 'the raw request body; - or nothing for stdin')
      .option('--secret-file <file>', 'a file holding the webhook secret (default: env FORMCTL_WEBHOOK_SECRET); never a flag value')
      .requiredOption('--signature <value>', 'the X-Service-Signature header, sha256=…'),
    () => import('./verify.js'),
  );
  bind(
    addOutputFlags(verb('trigger', 'Create a sample submission so that a submission.created event fires (real data!)').argument('<qrId>', 'form id'), { fields: ['submissionId'] }),
    () => import('./trigger.js'),
  );
}
