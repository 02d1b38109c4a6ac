// Screenshot helper: node shot.mjs URL OUT.png [steps.js]
import { chromium } from 'playwright-core';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [url, out, steps] = process.argv.slice(2);
const ctx = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'pw-')), {
  executablePath: '/usr/bin/chromium', headless: true, viewport: { width: 1280, height: 800 },
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = ctx.pages()[0] || (await ctx.newPage());
page.on('console', (m) => console.log('console:', m.text()));
await page.goto(url, { waitUntil: 'networkidle' });
if (steps) {
  const mod = await import(steps);
  await mod.default(page);
}
await page.waitForTimeout(500);
await page.screenshot({ path: out });
await ctx.close();
