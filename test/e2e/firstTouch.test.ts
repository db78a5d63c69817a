import type { Browser } from 'playwright-core';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, spawnCli, tempDir, waitFor } from '../helpers/cli.js';
import { closePages, workerChromium, PHONE } from '../helpers/chromium.js';

// A new user's first five minutes, as the quick start tells them: `sandbox serve` running, a form made
// with `formctl --sandbox forms create`, the short link it printed opened on a phone, filled,
// submitted and reloaded: exactly one submission, which `submissions list` shows.
const dir = tempDir('formctl-first-');
let browser: Browser;
let server: ReturnType<typeof spawnCli>;
let port: number;
const env = () => ({ FORMCTL_CONFIG_DIR: join(dir.path, 'config'), FORMCTL_SANDBOX_DIR: join(dir.path, 'sandbox'), FORMCTL_SANDBOX_PORT: String(port) });

beforeAll(async () => {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
  port = (probe.address() as { port: number }).port;
  await new Promise((r) => probe.close(r));
  server = spawnCli(['sandbox', 'serve'], { env: env() });
  let out = '';
  server.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  await waitFor(() => out.includes('listening on'), 'sandbox serve');
  browser = await workerChromium();
}, 60_000);
afterAll(async () => {
  await closePages(browser);
  server?.kill('SIGTERM');
  await server;
  dir.remove();
});

describe('the quick start, end to end', () => {
  it('the printed short link opens on a phone; a submit and a reload make one submission, listed by the CLI', async () => {
    const created = await runCli(['--sandbox', 'forms', 'create', '--title', 'Event sign-up', '--field', 'name:Your name*', '--field', 'radio:Meal:veg|fish', '-o', 'json'], { env: env() });
    expect(created.exitCode, created.stderr).toBe(0);
    const shortUrl = (JSON.parse(created.stdout) as { shortUrl: string }).shortUrl;
    expect(shortUrl).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/s/[A-Z0-9]+$`));
    const qrId = shortUrl.split('/').pop()!;

    const page = await browser.newPage({ viewport: PHONE });
    try {
      expect((await page.goto(shortUrl))!.status()).toBe(200);
      await page.getByLabel('First name').fill('Ada');
      await page.getByLabel('Last name').fill('Lovelace');
      await page.getByLabel('fish').check();
      await Promise.all([page.waitForURL(/\/thanks\?r=/), page.getByRole('button', { name: 'Submit' }).click()]);
      await expect(page.getByRole('heading', { name: 'Thank you!' }).isVisible()).resolves.toBe(true);
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Thank you!' }).isVisible()).resolves.toBe(true);
    } finally {
      await page.close();
    }
    const listed = await runCli(['--sandbox', 'submissions', 'list', qrId, '-o', 'json'], { env: env() });
    expect(listed.exitCode, listed.stderr).toBe(0);
    const items = JSON.parse(listed.stdout) as Array<{ answers: Record<string, unknown> }>;
    expect(items).toHaveLength(1);
    expect(JSON.stringify(items[0]!.answers)).toContain('Lovelace');
  });
});
