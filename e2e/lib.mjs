// Shared set-up for the end-to-end tests: Debian's chromium, headless,
// with the flags this closed network needs, on the app's dev server.
import { chromium } from 'playwright-core';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const url = process.env.PACKSMITH_URL || 'http://127.0.0.1:34115/';

/** A page on the app with its Go bindings connected; close ctx when done. */
export async function openApp() {
  const ctx = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'pw-')), {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = ctx.pages()[0] || (await ctx.newPage());
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForFunction(() => window.go?.app?.BrowseService && window.go?.app?.SettingsService);
  return { ctx, page };
}

/** Save a screenshot when PACKSMITH_SHOTS names a folder. */
export async function shot(page, name) {
  if (process.env.PACKSMITH_SHOTS) await page.screenshot({ path: join(process.env.PACKSMITH_SHOTS, name) });
}

/**
 * Close the first tab (n tabs open) and wait until it has gone; a tab with
 * unsaved changes asks in the app's own dialog (no browser confirm since
 * issue 34), answered "Close and lose them".
 */
export async function closeTab(page, n) {
  await page.click('[data-testid=tab] button[aria-label^=Close]');
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid=tab]').length < n || document.querySelector('[data-testid=ask-dialog]'), n);
  if (await page.$('[data-testid=ask-dialog]')) await page.click('[data-testid=ask-ok]');
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid=tab]').length < n, n);
}

/**
 * Load order: show the user folder userDir (its mods folder the default)
 * and wait until the view holds it, not a folder from before.
 */
export async function loadUserFolder(page, userDir) {
  await page.click('[data-mode=loadorder]');
  await page.waitForSelector('[data-testid=loadorder][data-ready=true][data-busy=false]');
  await page.fill('[data-testid=lo-userdir]', userDir);
  await page.fill('[data-testid=lo-modsdir]', '');
  await page.click('[data-testid=lo-load]');
  await page.waitForFunction((p) => document.querySelector('[data-testid=lo-sch]')?.title.startsWith(p), userDir);
}

/** Close every tab, answering "Close and lose them" where one has unsaved changes. */
export async function closeAllTabs(page) {
  for (let n; (n = (await page.$$('[data-testid=tab]')).length) > 0; ) {
    await page.click('[data-testid=tab] .x');
    await page.waitForFunction((k) => document.querySelectorAll('[data-testid=tab]').length < k || document.querySelector('[data-testid=ask-dialog]'), n);
    if (await page.$('[data-testid=ask-dialog]')) await page.click('[data-testid=ask-ok]');
  }
}

/**
 * Open `archive`, select `entry` (through the filter) and stage its
 * replacement by `file` with Ctrl+R, typing the path and Enter; resolves
 * once the pending change is listed.
 */
export async function stageReplace(page, archive, entry, file) {
  await page.fill('[data-testid=open-path]', archive);
  await page.press('[data-testid=open-path]', 'Enter');
  await page.waitForSelector('[data-testid=entry-list] [data-path]');
  await page.fill('[data-testid=filter]', entry.split('/').pop());
  await page.click(`[data-testid=entry-list] [data-path="${entry}"]`);
  await page.keyboard.press('Control+r');
  await page.waitForSelector('[data-testid=dialog-path]');
  await page.keyboard.type(file);
  await page.keyboard.press('Enter');
  await page.waitForSelector(`[data-testid=change][data-path="${entry}"][data-op=replace]`);
}

/**
 * count(rgba) run in the page over the 3D view's drawn pixels (a copy of
 * its canvas as RGBA bytes); resolves to what it returns. count must stand
 * alone: it is sent as source.
 */
export function canvasPixels(page, count) {
  return page.$eval('[data-testid=model-canvas]', (c, src) => {
    const t = document.createElement('canvas');
    t.width = c.width;
    t.height = c.height;
    const g = t.getContext('2d');
    g.drawImage(c, 0, 0);
    return (0, eval)(`(${src})`)(g.getImageData(0, 0, t.width, t.height).data);
  }, count.toString());
}
