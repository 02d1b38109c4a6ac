// End-to-end: tabs that belong to themselves. Ten archives open at 1280×800
// stay in one row of tabs; each tab keeps its own filter, path box, open
// panels and proposals; a tab is clickable over its whole area and closes on
// a middle click; findings of one kind fold; Find lists hits in entry order.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openApp, shot, closeTab } from './lib.mjs';

const repo = process.env.PACKSMITH_REPO || fileURLToPath(new URL('..', import.meta.url));
const work = mkdtempSync(join(process.env.PACKSMITH_E2E_DIR || tmpdir(), 'tabs-'));
const demo = (name) => join(repo, 'testdata/demo', name);
let ctx, page;

before(async () => {
  ({ ctx, page } = await openApp());
  await page.setViewportSize({ width: 1280, height: 800 });
  page.on('dialog', (d) => d.accept());
});

after(async () => {
  await ctx?.close();
});

async function closeAll() {
  const tabs = () => page.$$eval('[data-testid=tab]', (els) => els.length);
  for (let n = await tabs(); n > 0; n = await tabs()) {
    await closeTab(page, n);
  }
}

async function open(path) {
  await page.fill('[data-testid=open-path]', path);
  await page.press('[data-testid=open-path]', 'Enter');
  await page.waitForFunction((p) => document.querySelector('[data-testid=tab][aria-selected=true]')?.title === p, path);
  await page.waitForSelector('[data-testid=entry-list] .row[data-path]');
}

const activeTitle = () => page.$eval('[data-testid=tab][aria-selected=true]', (e) => e.title);
const tabRects = () => page.$$eval('[data-testid=tab]', (els) => els.map((e) => { const r = e.getBoundingClientRect(); return { top: r.top, left: r.left, right: r.right, h: r.height, title: e.title }; }));

/** Click a tab near its left edge (its padding, not the name's text). */
async function clickTab(title) {
  const i = (await tabRects()).findIndex((t) => t.title === title);
  const tab = page.locator('[data-testid=tab]').nth(i);
  await tab.scrollIntoViewIfNeeded();
  const box = await tab.boundingBox();
  await page.mouse.click(box.x + 2, box.y + box.height / 2);
  await page.waitForFunction((p) => document.querySelector('[data-testid=tab][aria-selected=true]')?.title === p, title);
}

test('ten tabs stay in one row, each clickable over its whole area, each with its own state', async () => {
  await closeAll();
  const headerOne = await page.$eval('header', (h) => h.getBoundingClientRect().height);
  const paths = [];
  for (let i = 0; i < 10; i++) {
    const p = join(work, `a-rather-long-archive-name-number-${i}.zip`);
    copyFileSync(demo('demo.zip'), p);
    paths.push(p);
    await open(p);
  }
  const rects = await tabRects();
  assert.equal(rects.length, 10);
  assert.equal(new Set(rects.map((r) => Math.round(r.top))).size, 1, `tabs on more than one row: ${JSON.stringify(rects.map((r) => r.top))}`);
  assert.equal(await page.$eval('header', (h) => h.getBoundingClientRect().height), headerOne, 'the header grew');
  // Ten tabs do not fit: the list of all of them is there.
  await page.waitForSelector('[data-testid=tab-list-open]');
  await shot(page, 'tabs-ten.png');

  // Tab 3: a filter, Compare open, a path typed in the box.
  await clickTab(paths[3]);
  await page.fill('[data-testid=filter]', 'README');
  await page.waitForFunction(() => document.querySelector('[data-testid=count]')?.textContent === '1 of 48');
  await page.click('[data-testid=compare-open]');
  await page.waitForSelector('[data-testid=compare]');
  await page.fill('[data-testid=open-path]', '/somewhere/typed-in-tab-3.MOD');

  // Tab 5 knows nothing of it.
  await clickTab(paths[5]);
  assert.equal(await page.$('[data-testid=compare]'), null, 'Compare of tab 3 shows in tab 5');
  assert.equal(await page.inputValue('[data-testid=filter]'), '');
  assert.equal(await page.textContent('[data-testid=count]'), '48 of 48');
  assert.equal(await page.inputValue('[data-testid=open-path]'), '');
  await page.click('[data-testid=find-open]');
  await page.waitForSelector('[data-testid=find]');

  // Back in tab 3: as it was left.
  await clickTab(paths[3]);
  await page.waitForSelector('[data-testid=compare]');
  assert.equal(await page.$('[data-testid=find]'), null, 'Find of tab 5 shows in tab 3');
  assert.equal(await page.inputValue('[data-testid=filter]'), 'README');
  assert.equal(await page.inputValue('[data-testid=open-path]'), '/somewhere/typed-in-tab-3.MOD');
  await page.click('[data-testid=compare-close]');

  // The list of all tabs reaches a tab scrolled out of view.
  await page.click('[data-testid=tab-list-open]');
  await page.click(`[data-testid=tab-list] button[title="${paths[9]}"]`);
  assert.equal(await activeTitle(), paths[9]);
  assert.ok(await page.isVisible('[data-testid=tab][aria-selected=true]'));

  // A middle click closes a tab; the others stay.
  const t0 = page.locator('[data-testid=tab]').first();
  await t0.scrollIntoViewIfNeeded();
  await t0.click({ button: 'middle' });
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=tab]').length === 9);
  assert.ok(!(await tabRects()).some((r) => r.title === paths[0]));
  await closeAll();
});

test('Unpack to project… proposes a folder beside the archive of its own tab', async () => {
  await closeAll();
  const a = join(work, 'first'), b = join(work, 'second');
  mkdirSync(a);
  mkdirSync(b);
  copyFileSync(demo('PACKSMITH_SAMPLE.MOD'), join(a, 'ONE.MOD'));
  copyFileSync(demo('PACKSMITH_SAMPLE.MOD'), join(b, 'TWO.MOD'));
  await open(join(a, 'ONE.MOD'));
  await page.click('[data-testid=unpack-open]');
  await page.waitForFunction(() => document.querySelector('[data-testid=unpack-dir]')?.value);
  const one = await page.inputValue('[data-testid=unpack-dir]');
  assert.ok(one.startsWith(a), one);
  await open(join(b, 'TWO.MOD'));
  await page.click('[data-testid=unpack-open]');
  await page.waitForFunction(() => document.querySelector('[data-testid=unpack-dir]')?.value);
  const two = await page.inputValue('[data-testid=unpack-dir]');
  assert.ok(two.startsWith(b), `TWO.MOD's tab proposes ${two}`);
  await closeAll();
});

test('one error banner at a time, naming the file; the Recent list stays on screen', async () => {
  await closeAll();
  await page.fill('[data-testid=open-path]', join(work, 'gone-one.MOD'));
  await page.press('[data-testid=open-path]', 'Enter');
  await page.waitForSelector('[data-testid=error]');
  await page.fill('[data-testid=open-path]', join(work, 'gone-two.zip'));
  await page.press('[data-testid=open-path]', 'Enter');
  await page.waitForFunction(() => document.querySelector('[data-testid=error]')?.textContent.includes('gone-two.zip'));
  assert.equal((await page.$$('[data-testid=error]')).length, 1);
  assert.match(await page.textContent('[data-testid=error-about]'), /gone-two\.zip/);
  await page.click('[data-testid=error] button[aria-label=Dismiss]');

  await open(demo('demo.zip'));
  await page.click('[data-testid=recent-menu]');
  const r = await page.$eval('[data-testid=recent-list]', (e) => { const b = e.getBoundingClientRect(); return { left: b.left, right: b.right, w: window.innerWidth }; });
  assert.ok(r.left >= 0 && r.right <= r.w, `Recent list at ${r.left}..${r.right} of ${r.w}`);
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 790);
  await closeAll();
});

test('Find lists its hits in entry order', async () => {
  await closeAll();
  await open(demo('demo.zip'));
  await page.click('[data-testid=find-open]');
  await page.fill('[data-testid=find-query]', 'level');
  await page.click('[data-testid=find-go]');
  await page.waitForFunction(() => /hits? in/.test(document.querySelector('[data-testid=find-status]')?.textContent));
  const entries = await page.$$eval('[data-testid=find-hits] button[data-hit-entry]', (els) => [...new Set(els.map((e) => e.dataset.hitEntry))]);
  assert.ok(entries.length >= 3, entries.join(', '));
  // Entry order is the archive's: the levels come as level_00, level_01, …
  const levels = entries.filter((e) => /^levels\//.test(e));
  assert.deepEqual(levels, [...levels].sort(), levels.join(', '));
  await closeAll();
});
