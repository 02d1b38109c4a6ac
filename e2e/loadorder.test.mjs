// End-to-end: the Torchlight II load order (issue 5) in the real app (dev
// build, Go bindings live) in Debian's chromium. The user folder is made
// fresh by `go run ./internal/loadorderdemo`; the test reorders mods by
// dragging, enables one, undoes a change, saves, and reads modlauncher.sch
// back from disk.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, shot as save } from './lib.mjs';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = process.env.PACKSMITH_REPO || resolve(dirname(fileURLToPath(import.meta.url)), '..');
const work = mkdtempSync(join(process.env.PACKSMITH_E2E_DIR || tmpdir(), 'lo-'));
const userDir = join(work, 'Torchlight 2');
const schPath = join(userDir, 'modlauncher.sch');

// Ids of the generated folder (backend/tl2/loadorder/loadordertest).
const ID = {
  overhaul: '-4629700416936869888',
  speed: '1234567890123456789',
  portraits: '7311940106741268738',
  broken: '-77',
  addon: '42',
  lower: '9001',
  ghost: '31337',
  copy: '555',
  old: '2024',
  textures: '6060',
};

let ctx, page;

/** modlauncher.sch as text: UTF-16LE after its byte-order mark. */
function readSch() {
  const b = readFileSync(schPath);
  assert.equal(b[0], 0xff, 'byte-order mark FF FE');
  assert.equal(b[1], 0xfe, 'byte-order mark FF FE');
  return b.subarray(2).toString('utf16le');
}

/** The ids modlauncher.sch lists, in order. */
function schIDs() {
  return readSch()
    .split('\r\n')
    .filter((l) => l.startsWith('\t<INTEGER64>MODGUID:'))
    .map((l) => l.slice('\t<INTEGER64>MODGUID:'.length));
}

const row = (title) => `[data-testid=lo-row][data-title="${title}"]`;
const activeTitles = () =>
  page.$$eval('[data-testid=lo-row]', (rows) => rows.filter((r) => r.dataset.place !== '0').map((r) => r.dataset.title));

const shot = (name) => save(page, name);

before(async () => {
  execFileSync('go', ['run', './internal/loadorderdemo', '-out', userDir], { cwd: repo, stdio: 'inherit' });
  ({ ctx, page } = await openApp());
});

after(async () => {
  await ctx?.close();
});

test('load a user folder: order, problems, conflicts', async () => {
  await page.click('[data-mode=loadorder]');
  // the view first shows what it had (a folder used before); then ours
  await page.waitForSelector('[data-testid=loadorder][data-ready=true][data-busy=false]');
  await page.fill('[data-testid=lo-userdir]', userDir);
  await page.fill('[data-testid=lo-modsdir]', '');
  await page.click('[data-testid=lo-load]');
  // the app may still show a folder from before: wait for this one
  await page.waitForFunction((p) => document.querySelector('[data-testid=lo-sch]')?.title === p, schPath);
  await page.waitForSelector(row('Grand Overhaul'));
  assert.deepEqual(await activeTitles(), [
    'Grand Overhaul', 'Faster Pets', 'HD Portraits', 'Broken Hash', 'Overhaul Addon',
    'Lowercase Icons', '(no mod file)', 'Copy Cat', 'Old Library',
  ]);
  assert.equal(await page.textContent('[data-testid=lo-count]'), '9 active · the game takes 10');
  // every problem is on its row, in words
  const codes = async (title) => page.$$eval(`${row(title)} [data-testid=lo-problem]`, (ps) => ps.map((p) => p.dataset.code));
  assert.deepEqual(await codes('Broken Hash'), ['rolling-hash']);
  assert.match(await page.textContent(`${row('Broken Hash')} [data-testid=lo-problem]`), /silently drops the whole mod/);
  assert.deepEqual(await codes('Lowercase Icons'), ['lowercase-names']);
  assert.deepEqual(await codes('(no mod file)'), ['missing-file']);
  assert.deepEqual(await codes('Copy Cat'), ['duplicate-id']);
  assert.deepEqual(await codes('Overhaul Addon'), ['requires-missing', 'requires-too-old', 'requires-below', 'requires-inactive']);
  assert.deepEqual(await codes('Nested Too Deep'), ['misplaced']);
  assert.deepEqual(await codes('Stray In User Folder'), ['misplaced']);
  assert.deepEqual(await codes('Faster Pets'), ['fully-overridden']);
  // conflicts: Grand Overhaul (first) wins every shared file
  const winner = (p) => page.textContent(`[data-testid=lo-conflict][data-path="${p}"] [data-testid=lo-winner]`);
  assert.match(await winner('MEDIA/UNITS/ITEMS/SWORD.DAT'), /1\. Grand Overhaul/);
  assert.equal(await page.locator('[data-testid=lo-conflict]').count(), 4);
  await shot('loadorder.png');
});

test('drag a mod to the top; it wins the shared files', async () => {
  // drop Faster Pets on the upper half of Grand Overhaul's row
  await page.dragAndDrop(row('Faster Pets'), row('Grand Overhaul'), { targetPosition: { x: 300, y: 4 } });
  await page.waitForFunction(() => document.querySelector('[data-testid=lo-row]')?.dataset.title === 'Faster Pets');
  assert.deepEqual((await activeTitles()).slice(0, 3), ['Faster Pets', 'Grand Overhaul', 'HD Portraits']);
  await page.waitForSelector('[data-testid=lo-dirty]');
  const winner = (p) => page.textContent(`[data-testid=lo-conflict][data-path="${p}"] [data-testid=lo-winner]`);
  assert.match(await winner('MEDIA/UNITS/ITEMS/SWORD.DAT'), /1\. Faster Pets/);
  assert.equal(await page.locator(`${row('Faster Pets')} [data-code=fully-overridden]`).count(), 0);

  // drag Old Library (last) above Overhaul Addon, which needs it
  await page.dragAndDrop(row('Old Library'), row('Overhaul Addon'), { targetPosition: { x: 300, y: 4 } });
  await page.waitForFunction(() => document.querySelector('[data-title="Old Library"]')?.dataset.place === '5');
  assert.equal(await page.locator(`${row('Overhaul Addon')} [data-code=requires-below]`).count(), 0);
});

test('enable a mod, undo a change', async () => {
  await page.check(`${row('Shared Textures')} [data-testid=lo-enable]`);
  await page.waitForFunction(() => document.querySelector('[data-title="Shared Textures"]')?.dataset.place === '10');
  assert.equal(await page.locator(`${row('Overhaul Addon')} [data-code=requires-inactive]`).count(), 0);
  assert.equal(await page.textContent('[data-testid=lo-count]'), '10 active · the game takes 10');

  // disable the ghost id, then undo it
  await page.click(`${row('(no mod file)')} [data-testid=lo-enable]`); // the row goes: no file, no longer listed
  await page.waitForFunction(() => !document.querySelector('[data-title="(no mod file)"]'));
  await page.click('[data-testid=lo-undo]');
  await page.waitForSelector(row('(no mod file)'));
  assert.equal(await page.getAttribute(row('(no mod file)'), 'data-place'), '8');
});

test('save writes modlauncher.sch after a backup', async () => {
  const before = readFileSync(schPath);
  await page.click('[data-testid=lo-save]');
  await page.waitForFunction(() => /^Saved /.test(document.querySelector('[data-testid=lo-status]')?.textContent));
  const status = await page.textContent('[data-testid=lo-status]');
  const m = status.match(/Saved .*modlauncher\.sch — the old list is kept as backup (modlauncher\.sch-[0-9a-f]{8}\/\S+) \(History\)/);
  assert.ok(m, status);
  assert.equal(await page.locator('[data-testid=lo-dirty]').count(), 0);

  assert.deepEqual(schIDs(), [ID.speed, ID.overhaul, ID.portraits, ID.broken, ID.old, ID.addon, ID.lower, ID.ghost, ID.copy, ID.textures]);
  const text = readSch();
  assert.ok(text.startsWith('[MODS]\r\n') && text.endsWith('[/MODS]\r\n'), JSON.stringify(text));
  // The backup is in the user's cache, not beside modlauncher.sch.
  assert.equal(readdirSync(userDir).filter((n) => /\.bak$|\.tmp$|modlauncher\.sch./.test(n)).length, 0, readdirSync(userDir).join(' '));
  assert.deepEqual(readFileSync(join(process.env.XDG_CACHE_HOME, 'Packsmith', 'backups', m[1])), before);

  // saving again changes nothing on disk
  await page.click('[data-testid=lo-save]');
  await page.waitForFunction(() => /nothing written/.test(document.querySelector('[data-testid=lo-status]')?.textContent));
  assert.equal(readdirSync(join(process.env.XDG_CACHE_HOME, 'Packsmith', 'backups', m[1].split('/')[0])).filter((n) => !n.endsWith('.json')).length, 1);
  await shot('loadorder-saved.png');
});
