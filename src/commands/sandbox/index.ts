import { Option, type Command } from 'commander';
import type { bind as Bind } from '../../cmdutil/command.js';
import { addOutputFlags } from '../../cmdutil/flags.js';
import { PLANS } from '../../domain/plans.js';
import { TIME_WORDS } from '../../domain/when.js';

export function register(program: Command, bind: typeof Bind): void {
  const sandbox = program
    .command('sandbox')
    .description('Run and inspect the local API emulator (a stateful copy of API v1 over SQLite)');
  bind(
    addOutputFlags(sandbox.command('serve').description('Serve the emulator over HTTP until interrupted'))
      .option('--host <host>', 'address to bind', '127.0.0.1')
      .option('--port <port>', 'port; 0 picks a free one (default: FORMCTL_SANDBOX_PORT, the sandbox-port setting, or 4010: the sandbox\'s one address, where its links point)')
      .option('--data <dir>', 'data directory (default: FORMCTL_SANDBOX_DIR or <config dir>/sandbox)')
      .addOption(new Option('--plan <plan>', "the main account's plan").choices([...PLANS]))
      .option('--quota <n>', 'override the monthly request limit (for tests)')
      .option('--faults <spec>', 'inject faults: rate=0.2,kinds=500+503+429+drop+drop-after+latency,latency=300,retry-after=1,seed=1')
      .addHelpText('after', '\nWhile it serves, --sandbox commands over the same data directory use it, so the links they print\n(short links, QR codes, files) open at once.\n\nExamples:\n  formctl sandbox serve                       # http://127.0.0.1:4010; leave it running\n  formctl sandbox serve --port 0 -o json     # prints {"baseUrl":…,"keys":{…}} and serves\n  formctl sandbox serve --plan business --faults rate=0.2'),
    () => import('./serve.js'),
  );
  bind(
    addOutputFlags(sandbox.command('keys').description('List the seeded API keys (owner, admin, editor, editor2, viewer, other account)')).option('--data <dir>', 'data directory'),
    () => import('./keys.js'),
  );
  bind(
    addOutputFlags(sandbox.command('outbox').description('List the e-mails the sandbox "sent" (shares, notifications)')).option('--data <dir>', 'data directory (default: the served sandbox the profile points at, else the embedded one)'),
    () => import('./outbox.js'),
  );
  bind(
    addOutputFlags(sandbox.command('deliveries').description('List webhook delivery attempts and their outcome')).option('--data <dir>', 'data directory (default: the served sandbox the profile points at, else the embedded one)'),
    () => import('./deliveries.js'),
  );
  bind(
    sandbox
      .command('plan')
      .description("Set the plan of the sandbox's main account (form slots, quota, quiz features)")
      .argument('<plan>', PLANS.join(', '))
      .option('--data <dir>', 'data directory')
      .addHelpText('after', '\nExamples:\n  formctl sandbox plan business     # 500 forms, 30,000 requests a month, team and advanced quiz settings\n  formctl sandbox plan free'),
    () => import('./plan.js'),
  );
  bind(
    sandbox
      .command('openapi')
      .description('Print the API v1 contract as an OpenAPI 3.1 description (JSON), for code generators, mock servers and API clients')
      .addHelpText('after', '\nExamples:\n  formctl sandbox openapi > form-service-v1.json\n  formctl sandbox openapi | jq \'.paths | keys\''),
    () => import('./openapi.js'),
  );
  bind(
    addOutputFlags(sandbox.command('logs').description("List the sandbox's request log: every API request, its status, time and injected fault"))
      .option('--data <dir>', 'data directory (default: the served sandbox the profile points at, else the embedded one)')
      .option('--since <time>', `only entries at or after this time: ${TIME_WORDS}`)
      .option('--after <id>', 'only entries after this id (the id column)')
      .option('--follow', 'keep printing new requests until Ctrl-C: a JSON line each in a pipe, CSV rows under one header with -o csv')
      .option('--interval <ms>', 'how often --follow looks, in milliseconds', '500')
      .addHelpText('after', '\nExamples:\n  formctl sandbox logs --since 10m\n  formctl sandbox logs --after 120\n  formctl sandbox logs --follow -o jsonl | jq \'select(.status >= 400)\'\n  formctl sandbox logs --query \'[?status >= `400`].[method, path, status]\' -o csv'),
    () => import('./logs.js'),
  );
  const seed = sandbox
    .command('seed')
    .description('Fill a form with realistic data for demos and tests: scans of its short link, or submissions')
    .addHelpText('after', '\nExamples:\n  formctl sandbox seed scans F8K2QX --count 5000 --days 90\n  formctl sandbox seed submissions F8K2QX --count 100000');
  const dataOption = (cmd: Command) => cmd.option('--data <dir>', 'data directory (default: the served sandbox the profile points at, else the embedded one)');
  bind(
    dataOption(seed.command('scans').description('Visits of the short link: returning visitors, devices, countries and cities, a daily rhythm, ~15 % ending in a submission'))
      .argument('<qrId>', 'form id')
      .requiredOption('--count <n>', 'number of scans (1 to 1,000,000)')
      .option('--days <n>', 'spread over the last N calendar days, today included', '30')
      .option('--seed <n>', 'random seed: the same seed gives the same scans')
      .addHelpText('after', '\nExamples:\n  formctl sandbox seed scans F8K2QX --count 5000 --days 90\n  formctl sandbox seed scans F8K2QX --count 200 --days 7 --seed 1 && formctl --sandbox analytics F8K2QX --period week'),
    async () => ({ run: (await import('./seed.js')).seedScansCommand }),
  );
  bind(
    dataOption(seed.command('submissions').description('Valid example submissions, created at once (benchmarks, paging demos)'))
      .argument('<qrId>', 'form id')
      .requiredOption('--count <n>', 'number of submissions (1 to 5,000,000)')
      .addHelpText('after', '\nExample:\n  formctl sandbox seed submissions F8K2QX --count 100000'),
    async () => ({ run: (await import('./seed.js')).seedSubmissionsCommand }),
  );
  bind(
    sandbox.command('reset').description('Delete the sandbox data directory').option('--data <dir>', 'data directory').option('-y, --yes', 'do not ask for confirmation'),
    () => import('./reset.js'),
  );
}
