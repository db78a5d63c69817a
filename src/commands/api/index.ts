import { Option, type Command } from 'commander';
import type { bind as Bind } from '../../cmdutil/command.js';

const collect = (value: string, previous: string[] = []) => [...previous, value];

export function register(program: Command, bind: typeof Bind): void {
  bind(
    program.command('api').description('Make an authenticated API request and print the response (like gh api)')
      .argument('<path>', 'path below the base URL, e.g. /forms or /forms/AB12CD34 (or METHOD PATH, as before)')
      .argument('[path]', 'the path, when the method is given first')
      .option('-X, --method <method>', 'GET, POST, PUT, PATCH or DELETE (default GET, or POST when -f, -F, --input or --form give a body)')
      .option('--paginate', 'GET every page of a list (page 1 to totalPages, 100 a page unless -f limit=N) and print the items of all pages as one JSON array')
      .option('-i, --include', 'print the status line and the response headers before the body')
      .option('-f, --raw-field <key=value>', 'a string parameter: query for GET/DELETE, JSON body field otherwise (repeatable)', collect)
      .option('-F, --field <key=value>', 'a typed parameter: true, false, null, numbers and JSON are parsed (repeatable)', collect)
      .option('--input <file>', 'the JSON request body from a file, or - for stdin')
      .option('--form <key=value>', 'send multipart/form-data: a text part, or a file part with key=@path (repeatable; one file)', collect)
      .option('-H, --header <name:value>', 'an extra request header (repeatable)', collect)
      .option('--idempotency-key <key>', 'send an Idempotency-Key header (makes a POST safe to retry)')
      .addOption(new Option('--query <expr>', 'JMESPath expression applied to the JSON response (e.g. data.qrId): a string result is printed as it is, as gh api --jq does, anything else as JSON'))
      .addHelpText(
        'after',
        `\nThe response body goes to stdout (errors too) and the exit code follows the status (help exit-codes);
a redirect is never followed (exit 1, naming where it points).\n\nExamples:\n  formctl api /forms                                 # GET
  formctl api -X GET /forms -f limit=100 -f sort=2   # fields are the query of a GET (else they make a POST)
  formctl api /forms/AB12CD34/submissions --paginate -f since=2026-11-01 | jq length
  formctl api /forms --paginate --query "[?!active].qrId"   # JMESPath over the JSON printed
  QR=$(formctl api -X POST /forms --input form.json --query data.qrId)   # a string: printed bare
  formctl api -i /forms/AB12CD34
  formctl api /forms --input form.json              # POST: a body is given
  formctl api -X DELETE /forms -f ids=AB12 -f ids=CD34
  formctl api GET /forms/AB12CD34/download -f format=png > qr.png
  formctl api /forms/AB12CD34/uploads --form category=submission --form userFile=@photo.jpg`,
      ),
    () => import('./request.js'),
  );
}
