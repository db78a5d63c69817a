// spec §4.3: the analytics periods (a module of its own, so the CLI's flag check loads nothing else)
export const PERIODS = ['day', 'week', 'month', 'months', 'year', 'years', 'custom'] as const;
export type Period = (typeof PERIODS)[number];
