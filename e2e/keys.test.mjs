// End-to-end: every dialog by keyboard alone (issue 34). Each opens by its
// shortcut with focus in its first field, typing goes there, Tab stays
// inside, the window's shortcuts stand aside (Ctrl+L did type into the path
// box behind Rename), Escape closes it and focus goes back to where it was.
// Closing a tab with unsaved changes asks with the app's own dialog.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openApp, shot } from './lib.mjs';

const repo = process.env.PACKSMITH_REPO || fileURLToPath(new URL('..', import.meta.url));
const work = mkdtempSync(join(process.env.PACKSMITH_E2E_DIR || tmpdir(), 'keys-'));
let ctx, page;
let browserDialogs = 0;

before(async () => {
  ({ ctx, page } = await openApp());
  page.on('dialog', (d) => ((browserDialogs++), d.dismiss()));
  const arc = join(work, 'keys.zip');
  copyFileSync(join(repo, 'testdata/demo/demo.zip'), arc);
  await page.fill('[data-testid=open-path]', arc);
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid=entry-list] [data-path]');
});

after(async () => {
  await ctx?.close();
});

const inside = (sel) => page.evaluate((sel) => !!document.activeElement?.closest(sel), sel);
const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName);

/** Tab and Shift+Tab n times each: focus never leaves the dialog. */
async function tabStaysIn(sel, n = 12) {
  for (const k of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < n; i++) {
      await page.keyboard.press(k);
      assert.ok(await inside(sel), `${k} #${i + 1} left ${sel} for ${await focused()}`);
    }
  }
}

async function selectFirstEntry() {
  await page.click('[data-testid=entry-list] [data-path]');
  await page.focus('[data-testid=entry-list]');
}

test('F2: Rename takes the keyboard, keeps it, gives it back', async () => {
  await selectFirstEntry();
  await page.keyboard.press('F2');
  await page.waitForSelector('[data-testid=path-dialog]');
  assert.equal(await focused(), 'dialog-entry', 'focus in the name field');
  await page.keyboard.press('Control+a');
  await page.keyboard.type('renamed-by-keys.txt');
  assert.equal(await page.inputValue('[data-testid=dialog-entry]'), 'renamed-by-keys.txt');
  await page.keyboard.press('Control+l');
  assert.equal(await page.inputValue('[data-testid=open-path]'), '', 'Ctrl+L did not reach the path box behind');
  assert.ok(await inside('[data-testid=path-dialog]'));
  await page.keyboard.type('x');
  assert.equal(await page.inputValue('[data-testid=open-path]'), '');
  await tabStaysIn('[data-testid=path-dialog]');
  await shot(page, 'keys-rename.png');
  await page.keyboard.press('Escape');
  await page.waitForSelector('[data-testid=path-dialog]', { state: 'detached' });
  assert.equal(await focused(), 'entry-list', 'focus back on the list');
});

test('Ctrl+R Replace, Ctrl+Shift+S Save as, Ctrl+E Extract: first field, Tab inside, Escape', async () => {
  for (const [keys, sel, field] of [
    ['Control+r', '[data-testid=path-dialog]', 'dialog-path'],
    ['Control+Shift+S', '[data-testid=path-dialog]', 'dialog-path'],
    ['Control+e', '[role=dialog][aria-label=Extract]', 'extract-dir'],
  ]) {
    await selectFirstEntry();
    await page.keyboard.press(keys);
    await page.waitForSelector(sel);
    assert.equal(await focused(), field, `${keys}: focus in the first field`);
    await page.keyboard.type('/tmp/typed');
    assert.match(await page.inputValue(`[data-testid=${field}]`), /\/tmp\/typed$/);
    await tabStaysIn(sel, 8);
    await page.keyboard.press('Escape');
    await page.waitForSelector(sel, { state: 'detached' });
    assert.equal(await focused(), 'entry-list', `${keys}: focus back`);
  }
});

test('Ctrl+, Settings: the first folder field once read, Tab inside, Escape', async () => {
  await page.focus('[data-testid=entry-list]');
  await page.keyboard.press('Control+,');
  await page.waitForSelector('[data-testid=set-tl2UserDir]');
  await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'set-tl2UserDir');
  await tabStaysIn('[data-testid=settings]', 14);
  await page.keyboard.press('Escape');
  await page.waitForSelector('[data-testid=settings]', { state: 'detached' });
  assert.equal(await focused(), 'entry-list');
});

test('? lists the shortcuts; Escape closes it', async () => {
  await page.focus('[data-testid=entry-list]');
  await page.keyboard.press('?');
  await page.waitForSelector('[data-testid=shortcuts]');
  const rows = await page.$$eval('[data-testid=shortcut-row]', (els) => els.map((e) => e.textContent));
  for (const k of ['F2', 'Ctrl+L', 'Ctrl+,', 'Ctrl+Shift+S', 'Escape']) assert.ok(rows.some((r) => r.startsWith(k)), `lists ${k}`);
  await shot(page, 'keys-help.png');
  await tabStaysIn('[data-testid=shortcuts]', 4);
  await page.keyboard.press('Escape');
  await page.waitForSelector('[data-testid=shortcuts]', { state: 'detached' });
});

test('closing a tab with unsaved changes asks in the app, by keyboard', async () => {
  await selectFirstEntry();
  await page.keyboard.press('Delete');
  await page.waitForSelector('[data-testid=change]');
  await page.click('[data-testid=tab] button[aria-label^=Close]');
  await page.waitForSelector('[data-testid=ask-dialog]');
  assert.match(await page.textContent('[data-testid=ask-text]'), /1 unsaved change to keys\.zip\. Close and lose them\?/);
  assert.equal(await focused(), 'ask-ok');
  await tabStaysIn('[data-testid=ask-dialog]', 4);
  await page.keyboard.press('Escape');
  await page.waitForSelector('[data-testid=ask-dialog]', { state: 'detached' });
  assert.equal(await page.$$eval('[data-testid=tab]', (t) => t.length), 1, 'Escape kept the tab');
  await page.click('[data-testid=tab] button[aria-label^=Close]');
  await page.waitForSelector('[data-testid=ask-dialog]');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=tab]').length === 0);
  assert.equal(browserDialogs, 0, 'no browser confirm()/prompt()');
});

// Issue 46's day: six tabs by keyboard alone had no key to go from tab to
// tab or to close one. Ctrl+Tab / Ctrl+Shift+Tab go round, Ctrl+W closes.
test('Ctrl+Tab, Ctrl+Shift+Tab and Ctrl+W: between tabs by keyboard', async () => {
  const names = ['demo.zip', 'DATA.PAK', 'PACKSMITH_SAMPLE.MOD'];
  for (const n of names) {
    const arc = join(work, n);
    copyFileSync(join(repo, 'testdata/demo', n), arc);
    if (n === 'DATA.PAK') copyFileSync(join(repo, 'testdata/demo', 'DATA.PAK.MAN'), arc + '.MAN');
    await page.fill('[data-testid=open-path]', arc);
    await page.keyboard.press('Enter');
    await page.waitForFunction((n) => document.querySelector('[data-testid=tab].active')?.textContent.includes(n), n);
  }
  const active = () => page.$eval('[data-testid=tab].active', (t) => t.textContent.trim());
  await page.focus('[data-testid=entry-list]');
  await page.keyboard.press('Control+Tab');
  await page.waitForFunction(() => document.querySelector('[data-testid=tab].active')?.textContent.includes('demo.zip'));
  await page.keyboard.press('Control+Shift+Tab');
  await page.waitForFunction(() => document.querySelector('[data-testid=tab].active')?.textContent.includes('PACKSMITH_SAMPLE.MOD'));
  await page.keyboard.press('Control+Shift+Tab');
  assert.match(await page.waitForFunction(() => document.querySelector('[data-testid=tab].active')?.textContent.includes('DATA.PAK')).then(active), /DATA\.PAK/);
  await page.keyboard.press('Control+w');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=tab]').length === 2);
  assert.deepEqual(await page.$$eval('[data-testid=tab]', (ts) => ts.map((t) => t.title.split('/').pop())), ['demo.zip', 'PACKSMITH_SAMPLE.MOD']);
  await page.keyboard.press('Control+w');
  await page.keyboard.press('Control+w');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=tab]').length === 0);
});
