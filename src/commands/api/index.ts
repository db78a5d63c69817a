import type { Command } from 'commander';
import type { bind as Bind } from '../../cmdutil/command.js';
import { addConnectionFlags } from '../../cmdutil/flags.js';

const collect = (value: string, previous: string[] = []) => [...previous, value];

export function register(program: Command, bind: typeof Bind): void {
  bind(
    addConnectionFlags(program.command('api').description('Make an authenticated API request and print the response (like gh api)'), true)
      .argument('<method>', 'GET, POST, PUT, PATCH or DELETE')
      .argument('<path>', 'path below the base URL, e.g. /forms or /forms/AB12CD34')
      .option('-f, --raw-field <key=value>', 'a string parameter: query for GET/DELETE, JSON body field otherwise (repeatable)', collect)
      .option('-F, --field <key=value>', 'a typed parameter: true, false, null, numbers and JSON are parsed (repeatable)', collect)
      .option('--input <file>', 'the JSON request body from a file, or - for stdin')
      .option('--form <key=value>', 'send multipart/form-data: a text part, or a file part with key=@path (repeatable; one file)', collect)
      .option('-H, --header <name:value>', 'an extra request header (repeatable)', collect)
      .option('--idempotency-key <key>', 'send an Idempotency-Key header (makes a POST safe to retry)')
      .addHelpText(
        'after',
        `\nThe response body goes to stdout (errors too) and the exit code follows the status (help exit-codes).\n\nExamples:\n  formctl api GET /forms -f limit=100 -f sort=2\n  formctl api POST /forms --input form.json\n  formctl api DELETE /forms -f ids=AB12 -f ids=CD34\n  formctl api GET /forms/AB12CD34/download -f format=png > qr.png
  formctl api POST /forms/AB12CD34/uploads --form category=submission --form userFile=@photo.jpg`,
      ),
    () => import('./request.js'),
  );
}
