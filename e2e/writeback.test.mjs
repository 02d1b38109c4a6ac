// End-to-end: write-back in the window for every family. Each test works on
// a copy of a demo archive: replace an entry (by the Replace… dialog, or by
// a file dropped on its row), see it pending with its sizes, save, and read
// the saved archive back with the command line.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, writeFileSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openApp, shot, closeTab } from './lib.mjs';

const repo = process.env.PACKSMITH_REPO || fileURLToPath(new URL('..', import.meta.url));
const cli = process.env.PACKSMITH_CLI || join(repo, 'build/bin/packsmith-dev');
const work = mkdtempSync(join(process.env.PACKSMITH_E2E_DIR || tmpdir(), 'writeback-'));
const demo = (name) => join(repo, 'testdata/demo', name);
let ctx, page;

before(async () => {
  ({ ctx, page } = await openApp());
  await page.setViewportSize({ width: 1280, height: 720 });
  page.on('dialog', (d) => d.accept()); // "close and lose the changes?" after a failed test
});

after(async () => {
  await ctx?.close();
});

/** Copy demo files into a folder of their own and return the first's path. */
function copy(...names) {
  const dir = mkdtempSync(join(work, 'a-'));
  for (const n of names) copyFileSync(demo(n), join(dir, n));
  return join(dir, names[0]);
}

function source(name, text) {
  const p = join(mkdtempSync(join(work, 'src-')), name);
  writeFileSync(p, text);
  return p;
}

const cat = (archive, entry) => execFileSync(cli, ['cat', archive, entry]).toString();

async function open(path) {
  const tabs = () => page.$$eval('[data-testid=tab]', (els) => els.length);
  for (let n = await tabs(); n > 0; n = await tabs()) {
    await closeTab(page, n);
  }
  await page.fill('[data-testid=open-path]', path);
  await page.press('[data-testid=open-path]', 'Enter');
  await page.waitForSelector('[data-testid=entry-list] .row[data-path]');
}

async function saveAndWait() {
  const before = await page.$$eval('[data-testid=job]', (els) => els.length);
  await page.click('[data-testid=save]');
  await page.waitForSelector('[data-testid=changes]', { state: 'detached' });
  await page.waitForFunction(
    (n) => [...document.querySelectorAll('[data-testid=job]')].some((j) => j.dataset.state === 'done' && /^Saving/.test(j.textContent)) ||
      document.querySelectorAll('[data-testid=job]').length > n,
    before,
  );
}

async function replaceByDialog(entry, file) {
  await page.fill('[data-testid=filter]', entry);
  await page.waitForFunction(() => /^1 of /.test(document.querySelector('[data-testid=count]').textContent));
  await page.click(`[data-testid=entry-list] [data-path="${entry}"]`);
  await page.click('[data-testid=replace]');
  await page.fill('[data-testid=dialog-path]', file);
  await page.click('[data-testid=dialog-ok]');
  await page.waitForSelector(`[data-testid=change][data-path="${entry}"]`);
}

// The text is 48 bytes so a Reborn entry (padded to 16) reads back as is.
const text48 = (tag) => (tag + ': replaced in the Packsmith window ').padEnd(48, '.');

test('zip: replace by dialog, sizes shown, undo, save, read back', async () => {
  const arc = copy('demo.zip');
  await open(arc);
  const data = text48('zip');
  await replaceByDialog('README.txt', source('readme.txt', data));
  assert.equal(await page.textContent('[data-testid=change][data-path="README.txt"] [data-testid=change-sizes]'), '71 B → 48 B');
  assert.equal(await page.textContent('[data-path="README.txt"] [data-testid=pending-mark]'), 'replace');
  // a second change, undone
  await replaceByDialog('docs/utf8.txt', source('u.txt', 'undo me'));
  await page.click('[data-testid=change][data-path="docs/utf8.txt"] button[aria-label="Undo this change"]');
  await page.waitForSelector('[data-testid=change][data-path="docs/utf8.txt"]', { state: 'detached' });
  assert.equal(await page.$$eval('[data-testid=change]', (els) => els.length), 1);
  await page.fill('[data-testid=filter]', 'README');
  await page.waitForFunction(() => /^1 of /.test(document.querySelector('[data-testid=count]').textContent));
  await page.click('[data-testid=entry-list] [data-path="README.txt"]');
  await page.waitForSelector('[data-testid=text-view]');
  await shot(page, 'pending-changes.png');
  await saveAndWait();
  assert.equal(cat(arc, 'README.txt'), data);
  assert.equal(cat(arc, 'docs/utf8.txt'), cat(demo('demo.zip'), 'docs/utf8.txt'), 'the undone change was not saved');
  // Issue 34: the backup is in the backups folder, nothing beside the archive.
  assert.deepEqual(readdirSync(join(arc, '..')).filter((f) => f !== basename(arc) && f.startsWith(basename(arc))), [], 'nothing beside the archive');
  const kept = JSON.parse(execFileSync(cli, ['backups', 'list', '--json']).toString()).backups.filter((b) => b.of === arc);
  assert.equal(kept.length, 1, 'the backup is listed');
  assert.equal(kept[0].kind, 'archive');
  assert.ok(readFileSync(kept[0].path).equals(readFileSync(demo('demo.zip'))), 'the backup holds the archive as it was');
  // the tab shows the saved archive: the preview reads the new bytes
  await page.fill('[data-testid=filter]', 'README');
  await page.waitForFunction(() => /^1 of /.test(document.querySelector('[data-testid=count]').textContent));
  await page.click('[data-testid=entry-list] [data-path="README.txt"]');
  await page.waitForSelector('[data-testid=text-view]');
  assert.equal(await page.textContent('[data-testid=text-view]'), data);
});

test('Torchlight II .MOD: a file dropped on an entry replaces it; save; read back', async () => {
  const arc = copy('PACKSMITH_SAMPLE.MOD');
  await open(arc);
  const entry = 'MEDIA/UNITS/ITEMS/SAMPLE/SAMPLE_BASE.DAT';
  // GUTS text dropped on a compiled entry compiles, as pack would.
  const data = execFileSync(cli, ['decompile', arc, entry]).toString().replace('<INTEGER>LEVEL:5', '<INTEGER>LEVEL:7');
  const src = source('SAMPLE_BASE.DAT', data);
  // What the native window sends when a file is dropped at (x, y).
  const box = await (await page.$(`[data-testid=entry-list] [data-path="${entry}"]`)).boundingBox();
  await page.evaluate(([p, x, y]) => window.runtime.EventsEmit('files-dropped', [p], x, y), [src, box.x + 40, box.y + box.height / 2]);
  await page.waitForSelector(`[data-testid=change][data-path="${entry}"][data-op=replace]`);
  assert.match(await page.textContent(`[data-testid=change][data-path="${entry}"] [data-testid=change-conversion]`), /^compiled from text to BINDAT/);
  await saveAndWait();
  assert.equal(cat(arc, entry).slice(0, 4), '\x02\x00\x00\x00', 'stored as BINDAT');
  assert.match(execFileSync(cli, ['decompile', arc, entry]).toString(), /<INTEGER>LEVEL:7/);
});

test('Torchlight II .MOD: a file dropped on a folder is added there; remove; save as', async () => {
  const arc = copy('PACKSMITH_SAMPLE.MOD');
  await open(arc);
  const src = source('NEW_ITEM.DAT', '[UNIT]\n[/UNIT]\n');
  const box = await (await page.$('[data-folder="MEDIA"]')).boundingBox();
  await page.evaluate(([p, x, y]) => window.runtime.EventsEmit('files-dropped', [p], x, y), [src, box.x + 20, box.y + box.height / 2]);
  await page.waitForSelector('[data-testid=change][data-path="MEDIA/NEW_ITEM.DAT"][data-op=add]');
  await page.click('[data-folder=""]');
  await page.click('[data-testid=entry-list] [data-path="MEDIA/UI.RAW"]');
  await page.click('[data-testid=remove]');
  await page.waitForSelector('[data-testid=change][data-path="MEDIA/UI.RAW"][data-op=remove]');
  await page.click('[data-testid=save-as]');
  const out = join(arc, '..', 'COPY.MOD');
  await page.fill('[data-testid=dialog-path]', out);
  await page.click('[data-testid=dialog-ok]');
  await page.waitForSelector('[data-testid=changes]', { state: 'detached' });
  await page.waitForFunction(() => document.querySelector('[data-testid=tab] .tabname')?.textContent === 'COPY.MOD');
  // compiled on the way in: a BINDAT of the one empty section
  assert.match(execFileSync(cli, ['decompile', out, 'MEDIA/NEW_ITEM.DAT']).toString(), /^\[UNIT\]\r?\n\[\/UNIT\]/);
  assert.throws(() => execFileSync(cli, ['cat', out, 'MEDIA/UI.RAW'], { stdio: 'pipe' }), /no such entry/);
  // the original is untouched
  assert.ok(cat(arc, 'MEDIA/UI.RAW').length === 109);
});

test('Tactics Ogre: Reborn .dat: replace, save, read back (zero-padded as the format wants); no rename', async () => {
  const arc = copy('reborn_sample.dat');
  await open(arc);
  const data = text48('reborn');
  await replaceByDialog('#5', source('five.bin', data));
  await page.click('[data-testid=entry-list] [data-path="#5"]', { button: 'right' });
  assert.equal(await page.isDisabled('[data-testid=context-menu] [data-item=rename]'), true, 'numbered entries have no names to change');
  await page.keyboard.press('Escape');
  await saveAndWait();
  const got = cat(arc, '#5');
  assert.equal(got.replace(/\0+$/, ''), data);
  assert.equal(got.length % 16, 0);
});

test('Lost Saga .iop: replace, save, read back (password found again on reopen)', async () => {
  const arc = copy('rs.iop');
  await open(arc);
  const data = text48('iop');
  await replaceByDialog('resource/readme.txt', source('readme.txt', data));
  await saveAndWait();
  assert.equal(cat(arc, 'resource/readme.txt'), data);
  assert.match(cat(arc, 'config/client.ini'), /Language=en/);
});
