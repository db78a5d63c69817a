// Regenerates completions/ from the commander tree (`npm run completions`); a test fails when stale.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';

const files = { bash: 'completions/formctl.bash', zsh: 'completions/_formctl', fish: 'completions/formctl.fish' };
for (const [shell, file] of Object.entries(files)) {
  writeFileSync(file, execFileSync(process.execPath, ['bin/formctl.js', 'completion', shell], { encoding: 'utf8' }));
  console.log(`wrote ${file}`);
}
