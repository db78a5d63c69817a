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
}

export interface ConfigFile {
  currentProfile?: string;
  profiles: Record<string, Profile>;
  settings: Settings;
}
