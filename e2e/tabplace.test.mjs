// End-to-end: a tab is a place (issue 34). Everything set in a tab comes
// back when the user returns to it: the selection (and the buttons it
// enables), the entry list's scroll, the preview's view mode, the image's
// zoom, channels and mip, the hex view's scroll and cursor, the open Find
// panel and its result; a save keeps the selection and shows the saved
// entry. Two tabs of one name show their folders; each new tab is in view.
// A 256×256 texture opens at 100 % at most, inside its pane. The Pack view
// asks its deploy question in the top card and keeps its folder over a
// visit to Load order.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openApp, shot } from './lib.mjs';
import { png, zip } from './gen.mjs';

const repo = process.env.PACKSMITH_REPO || fileURLToPath(new URL('..', import.meta.url));
const work = mkdtempSync(join(process.env.PACKSMITH_E2E_DIR || tmpdir(), 'tabplace-'));
let ctx, page;

before(async () => {
  ({ ctx, page } = await openApp());
  page.on('dialog', (d) => d.accept());
});
after(async () => ctx?.close());

async function closeAll() {
  const tabs = () => page.$$eval('[data-testid=tab]', (els) => els.length);
  for (let n = await tabs(); n > 0; n = await tabs()) {
    await page.click('[data-testid=tab] button[aria-label^=Close]');
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid=tab]').length < n, n);
  }
}

async function open(path) {
  await page.fill('[data-testid=open-path]', path);
  await page.press('[data-testid=open-path]', 'Enter');
  await page.waitForFunction((p) => document.querySelector('[data-testid=tab][aria-selected=true]')?.title === p, path);
  await page.waitForSelector('[data-testid=entry-list] .row[data-path]');
}

async function showTab(path) {
  await page.click(`[data-testid=tab][title="${path}"] .tabname`);
  await page.waitForFunction((p) => document.querySelector('[data-testid=tab][aria-selected=true]')?.title === p, path);
  await page.waitForSelector('[data-testid=entry-list] .row[data-path]', { state: 'attached' });
}

const enabled = (id) => page.$eval(`[data-testid=${id}]`, (b) => !b.disabled);
const isOn = (sel) => page.$eval(sel, (b) => b.classList.contains('on'));

// a/same.zip: 300 text files (a list that scrolls), a 256×256 picture, a
// binary file. b/same.zip: the demo textures (mips, channels).
const many = { 'img/pic.png': png(256, 256, (x, y) => [x, y, (x ^ y) & 255]), 'bin/data.bin': Buffer.from(Array.from({ length: 8192 }, (_, i) => (i * 7) & 255)) };
for (let i = 0; i < 300; i++) many[`f/file_${String(i).padStart(3, '0')}.txt`] = Buffer.from(`line ${i}\n`);
mkdirSync(join(work, 'a'));
mkdirSync(join(work, 'b'));
const A = join(work, 'a', 'same.zip');
const B = join(work, 'b', 'same.zip');
writeFileSync(A, zip(many));
copyFileSync(join(repo, 'testdata/demo/textures.zip'), B);

test('every state of a tab comes back after another tab was shown', async () => {
  await closeAll();
  await open(A);
  await open(B);
  // Two tabs named same.zip: each shows its folder.
  const names = await page.$$eval('[data-testid=tab-name]', (els) => els.map((e) => e.textContent));
  assert.deepEqual(names, ['same.zip — a', 'same.zip — b']);

  // Tab B: a texture with its mip, one channel off, zoomed in; Find open with its result.
  await page.click('[data-path="textures/bc3_alpha_mips.dds"]');
  await page.waitForSelector('[data-testid=mip-picker]');
  await page.selectOption('[data-testid=mip-picker]', '1');
  await page.waitForFunction(() => document.querySelector('[data-testid=image-view]')?.naturalWidth === 32);
  await page.click('[data-testid=channel-r]');
  await page.click('[data-testid=zoom-in]');
  const zoomB = await page.textContent('[data-testid=zoom]');
  await page.click('[data-testid=find-open]');
  await page.fill('[data-testid=find-query]', 'no such words anywhere');
  await page.press('[data-testid=find-query]', 'Enter');
  await page.waitForSelector('[data-testid=find-none]');
  const findB = await page.textContent('[data-testid=find-status]');
  assert.equal(await enabled('extract-selected'), true);

  // Tab A: the list scrolled down, a row selected, the picture in hex, scrolled, a byte picked.
  await showTab(A);
  // a 256×256 texture opens at 100 % at most and inside its pane
  await page.$eval('[data-testid=entry-list]', (el) => (el.scrollTop = 1e6));
  await page.click('[data-path="img/pic.png"]');
  await page.waitForFunction(() => document.querySelector('[data-testid=image-view]')?.complete && document.querySelector('[data-testid=image-view]').naturalWidth === 256);
  const fit = await page.evaluate(() => {
    const img = document.querySelector('[data-testid=image-view]').getBoundingClientRect();
    const wrap = document.querySelector('[data-testid=image-wrap]');
    return { w: img.width, h: img.height, ww: wrap.clientWidth, wh: wrap.clientHeight, z: document.querySelector('[data-testid=zoom]').textContent };
  });
  assert.ok(parseFloat(fit.z) <= 100, `opens at ${fit.z}`);
  assert.ok(fit.w <= fit.ww - 16 + 0.5 && fit.h <= fit.wh - 16 + 0.5, `overflows its pane: ${JSON.stringify(fit)}`);
  await shot(page, 'tabplace-256.png');

  await page.$eval('[data-testid=entry-list]', (el) => (el.scrollTop = 3000));
  await page.waitForSelector('[data-testid=entry-list] .row[data-path="f/file_130.txt"]');
  await page.click('[data-path="f/file_130.txt"]');
  await page.click('[data-path="f/file_131.txt"]', { modifiers: ['Control'] });
  // back to the picture (at the list's end), shown in hex
  await page.$eval('[data-testid=entry-list]', (el) => (el.scrollTop = 1e6));
  await page.waitForSelector('[data-testid=entry-list] .row[data-path="img/pic.png"]');
  await page.click('[data-path="img/pic.png"]', { modifiers: ['Control'] });
  // ctrl+click opens it in the preview too; the selection is now three rows
  await page.waitForSelector('[data-testid=preview] button[data-view=hex]');
  await page.click('[data-testid=preview] button[data-view=hex]');
  await page.waitForSelector('[data-testid=hex-view] .row');
  await page.$eval('[data-testid=hex-view]', (el) => (el.scrollTop = 1000));
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=hex-view] .off')].some((o) => o.textContent.includes('0000')));
  const byte = page.locator('[data-testid=hex-view] .b').nth(40);
  await byte.click();
  const inspA = await page.textContent('[data-testid=inspector] .ihead');
  await page.$eval('[data-testid=entry-list]', (el) => (el.scrollTop = 2800));
  await page.waitForFunction(() => document.querySelector('[data-testid=entry-list]').scrollTop === 2800);
  const listA = 2800;
  const hexA = await page.$eval('[data-testid=hex-view]', (el) => el.scrollTop);
  assert.ok(hexA > 500, `hex scrolled ${hexA}`);
  const selA = await page.$$eval('[data-testid=entry-list] .row.sel', (els) => els.map((e) => e.dataset.path).sort());
  assert.deepEqual(selA, ['f/file_130.txt', 'f/file_131.txt']);
  assert.equal(await page.textContent('[data-testid=entry-list] ~ .foot'), '302 entries · 3 selected');
  assert.equal(await enabled('extract-selected'), true);

  // Away to B: B is as it was left.
  await showTab(B);
  await page.waitForSelector('[data-testid=channel-view]'); // R off: the canvas shows the channels
  await page.waitForFunction((z) => document.querySelector('[data-testid=zoom]')?.textContent === z, zoomB);
  assert.equal(await page.$eval('[data-testid=mip-picker]', (s) => s.value), '1');
  assert.equal(await isOn('[data-testid=channel-r]'), false);
  assert.equal(await isOn('[data-testid=channel-g]'), true);
  assert.equal(await page.textContent('[data-testid=find-status]'), findB);
  assert.ok(await page.$('[data-testid=find-none]'));
  assert.equal(await page.$eval('[data-testid=preview] .title', (e) => e.textContent), 'textures/bc3_alpha_mips.dds');
  assert.equal(await enabled('extract-selected'), true);
  await shot(page, 'tabplace-b.png');

  // Back to A: list scroll, selection, buttons, hex view, its scroll and cursor.
  await showTab(A);
  await page.waitForSelector('[data-testid=hex-view] .row');
  await page.waitForFunction((t) => Math.abs(document.querySelector('[data-testid=entry-list]').scrollTop - t) < 2, listA);
  await page.waitForFunction((t) => Math.abs(document.querySelector('[data-testid=hex-view]').scrollTop - t) < 2, hexA);
  assert.deepEqual(await page.$$eval('[data-testid=entry-list] .row.sel', (els) => els.map((e) => e.dataset.path).sort()), selA);
  assert.equal(await page.textContent('[data-testid=entry-list] ~ .foot'), '302 entries · 3 selected');
  assert.equal(await enabled('extract-selected'), true);
  assert.equal(await isOn('[data-testid=preview] button[data-view=hex]'), true);
  assert.equal(await page.textContent('[data-testid=inspector] .ihead'), inspA);
  await shot(page, 'tabplace-a.png');
});

test('a save keeps the selection and shows the saved entry', async () => {
  await closeAll();
  const C = join(work, 'c.zip');
  writeFileSync(C, zip({ 'x/one.txt': Buffer.from('one\n'), 'x/two.txt': Buffer.from('two\n'), 'x/three.txt': Buffer.from('three\n') }));
  const src = join(work, 'two-new.txt');
  writeFileSync(src, 'two, replaced\n');
  await open(C);
  await page.click('[data-path="x/two.txt"]');
  await page.waitForFunction(() => document.querySelector('[data-testid=preview] .title')?.textContent === 'x/two.txt');
  assert.equal(await enabled('replace'), true);
  await page.click('[data-testid=replace]');
  await page.fill('[data-testid=dialog-path]', src);
  await page.click('[data-testid=dialog-ok]');
  await page.waitForSelector('[data-testid=change][data-op=replace]');
  // still selected after the change is staged
  assert.deepEqual(await page.$$eval('[data-testid=entry-list] .row.sel', (els) => els.map((e) => e.dataset.path)), ['x/two.txt']);
  await page.click('[data-testid=save]');
  await page.waitForFunction(() => !document.querySelector('[data-testid=changes]'));
  await page.waitForFunction(() => document.querySelector('[data-testid=preview]')?.textContent.includes('two, replaced'));
  assert.equal(await page.$eval('[data-testid=preview] .title', (e) => e.textContent), 'x/two.txt');
  assert.deepEqual(await page.$$eval('[data-testid=entry-list] .row.sel', (els) => els.map((e) => e.dataset.path)), ['x/two.txt']);
  assert.equal(await enabled('replace'), true);
  assert.equal(await enabled('extract-selected'), true);
});

test('each new tab is in view in a full row of tabs', async () => {
  await closeAll();
  for (let i = 0; i < 12; i++) {
    const p = join(work, `a-rather-long-archive-name-${String(i).padStart(2, '0')}.zip`);
    writeFileSync(p, zip({ 'a.txt': Buffer.from('a\n') }));
    await open(p);
    await page.waitForTimeout(150); // the ‹ › ▾ buttons may appear and narrow the row
    const r = await page.evaluate(() => {
      const t = document.querySelector('[data-testid=tab][aria-selected=true]').getBoundingClientRect();
      const s = document.querySelector('[data-testid=tabs]').getBoundingClientRect();
      return { tl: t.left, tr: t.right, sl: s.left, sr: s.right };
    });
    assert.ok(r.tl >= r.sl - 1 && r.tr <= r.sr + 1, `tab ${i} out of view: ${JSON.stringify(r)}`);
  }
  await shot(page, 'tabplace-row.png');
  await closeAll();
});

test('the Pack view keeps its folder over a visit to Load order', async () => {
  const dir = join(repo, 'testdata/demo/sample_mod');
  await page.click('[data-mode=pack]');
  await page.waitForSelector('[data-testid=pack-view]');
  await page.fill('[data-testid=pack-dir]', dir);
  await page.press('[data-testid=pack-dir]', 'Enter');
  await page.waitForSelector('[data-testid=moddat-card]');
  // the output starts beside the mod folder, not inside it
  assert.equal(await page.inputValue('[data-testid=pack-output]'), join(repo, 'testdata/demo', 'PACKSMITH_SAMPLE.MOD'));
  // Deploy off: "Enable in modlauncher.sch" is shown unticked
  if (!(await page.isChecked('[data-testid=pack-deploy]'))) await page.check('[data-testid=pack-deploy]');
  if (!(await page.isChecked('[data-testid=pack-enable]'))) await page.check('[data-testid=pack-enable]');
  await page.uncheck('[data-testid=pack-deploy]');
  assert.equal(await page.isChecked('[data-testid=pack-enable]'), false);
  assert.equal(await page.isDisabled('[data-testid=pack-enable]'), true);
  await page.click('[data-mode=loadorder]');
  await page.waitForSelector('[data-testid=loadorder]');
  await page.click('[data-mode=pack]');
  await page.waitForSelector('[data-testid=moddat-card]');
  assert.equal(await page.inputValue('[data-testid=pack-dir]'), dir);
  await page.click('[data-mode=archives]').catch(() => {});
});
