// End-to-end: a Tactics Ogre: Reborn Data/ folder (the demo workspace's,
// copied to a work folder first): open it, open a .dat from its
// FileTable.bin, walk into a nested pack, edit a text-table row, save, and
// find the table's record for that .dat brought up to its new size on disk;
// a Data/ tab then shows the size and bytes of a .dat another tab saved.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { openApp, shot, closeAllTabs } from './lib.mjs';

const demoData = fileURLToPath(new URL('../testdata/demo/reborn/Data', import.meta.url));
let ctx, page, data;

before(async () => {
  data = join(mkdtempSync(join(process.env.PACKSMITH_E2E_DIR || tmpdir(), 'reborn-')), 'Data');
  cpSync(demoData, data, { recursive: true });
  ({ ctx, page } = await openApp());
});

after(async () => {
  await ctx?.close();
});

/** The size FileTable.bin gives a path (a Reborn table: u32 records pointing at path + size). */
function tableSize(tablePath, want) {
  const b = readFileSync(tablePath);
  const fto = b.readUInt32LE(8);
  const total = b.readUInt32LE(12);
  for (let r = fto; r + 4 <= total; r += 4) {
    const at = total + b.readUInt32LE(r) * 8;
    const nul = b.indexOf(0, at);
    if (b.toString('utf8', at, nul) === want) return b.readUInt32LE(nul + 1);
  }
  return -1;
}

/** In a .dat's tab: into nested pack #1 and its text table #1/#0. */
async function walkToText() {
  await page.waitForSelector('[data-folder="#1"]');
  await page.click('[data-folder="#1"]');
  await page.waitForSelector('[data-testid=entry-list] [data-path="#1/#0"]');
  // The list re-renders after the folder click: click again if the first
  // click landed on a row being replaced.
  await page.click('[data-path="#1/#0"]');
  const shown = () => page.waitForFunction(() => document.querySelector('[data-testid=preview] .title')?.textContent === '#1/#0', null, { timeout: 5000 });
  await shown().catch(async () => {
    await page.click('[data-path="#1/#0"]');
    await shown();
  });
}

test('Reborn Data/: open a .dat from FileTable.bin, edit a nested txte row, save, the table follows', async () => {
  const dat = join(data, 'event', 'scene001.dat');
  const table = join(data, 'FileTable.bin');
  const before = statSync(dat).size;
  assert.equal(tableSize(table, 'event/scene001.dat'), before);

  await page.fill('[data-testid=open-path]', data);
  await page.press('[data-testid=open-path]', 'Enter');
  await page.waitForSelector('[data-testid=entry-list] [data-path="event/scene001.dat"]');
  assert.equal(await page.textContent('[data-testid=count]'), '2 of 2');
  await page.click('[data-path="event/scene001.dat"]');
  await page.click('[data-testid=open-from-table]');

  // scene001.dat in its own tab; walk into nested pack #1.
  await walkToText();
  await page.waitForSelector('[data-testid=txte-table] tr[data-row="2"]');
  assert.match(await page.textContent('[data-testid=txte-table] tr[data-row="1"]'), /scene001_msg01\s*Vyce: \{U\+F8FF\}/);

  const text = 'Vyce: {U+F8FF}Then we fight together, to the very end of this war.';
  await page.click('tr[data-row="1"] [data-testid=txte-edit]');
  await page.fill('[data-testid=txte-input]', text);
  await page.click('[data-testid=txte-save]');
  await page.waitForSelector('[data-testid=txte-saved]');
  // A pending change, as every edit in the window: written on Save.
  assert.match(await page.textContent('[data-testid=txte-saved]'), /Pending change/);
  await page.waitForSelector('[data-testid=change][data-path="#1/#0"][data-op=replace]');
  assert.equal(statSync(dat).size, before, 'nothing written before Save');
  assert.ok((await page.textContent('tr[data-row="1"]')).includes('to the very end of this war.'));
  await page.click('[data-testid=save]');
  await page.waitForSelector('[data-testid=changes]', { state: 'detached' });

  const after = statSync(dat).size;
  assert.notEqual(after, before, 'the longer text changed the file size');
  assert.equal(tableSize(table, 'event/scene001.dat'), after, "FileTable.bin holds the .dat's new size");
  assert.equal(tableSize(table, 'menu/menu_text.dat'), statSync(join(data, 'menu', 'menu_text.dat')).size);
  await shot(page, 'reborn-txte.png');
});

const hexOf = (b) => Array.from(b.subarray(0, 16), (x) => x.toString(16).padStart(2, '0')).join(' ');
// The hex view's first row, as "xx xx …".
const firstRow = `() => Array.from(document.querySelector('[data-testid=hex-view] .row')?.querySelectorAll('.b') ?? [], (b) => b.textContent.trim().toLowerCase()).join(' ')`;
const hexShows = (h) => page.waitForFunction(`(${firstRow})() === ${JSON.stringify(h)}`, null, { timeout: 10000 });
const rowText = () => page.textContent('[data-testid=entry-list] [data-path="event/scene001.dat"]');

// Issue 46: a game-folder tab refreshes a file another tab saved. The
// Data/ tab previews event/scene001.dat in hex; the .dat, opened in a tab
// of its own, gets a longer text row and is saved; back on the folder tab,
// the row's size, the preview's size and its hex are the new file's,
// without reopening it.
test('the Data/ tab shows the size and bytes of a .dat saved from another tab', async () => {
  await closeAllTabs(page);
  const dat = join(data, 'event', 'scene001.dat');
  const before = readFileSync(dat);
  await page.fill('[data-testid=open-path]', data);
  await page.press('[data-testid=open-path]', 'Enter');
  await page.waitForSelector('[data-testid=entry-list] [data-path="event/scene001.dat"]');
  await page.click('[data-path="event/scene001.dat"]');
  await page.waitForSelector('[data-testid=preview] [data-view=hex]');
  await page.click('[data-testid=preview] [data-view=hex]');
  await hexShows(hexOf(before));
  const rowBefore = await rowText();
  const metaBefore = await page.textContent('[data-testid=preview] .meta');

  // The .dat in a tab of its own: a longer text row, saved.
  await page.click('[data-testid=open-from-table]');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=tab]').length === 2);
  await walkToText();
  await page.waitForSelector('[data-testid=txte-table] tr[data-row="1"]');
  await page.click('tr[data-row="1"] [data-testid=txte-edit]');
  await page.fill('[data-testid=txte-input]', 'Vyce: {U+F8FF}Then we fight together, to the very end of this long and bitter war, brother.');
  await page.click('[data-testid=txte-save]');
  await page.waitForSelector('[data-testid=change][data-path="#1/#0"][data-op=replace]');
  await page.click('[data-testid=save]');
  await page.waitForSelector('[data-testid=changes]', { state: 'detached' });
  const after = readFileSync(dat);
  assert.notEqual(after.length, before.length, 'the save changed the size');
  assert.notEqual(hexOf(after), hexOf(before), 'the save changed the first bytes');

  // Back on the folder tab: the new size and bytes, without reopening it.
  await page.locator('[data-testid=tab]').first().click();
  await page.waitForSelector('[data-testid=entry-list] [data-path="event/scene001.dat"]');
  await hexShows(hexOf(after));
  assert.notEqual(await rowText(), rowBefore, 'the row lists the new size');
  assert.notEqual(await page.textContent('[data-testid=preview] .meta'), metaBefore, 'the preview says the new size');
  assert.equal(statSync(dat).size, after.length);
  await shot(page, 'refresh-folder-tab.png');
});
