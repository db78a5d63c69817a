// The profile file's shape (its schema, for checks, is in schema.ts).

export interface Profile {
  baseUrl?: string;
  /** the key in clear text (mode 0600): only when no keyring answered, or with --insecure-storage */
  apiKey?: string;
  /** 'keyring': the key is in the system keyring under service formctl, account keyAccount */
  keyStore?: 'keyring';
  keyAccount?: string;
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
