// Regenerates man/ from the commander tree (`npm run man`): formctl.1 and one page per group; a test fails when stale.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';

const GROUPS = ['auth', 'config', 'forms', 'submissions', 'analytics', 'presets', 'team', 'templates', 'ai', 'upload', 'webhook', 'api', 'quota', 'mcp', 'doctor', 'sandbox', 'completion'];
mkdirSync('man', { recursive: true });
const page = (group) => execFileSync(process.execPath, ['bin/formctl.js', 'help', 'reference', '--man', ...(group ? [group] : [])], { encoding: 'utf8', env: { ...process.env, COLUMNS: '80' } });
writeFileSync('man/formctl.1', page());
for (const g of GROUPS) writeFileSync(`man/formctl-${g}.1`, page(g));
console.log(`wrote man/formctl.1 and ${GROUPS.length} group pages`);
