// The profile file's shape (its schema, for checks, is in schema.ts).

export interface Profile {
  baseUrl?: string;
  apiKey?: string;
  /** the account's plan, when known: lets the CLI check plan-gated settings before sending */
  plan?: string;
  /** true: the embedded sandbox over the default data dir */
  sandbox?: boolean;
}

export interface Settings {
  output?: string;
  timeout?: number;
  retries?: number;
  /** the sandbox's one address is http://127.0.0.1:<sandboxPort> (config/sandboxAddress.ts) */
  sandboxPort?: number;
}

export interface ConfigFile {
  currentProfile?: string;
  profiles: Record<string, Profile>;
  settings: Settings;
}
