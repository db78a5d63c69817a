/** The two seeded accounts: the main one (every role) and another, for cross-account checks. */
export const MAIN_ACCOUNT = 'acct_main';
export const OTHER_ACCOUNT = 'acct_other';
