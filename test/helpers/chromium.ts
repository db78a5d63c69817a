import { AxeBuilder } from '@axe-core/playwright';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

// Debian's chromium driven by playwright-core, which uses the system browser and downloads nothing.
// .ci/run installs chromium.
export const CHROMIUM = process.env.FORMCTL_CHROMIUM ?? '/usr/bin/chromium';

/**
 * Chromium gives every browser window (each context here) a WebUI omnibox popup, in renderers of its
 * own (`--top-chrome-webui`, two targets per window) that a page never shows headless: a fifth of the
 * CPU of opening a context and a page. Those features are disabled.
 */
const UNSHOWN_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'];

/**
 * The features playwright-core disables (its `--disable-features`), read from its code: Chromium
 * keeps only the last `--disable-features` of a command line, so ours must carry playwright's too
 * (dropping them would change how pages paint and load). Read once per worker.
 */
function playwrightDisabledFeatures(): string[] {
  const dir = dirname(createRequire(import.meta.url).resolve('playwright-core/package.json'));
  for (const file of ['lib/coreBundle.js', 'lib/server/chromium/chromiumSwitches.js']) {
    const path = join(dir, file);
    if (!existsSync(path)) continue;
    const list = /\bdisabledFeatures = \[([^\]]*)\]/.exec(readFileSync(path, 'utf8'))?.[1];
    const names = list?.replace(/\/\/[^\n]*/g, '').match(/"[^"]*"|'[^']*'/g)?.map((n) => n.slice(1, -1));
    if (names?.length && names.every((n) => /^\w+$/.test(n))) return names;
  }
  throw new Error("playwright-core changed where it lists the features it disables: update playwrightDisabledFeatures in test/helpers/chromium.ts");
}

async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's chromium (.ci/run does)`);
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage',
      `--disable-features=${[...playwrightDisabledFeatures(), ...UNSHOWN_FEATURES].join(',')}`,
    ],
  });
}

let running: Promise<Browser> | undefined;

/**
 * The worker's chromium: launched by the first test file that needs one, then used by the files the
 * worker runs after it (a launch costs about a second of CPU). Never closed by a file (closePages()
 * closes what the file opened): it ends with the worker process, whose end closes its pipe.
 */
export async function workerChromium(): Promise<Browser> {
  const browser = await (running ??= launchChromium());
  if (browser.isConnected()) return browser;
  running = launchChromium(); // it crashed: a new one for this file and the next
  return running;
}

/** What a file opened in the worker's chromium, closed (its afterAll). */
export async function closePages(browser: Browser | undefined): Promise<void> {
  await Promise.all((browser?.contexts() ?? []).map((c) => c.close()));
}

/** A phone's viewport in CSS pixels (an iPhone SE's), the size the form page is made for. */
export const PHONE = { width: 375, height: 667 };

/**
 * axe-core's serious and critical findings, as "rule: target" lines. A page without frames is
 * checked by axe.run in the page itself (AxeBuilder's legacy mode): the same rules and results,
 * without the blank page its default mode opens to merge the frames' results (most of a second per
 * check). A page with frames gets the default mode, which checks cross-origin frames too.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).setLegacyMode(page.frames().length === 1).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

/** Controls under 44 × 44 CSS pixels to the touch (a radio or check box counts its label's box). */
export function smallTargets(page: Page): Promise<string[]> {
  // run in the page (this project's types have no DOM)
  return page.evaluate(`(() => {
    const small = [];
    for (const el of document.querySelectorAll('input:not([type=hidden]), select, textarea, button, a[href]')) {
      if (el.getClientRects().length === 0) continue; // not rendered (the cascade's no-script select)
      const choice = el.type === 'radio' || el.type === 'checkbox';
      const box = ((choice ? el.closest('label') : null) ?? el).getBoundingClientRect();
      if (box.width < 44 || box.height < 44) small.push((el.id || el.getAttribute('name')) + ': ' + Math.round(box.width) + '×' + Math.round(box.height));
    }
    return small;
  })()`);
}

/** a property of the focused element */
export const focused = (page: Page, prop: 'id' | 'className') => page.evaluate(`document.activeElement && document.activeElement.${prop}`);
