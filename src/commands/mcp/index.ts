import { Option, type Command } from 'commander';
import type { bind as Bind } from '../../cmdutil/command.js';
import { CLIENTS } from '../../mcp/clientConfig.js';

export function register(program: Command, bind: typeof Bind): void {
  bind(
    program.command('mcp').description('Serve the account to AI assistants over the Model Context Protocol (stdio)')
      .option('--allow-write', 'offer the tools that create or change (forms, submissions, templates use, team changes)')
      .option('--allow-destructive', 'offer the tools that delete or cannot be undone (delete, archive, member removal, webhook changes)')
      .option('--print-config', "print the JSON for an assistant's MCP configuration (no key in it) and exit")
      .addOption(new Option('--client <name>', 'the assistant --print-config writes for').choices(CLIENTS).default('claude'))
      .addHelpText('after', `
Speaks MCP on stdin/stdout (stdout is the protocol; messages go to stderr) until stdin closes. Read-only
by default. Each tool's API requests count against the plan, as the CLI's do (formctl quota);
--max-requests N caps the whole session: past it a tool answers with an error, not a crash.

Examples:
  formctl mcp --print-config --client vscode
  formctl --sandbox mcp --allow-write
  formctl mcp --profile work --allow-write --max-requests 500`),
    () => import('./serve.js'),
  );
}
