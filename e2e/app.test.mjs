// End-to-end: the real app (dev build, Go bindings live) in Debian's
// chromium, doing what a user does. run.sh starts the app; URL and the
// work folder come from the environment.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, shot as save } from './lib.mjs';
import { mkdtempSync, existsSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const work = process.env.PACKSMITH_E2E_DIR || mkdtempSync(join(tmpdir(), 'ps-e2e-'));
let ctx, page;

before(async () => {
  ({ ctx, page } = await openApp());
});

after(async () => {
  await ctx?.close();
});

const shot = (name) => save(page, name);

const countText = () => page.textContent('[data-testid=count]');

test('open the demo zip, browse and filter', async () => {
  await page.click('[data-testid=demo]:text-is("demo.zip")');
  await page.waitForSelector('[data-path="bin/numbers.bin"]');
  assert.equal(await countText(), '48 of 48');
  await page.fill('[data-testid=filter]', 'level_0');
  await page.waitForFunction(() => document.querySelector('[data-testid=count]').textContent === '10 of 48');
  await page.click('[data-testid=regex]');
  await page.fill('[data-testid=filter]', 'level_0[0-4]\\.txt$');
  await page.waitForFunction(() => document.querySelector('[data-testid=count]').textContent === '5 of 48');
  await page.fill('[data-testid=filter]', '(');
  await page.waitForSelector('[data-testid=list-error]');
  assert.match(await page.textContent('[data-testid=list-error]'), /bad regular expression/);
  await page.click('[data-testid=regex]');
  await page.fill('[data-testid=filter]', '');
  await page.waitForFunction(() => document.querySelector('[data-testid=count]').textContent === '48 of 48');
  // the folder tree narrows the list
  await page.click('[data-folder="docs"]');
  await page.waitForFunction(() => document.querySelector('[data-testid=count]').textContent === '2 of 48');
  await page.click('[data-folder=""]');
  await page.waitForFunction(() => document.querySelector('[data-testid=count]').textContent === '48 of 48');
});

test('preview text with BOM detection', async () => {
  await page.click('[data-path="docs/utf16.txt"]');
  await page.waitForSelector('[data-testid=text-view]');
  assert.equal(await page.textContent('[data-testid=text-view]'), 'UTF-16LE with BOM: [MOD]\r\n<STRING>NAME:Demo ü\r\n');
  assert.match(await page.textContent('[data-testid=preview]'), /UTF-16LE BOM/);
  await shot('text.png');
});

test('preview an image', async () => {
  await page.fill('[data-testid=filter]', 'ICON');
  await page.click('[data-path="MEDIA/UI/ICON.PNG"]');
  await page.waitForSelector('[data-testid=image-view]');
  const w = await page.$eval('[data-testid=image-view]', (img) => img.complete && img.naturalWidth);
  assert.equal(w, 64);
  await page.fill('[data-testid=filter]', '');
});

test('preview as hex with the value inspector', async () => {
  await page.click('[data-path="bin/numbers.bin"]');
  await page.waitForSelector('[data-view=hex]');
  // binary: hex is the only view
  await page.waitForSelector('[data-testid=hex-view] .b');
  const first = await page.$$eval('[data-testid=hex-view] .row:first-child .b', (els) => els.slice(0, 5).map((e) => e.textContent));
  assert.deepEqual(first, ['01', '00', '00', '00', 'FF']);
  const cell = (type) => page.textContent(`[data-testid=inspector] [data-type=${type}]`);
  assert.equal(await cell('u32'), '1');
  // click byte 8: 00 00 80 3F = 1.0f little endian
  await page.click('[data-testid=hex-view] .row:first-child .b:nth-child(9)');
  assert.equal(await cell('f32'), '1');
  await page.click('[data-testid=inspector] button:has-text("BE")');
  assert.equal(await cell('u32'), '32831');
  await page.click('[data-testid=inspector] button:has-text("LE")');
  // text files offer hex too
  await page.fill('[data-testid=filter]', 'README');
  await page.click('[data-path="README.txt"]');
  await page.click('[data-view=hex]');
  await page.waitForSelector('[data-testid=hex-view] .ascii');
  assert.match(await page.textContent('[data-testid=hex-view] .row:first-child .ascii'), /^Packsmith demo a/);
  await shot('hex.png');
  await page.fill('[data-testid=filter]', '');
});

test('extract the selection, keeping folders', async () => {
  await page.fill('[data-testid=filter]', 'docs/');
  await page.waitForFunction(() => document.querySelector('[data-testid=count]').textContent === '2 of 48');
  await page.click('[data-path="docs/utf16.txt"]');
  await page.click('[data-path="docs/utf8.txt"]', { modifiers: ['Control'] });
  await page.click('[data-testid=extract-selected]');
  const dir = join(work, 'sel');
  await page.fill('[data-testid=extract-dir]', dir);
  await page.click('[data-testid=extract-go]');
  await page.waitForSelector('[data-testid=job][data-kind=extract][data-state=done]');
  assert.match(await page.textContent('[data-testid=job-result]'), /2 files/);
  assert.equal(readFileSync(join(dir, 'docs', 'utf8.txt'), 'utf8'), 'UTF-8 text: héllo wörld — ✓\n');
  assert.equal(readFileSync(join(dir, 'docs', 'utf16.txt')).length, 96);
  assert.deepEqual(readdirSync(dir).sort(), ['docs']);
  await page.click('[data-testid=job] button[aria-label=Dismiss]');
  await page.fill('[data-testid=filter]', '');
});

test('verify the demo zip', async () => {
  await page.click('[data-testid=verify]');
  await page.waitForSelector('[data-testid=verify-ok]');
});

test('an error names the file', async () => {
  await page.click('[data-testid=tab] button[aria-label^=Close]');
  await page.fill('[data-testid=open-path]', join(work, 'missing.zip'));
  await page.press('[data-testid=open-path]', 'Enter');
  await page.waitForSelector('[data-testid=error]');
  assert.match(await page.textContent('[data-testid=error]'), /missing\.zip: no such file or directory/);
  await page.click('[data-testid=error] button');
});

test('cancel a long extract: nothing half-written', async () => {
  const big = process.env.PACKSMITH_BIGZIP;
  assert.ok(big && existsSync(big), 'PACKSMITH_BIGZIP must name the generated big zip');
  await page.fill('[data-testid=open-path]', big);
  await page.press('[data-testid=open-path]', 'Enter');
  await page.waitForSelector('[data-testid=extract-all]');
  await page.click('[data-testid=extract-all]');
  const dir = join(work, 'big-out');
  await page.fill('[data-testid=extract-dir]', dir);
  await page.click('[data-testid=extract-go]');
  await page.waitForSelector('[data-testid=job][data-state=running] [data-testid=cancel]');
  await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid=job] .what')?.textContent ?? ''));
  await shot('extract-progress.png');
  await page.click('[data-testid=cancel]');
  await page.waitForSelector('[data-testid=job][data-state=cancelled]');
  const left = existsSync(dir) ? readdirSync(dir) : [];
  assert.deepEqual(left, [], `cancelled extract left ${left.join(', ')}`);
});

test('100,000 entries scroll and filter', async () => {
  const huge = process.env.PACKSMITH_HUGEZIP;
  assert.ok(huge && existsSync(huge), 'PACKSMITH_HUGEZIP must name the generated 100,000-entry zip');
  await page.click('[data-testid=tab] button[aria-label^=Close]');
  const t0 = Date.now();
  await page.fill('[data-testid=open-path]', huge);
  await page.press('[data-testid=open-path]', 'Enter');
  await page.waitForSelector('[data-path="big/000/entry_00000.bin"]');
  console.log(`# 100,000-entry zip: first page shown after ${Date.now() - t0} ms`);
  assert.equal(await countText(), '100,000 of 100,000');
  // only the rows on screen exist
  const rendered = await page.$$eval('[data-testid=entry-list] .row', (r) => r.length);
  assert.ok(rendered < 80, `${rendered} rows rendered`);
  const t1 = Date.now();
  await page.$eval('[data-testid=entry-list]', (el) => (el.scrollTop = el.scrollHeight));
  await page.waitForSelector('[data-path="big/999/entry_99999.bin"]');
  console.log(`# scrolled to the end in ${Date.now() - t1} ms`);
  await page.fill('[data-testid=filter]', 'entry_9999');
  await page.waitForFunction(() => document.querySelector('[data-testid=count]').textContent === '10 of 100,000');
  await shot('huge.png');
});
