// End-to-end: the window as a workbench. Loose files and folders open like
// archives, columns sort, globs filter and say why nothing matched, the
// keyboard shortcuts and the context menu work, errors come in plain words
// with the details a click away, and the recent menu is always there.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdtempSync, writeFileSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openApp, shot, closeTab } from './lib.mjs';

const repo = process.env.PACKSMITH_REPO || fileURLToPath(new URL('..', import.meta.url));
const cli = process.env.PACKSMITH_CLI || join(repo, 'build/bin/packsmith-dev');
const work = mkdtempSync(join(process.env.PACKSMITH_E2E_DIR || tmpdir(), 'workbench-'));
const demo = (name) => join(repo, 'testdata/demo', name);
let ctx, page;

before(async () => {
  ({ ctx, page } = await openApp());
  await page.setViewportSize({ width: 1280, height: 720 });
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

/** Open through the path box in the header (there with or without a tab). */
async function open(path) {
  await page.fill('[data-testid=open-path]', path);
  await page.press('[data-testid=open-path]', 'Enter');
  await page.waitForFunction((p) => [...document.querySelectorAll('[data-testid=tab] .tabname')].some((t) => t.title === p), path);
  await page.waitForSelector('[data-testid=entry-list] .row[data-path]');
}

const count = () => page.textContent('[data-testid=count]');
const waitCount = (re) => page.waitForFunction((src) => new RegExp(src).test(document.querySelector('[data-testid=count]')?.textContent ?? ''), re.source);
const rowPaths = () => page.$$eval('[data-testid=entry-list] .row[data-path]', (els) => els.sort((a, b) => parseFloat(a.style.top) - parseFloat(b.style.top)).map((e) => e.dataset.path));

test('a loose .MPP opens straight into its walk-grid preview', async () => {
  await closeAll();
  const mpp = demo('sample_mod/MEDIA/LAYOUTS/SAMPLE_LEVEL/SAMPLE_ROOM.MPP');
  await open(mpp);
  assert.equal(await count(), '1 of 1');
  await page.waitForSelector('[data-testid=image-view]');
  assert.match(await page.textContent('[data-testid=image-meta]'), /walk|grid|\d+\s*×\s*\d+/i);
  await shot(page, 'loose-mpp.png');
});

test('a loose .DDS opens into its texture preview', async () => {
  const dds = join(work, 'bc1_mips.dds');
  writeFileSync(dds, execFileSync(cli, ['cat', demo('textures.zip'), 'textures/bc1_mips.dds']));
  await open(dds);
  await page.waitForSelector('[data-testid=image-view]');
  assert.match(await page.textContent('[data-testid=image-meta]'), /BC1|DXT1/);
  assert.ok(await page.$('[data-testid=mip-picker]'), 'the mip picker of a texture');
  await shot(page, 'loose-dds.png');
});

test('a folder opens as a tree with previews; columns sort', async () => {
  const dir = join(work, 'sample_mod');
  cpSync(demo('sample_mod'), dir, { recursive: true });
  await open(dir);
  assert.equal(await count(), '9 of 9');
  assert.ok(await page.$('[data-folder="MEDIA/UNITS"], [data-folder="MEDIA"]'));
  await page.click('[data-testid=entry-list] [data-path="MOD.DAT"]');
  await page.waitForSelector('[data-testid=text-view]');
  assert.match(await page.textContent('[data-testid=text-view]'), /\[MOD\]/);
  // sort by size, then size descending: Go sorts, the list pages
  await page.click('[data-testid=list-head] [data-sort=size]');
  await page.waitForFunction(() => document.querySelector('[data-sort=size]').dataset.dir === 'asc');
  await page.waitForFunction(() => document.querySelector('[data-testid=entry-list] .row[data-path]'));
  let rows = await rowPaths();
  assert.equal(rows[0], 'MEDIA/SKILLS/SAMPLE_BLINK/SAMPLE_BLINK.LAYOUT', 'smallest first (325 B)');
  await page.click('[data-testid=list-head] [data-sort=size]');
  await page.waitForFunction(() => document.querySelector('[data-sort=size]').dataset.dir === 'desc');
  await page.waitForFunction(() => document.querySelector('[data-testid=entry-list] .row[data-path]')?.dataset.path === 'MEDIA/LAYOUTS/SAMPLE_LEVEL/SAMPLE_ROOM.MPP');
  await page.click('[data-testid=list-head] [data-sort=name]');
  await page.waitForFunction(() => document.querySelector('[data-testid=entry-list] .row[data-path]')?.dataset.path === 'MOD.DAT');
  rows = await rowPaths();
  assert.equal(rows[1], 'MEDIA/UNITS/ITEMS/SAMPLE/SAMPLE_BASE.DAT', 'by file name: MOD.DAT, SAMPLE_BASE.DAT, …');
  await shot(page, 'folder.png');
});

test('globs and \\ filter; an empty result says why', async () => {
  await page.click('[data-testid=list-head] [data-sort=name]'); // back to a known order is not needed: filter
  await page.fill('[data-testid=filter]', '*.layout');
  await waitCount(/^3 of 9$/);
  await page.fill('[data-testid=filter]', 'media\\skills');
  await waitCount(/^2 of 9$/);
  await page.fill('[data-testid=filter]', '*.dds');
  await waitCount(/^0 of 9$/);
  await page.waitForSelector('[data-testid=list-why]');
  assert.match(await page.textContent('[data-testid=list-why]'), /no file name matches \*\.dds/);
  await page.fill('[data-testid=filter]', '');
  await waitCount(/^9 of 9$/);
});

test('shortcuts: Ctrl+F, Ctrl+A, Delete, Ctrl+Z, Ctrl+S', async () => {
  await closeAll();
  const dir = mkdtempSync(join(work, 'zip-'));
  const arc = join(dir, 'demo.zip');
  copyFileSync(demo('demo.zip'), arc);
  await open(arc);
  await page.click('[data-testid=entry-list]');
  await page.keyboard.press('Control+f');
  assert.equal(await page.evaluate(() => document.activeElement?.dataset?.testid), 'filter');
  await page.keyboard.type('level_1');
  await waitCount(/^10 of 48$/);
  await page.click('[data-testid=entry-list] .row[data-path]');
  await page.keyboard.press('Control+a');
  await page.waitForFunction(() => /10 selected/.test(document.querySelector('.foot').textContent));
  await page.keyboard.press('Delete');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=change][data-op=remove]').length === 10);
  await page.keyboard.press('Control+z');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=change][data-op=remove]').length === 9);
  await page.keyboard.press('Control+s');
  await page.waitForSelector('[data-testid=changes]', { state: 'detached' });
  await waitCount(/^1 of 39$/);
  const ls = execFileSync(cli, ['ls', arc]).toString();
  assert.equal((ls.match(/levels\/level_1\d\.txt/g) ?? []).length, 1, 'nine removed, the undone one kept');
});

test('context menu: copy path, open with the system app, rename', async () => {
  await page.fill('[data-testid=filter]', '');
  await waitCount(/^39 of 39$/);
  await page.click('[data-testid=entry-list] [data-path="docs/utf8.txt"]', { button: 'right' });
  await page.waitForSelector('[data-testid=context-menu]');
  await shot(page, 'context-menu.png');
  await page.click('[data-testid=context-menu] [data-item=open-with]');
  await page.waitForFunction(() => document.querySelector('[data-testid=last-opened]')?.textContent.endsWith('utf8.txt'));
  const copied = await page.textContent('[data-testid=last-opened]');
  assert.equal(readFileSync(copied, 'utf8'), 'UTF-8 text: héllo wörld — ✓\n', 'the entry copied out for the system app');
  await page.click('[data-testid=entry-list] [data-path="docs/utf8.txt"]', { button: 'right' });
  await page.click('[data-testid=context-menu] [data-item=rename]');
  await page.fill('[data-testid=dialog-entry]', 'docs/renamed.txt');
  await page.click('[data-testid=dialog-ok]');
  await page.waitForSelector('[data-testid=change][data-op=rename]');
  assert.match(await page.textContent('[data-testid=change][data-op=rename]'), /docs\/utf8\.txt\s*→\s*docs\/renamed\.txt/);
  await page.keyboard.press('Control+z');
  await page.waitForSelector('[data-testid=changes]', { state: 'detached' });
});

test('errors in plain words, details a click away, gone when the next archive opens', async () => {
  await page.fill('[data-testid=open-path]', join(work, 'missing.MOD'));
  await page.press('[data-testid=open-path]', 'Enter');
  await page.waitForSelector('[data-testid=error]');
  assert.match(await page.textContent('[data-testid=error-summary]'), /The file is not there/);
  assert.equal(await page.isVisible('[data-testid=error-detail]'), false);
  await page.click('[data-testid=error-details]');
  assert.match(await page.textContent('[data-testid=error-detail]'), /missing\.MOD: no such file or directory/);
  await shot(page, 'error-details.png');
  await open(demo('rs.iop'));
  assert.equal(await page.$('[data-testid=error]'), null, 'the banner went when the next archive opened');
});

test('the recent menu is in the header with an archive open', async () => {
  await page.click('[data-testid=recent-menu]');
  await page.waitForSelector('[data-testid=recent-list]');
  const items = await page.$$eval('[data-testid=recent-list] button', (els) => els.map((e) => e.title));
  assert.ok(items.includes(demo('rs.iop')) && items.some((p) => p.endsWith('bc1_mips.dds')), `recent: ${items}`);
  await page.click(`[data-testid=recent-list] button[title="${demo('sample_mod/MEDIA/LAYOUTS/SAMPLE_LEVEL/SAMPLE_ROOM.MPP')}"]`);
  await page.waitForSelector('[data-testid=image-view]');
  assert.ok(existsSync(work));
});

test('settings round trip: folders checked, theme applied, saved to the settings file', async () => {
  const user = join(work, 'tl2-user');
  cpSync(demo('tl2-user'), user, { recursive: true });
  await page.click('[data-testid=settings-open]');
  await page.waitForSelector('[data-testid=set-tl2UserDir]');
  await page.fill('[data-testid=set-tl2UserDir]', join(work, 'no-such-folder'));
  await page.click('[data-testid=settings-save]');
  await page.waitForSelector('[data-testid=settings-error]');
  assert.match(await page.textContent('[data-testid=settings-error]'), /Torchlight II user folder: .*no such file/);
  await page.fill('[data-testid=set-tl2UserDir]', user);
  await page.selectOption('[data-testid=set-theme]', 'light');
  await shot(page, 'settings.png');
  await page.click('[data-testid=settings-save]');
  await page.waitForSelector('[data-testid=settings]', { state: 'detached' });
  assert.equal(await page.evaluate(() => document.documentElement.classList.contains('light')), true);
  // reopened, the panel shows what was saved; the file on disk says the same
  await page.click('[data-testid=settings-open]');
  await page.waitForSelector('[data-testid=set-tl2UserDir]');
  assert.equal(await page.inputValue('[data-testid=set-tl2UserDir]'), user);
  assert.equal(await page.inputValue('[data-testid=set-theme]'), 'light');
  if (process.env.PACKSMITH_E2E_DIR) {
    const saved = JSON.parse(readFileSync(join(process.env.PACKSMITH_E2E_DIR, 'config', 'settings.json'), 'utf8'));
    assert.equal(saved.tl2UserDir, user);
    assert.equal(saved.theme, 'light');
  }
  await page.selectOption('[data-testid=set-theme]', 'dark');
  await page.click('[data-testid=settings-save]');
  await page.waitForSelector('[data-testid=settings]', { state: 'detached' });
});

test('Ctrl+O and Browse… go through the native dialogs (stood in for here: a browser has none)', async () => {
  await closeAll();
  const arc = join(mkdtempSync(join(work, 'dlg-')), 'demo.zip');
  copyFileSync(demo('demo.zip'), arc);
  const src = join(work, 'via-dialog.txt');
  writeFileSync(src, 'chosen in the file dialog');
  // The bound methods the dialogs sit behind, answered as a user would.
  await page.evaluate(([a, s]) => {
    window.go.app.BrowseService.PickArchive = () => Promise.resolve(a);
    window.go.app.EditService.PickFile = () => Promise.resolve(s);
  }, [arc, src]);
  await page.click('h1'); // focus on the page, not in a field
  await page.keyboard.press('Control+o');
  await page.waitForFunction((p) => [...document.querySelectorAll('[data-testid=tab] .tabname')].some((t) => t.title === p), arc);
  await page.fill('[data-testid=filter]', 'README');
  await waitCount(/^1 of 48$/);
  await page.click('[data-testid=entry-list] [data-path="README.txt"]');
  await page.click('[data-testid=replace]');
  await page.click('[data-testid=path-dialog] button:has-text("Browse…")');
  await page.waitForFunction((s) => document.querySelector('[data-testid=dialog-path]').value === s, src);
  await page.click('[data-testid=dialog-ok]');
  await page.waitForSelector('[data-testid=change][data-path="README.txt"]');
  assert.match(await page.textContent('[data-testid=change][data-path="README.txt"] [data-testid=change-sizes]'), /71 B → 25 B/);
  await page.click('[data-testid=discard]');
  await page.waitForSelector('[data-testid=changes]', { state: 'detached' });
});
