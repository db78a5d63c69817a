// `formctl mcp --print-config`: the JSON to paste into an assistant's MCP configuration. The command
// line and the profile's name only: the key stays in formctl's config (or the system keyring).

export const CLIENTS = ['claude', 'vscode', 'cursor'] as const;
export type McpClient = (typeof CLIENTS)[number];

export interface LaunchOptions {
  profile?: string;
  sandbox?: boolean;
  allowWrite?: boolean;
  allowDestructive?: boolean;
  maxRequests?: string;
  /** FORMCTL_CONFIG_DIR, when formctl's config is not in the default place */
  configDir?: string;
}

/** The `formctl mcp …` arguments that start the same session as this one. */
function launchArgs(o: LaunchOptions): string[] {
  return [
    'mcp',
    ...(o.sandbox ? ['--sandbox'] : o.profile ? ['--profile', o.profile] : []),
    ...(o.allowWrite ? ['--allow-write'] : []),
    ...(o.allowDestructive ? ['--allow-destructive'] : []),
    ...(o.maxRequests !== undefined ? ['--max-requests', o.maxRequests] : []),
  ];
}

/** Claude Desktop (claude_desktop_config.json) and Cursor (.cursor/mcp.json) use mcpServers; VS Code (.vscode/mcp.json) servers with a type. */
export function clientConfig(client: McpClient, o: LaunchOptions): Record<string, unknown> {
  const server: Record<string, unknown> = { command: 'formctl', args: launchArgs(o) };
  if (o.configDir) server.env = { FORMCTL_CONFIG_DIR: o.configDir };
  if (client === 'vscode') return { servers: { formctl: { type: 'stdio', ...server } } };
  return { mcpServers: { formctl: server } };
}

export const CONFIG_FILES: Record<McpClient, string> = {
  claude: 'claude_desktop_config.json (Claude Desktop: Settings → Developer → Edit Config)',
  vscode: '.vscode/mcp.json in the workspace (or the user settings "mcp" section)',
  cursor: '~/.cursor/mcp.json (or .cursor/mcp.json in the project)',
};
