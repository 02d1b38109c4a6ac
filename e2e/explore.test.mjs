// End-to-end: export (extract decompiled and as PNG, save a preview),
// find in files and compare two archives, on the bundled demo. Modified
// copies of demo archives are made in the work folder; testdata/demo is
// never written.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, shot as save } from './lib.mjs';
import { mkdtempSync, mkdirSync, existsSync, readFileSync, writeFileSync, copyFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const repo = process.env.PACKSMITH_REPO || resolve('.');
const demo = join(repo, 'testdata', 'demo');
const work = mkdtempSync(join(process.env.PACKSMITH_E2E_DIR || tmpdir(), 'explore-'));
const cli = (...args) => execFileSync(join(repo, 'build', 'bin', 'packsmith-dev'), args, { encoding: 'buffer' });
let ctx, page;

before(async () => {
  ({ ctx, page } = await openApp());
});

after(async () => {
  await ctx?.close();
});

const shot = (name) => save(page, name);

/** Width and height from a PNG's IHDR. */
function pngSize(b) {
  assert.equal(b.subarray(1, 4).toString(), 'PNG', 'not a PNG');
  return [b.readUInt32BE(16), b.readUInt32BE(20)];
}

async function openPath(p) {
  // A dialog left open by a failed test would hide everything else.
  if (await page.$('[role=dialog] input')) await page.press('[role=dialog] input', 'Escape');
  // The path box is on the welcome screen; close open tabs to reach it.
  for (let n; (n = (await page.$$('[data-testid=tab]')).length) > 0; ) {
    await page.click('[data-testid=tab] .x');
    await page.waitForFunction((k) => document.querySelectorAll('[data-testid=tab]').length < k, n);
  }
  await page.fill('[data-testid=open-path]', p);
  await page.press('[data-testid=open-path]', 'Enter');
  await page.waitForSelector('[data-testid=count]');
}

async function lastJob(kind = 'extract') {
  await page.waitForFunction((k) => {
    const j = [...document.querySelectorAll('[data-testid=job]')].pop();
    return j && j.dataset.state !== 'running';
  }, kind);
  const j = (await page.$$('[data-testid=job]')).pop();
  return { state: await j.getAttribute('data-state'), text: await j.textContent() };
}

async function dismissJobs() {
  for (const b of await page.$$('[data-testid=job] button[aria-label=Dismiss]')) await b.click();
}

test('extract decompiled: GUTS text equal to the decompile command, existing files named before replacing', async () => {
  const mod = join(demo, 'PACKSMITH_SAMPLE.MOD');
  await openPath(mod);
  const dir = join(work, 'decompiled');
  await page.click('[data-testid=extract-all]');
  await page.fill('[data-testid=extract-dir]', dir);
  await page.check('[data-testid=extract-decompile]');
  await shot('extract-options.png');
  await page.click('[data-testid=extract-go]');
  let j = await lastJob();
  assert.equal(j.state, 'done', j.text);
  assert.match(j.text, /12 files \(11 converted\)/);
  for (const [entry, file] of [
    ['MEDIA/UNITS/ITEMS/SAMPLE/SAMPLE_SWORD.DAT', 'MEDIA/UNITS/ITEMS/SAMPLE/SAMPLE_SWORD.DAT'],
    ['MEDIA/UI/MENUS/SAMPLE_MENU.LAYOUT', 'MEDIA/UI/MENUS/SAMPLE_MENU.LAYOUT'],
    ['MEDIA/UNITDATA.RAW', 'MEDIA/UNITDATA.RAW.txt'],
  ]) {
    const want = join(work, 'want.txt');
    cli('decompile', mod, entry, '-o', want);
    assert.ok(readFileSync(join(dir, file)).equals(readFileSync(want)), `${file} differs from decompile -o`);
  }
  assert.deepEqual([...readFileSync(join(dir, 'MEDIA/AFFIXES/SAMPLE_SHARP.DAT')).subarray(0, 2)], [0xff, 0xfe], 'not UTF-16LE with BOM');
  await dismissJobs();

  // The same folder again: the dialog names what is there and replaces
  // only when asked.
  writeFileSync(join(dir, 'MEDIA/UNITDATA.RAW.txt'), 'mine');
  await page.click('[data-testid=extract-all]');
  await page.fill('[data-testid=extract-dir]', dir);
  await page.check('[data-testid=extract-decompile]');
  await page.click('[data-testid=extract-go]');
  await page.waitForSelector('[data-testid=extract-replace]');
  assert.match(await page.textContent('[data-testid=extract-replace]'), /12 files already exist there\s+\(MEDIA\/AFFIXES\.RAW\.txt, /);
  assert.equal(readFileSync(join(dir, 'MEDIA/UNITDATA.RAW.txt'), 'utf8'), 'mine');
  await shot('extract-clash.png');
  await page.click('[data-testid=extract-go]');
  j = await lastJob();
  assert.equal(j.state, 'done', j.text);
  assert.match(readFileSync(join(dir, 'MEDIA/UNITDATA.RAW.txt'), 'utf8'), /^UNITDATA\.RAW: \d+ records/);
  await dismissJobs();
});

test('extract textures and walk grids as PNG; save a preview as PNG', async () => {
  await openPath(join(demo, 'textures.zip'));
  const dir = join(work, 'png');
  await page.click('[data-testid=extract-all]');
  await page.fill('[data-testid=extract-dir]', dir);
  await page.check('[data-testid=extract-png]');
  await page.click('[data-testid=extract-go]');
  const j = await lastJob();
  assert.equal(j.state, 'done', j.text);
  assert.match(j.text, /9 files \(8 converted\).*1 written as they are/);
  assert.deepEqual(pngSize(readFileSync(join(dir, 'textures/bc1_mips.dds.png'))), [64, 64]);
  assert.deepEqual(pngSize(readFileSync(join(dir, 'textures/icon.tga.png'))), [32, 32]);
  // A walk grid: one pixel per cell.
  const grid = join(work, 'ROOM.MPP');
  writeFileSync(grid, cli('cat', join(demo, 'textures.zip'), 'MEDIA/LAYOUTS/DEMO/ROOM.MPP'));
  const info = JSON.parse(cli('info', grid, '--json').toString());
  assert.deepEqual(pngSize(readFileSync(join(dir, 'MEDIA/LAYOUTS/DEMO/ROOM.MPP.png'))), [info.width, info.height]);
  assert.equal(readFileSync(join(dir, 'textures/truncated.dds')).length, 1000);
  await dismissJobs();

  // Save preview as…: the texture at mip 1.
  await page.click('[data-path="textures/bc1_mips.dds"]');
  await page.waitForSelector('[data-testid=image-view]');
  await page.selectOption('[data-testid=mip-picker]', '1');
  await page.waitForFunction(() => document.querySelector('[data-testid=image-meta]')?.textContent.includes('32×32'));
  const target = join(work, 'saved', 'bc1.png');
  mkdirSync(join(work, 'saved'), { recursive: true });
  await page.click('[data-testid=save-preview]');
  await page.fill('[data-testid=save-path]', target);
  await shot('save-preview.png');
  await page.click('[data-testid=save-go]');
  await page.waitForSelector('[data-testid=save-done]');
  assert.deepEqual(pngSize(readFileSync(target)), [32, 32], 'the saved picture is not the mip shown');
  // Again: it says the file is there and writes only when told.
  writeFileSync(target, 'mine');
  await page.waitForSelector('[data-testid=save-path]', { state: 'detached' });
  await page.click('[data-testid=save-preview]');
  await page.fill('[data-testid=save-path]', target);
  await page.click('[data-testid=save-go]');
  await page.waitForSelector('[data-testid=save-exists]');
  assert.equal(readFileSync(target, 'utf8'), 'mine');
  await page.click('[data-testid=save-overwrite]');
  await page.waitForSelector('[data-testid=save-done]');
  assert.deepEqual(pngSize(readFileSync(target)), [32, 32]);
});

/** A copy of the demo .MOD with the sword's LEVEL 10 → 12, a file added, UI.RAW removed (through the CLI). */
function modifiedMod() {
  const dir = join(work, 'modified');
  mkdirSync(dir, { recursive: true });
  const mod = join(dir, 'PACKSMITH_SAMPLE_V2.MOD');
  copyFileSync(join(demo, 'PACKSMITH_SAMPLE.MOD'), mod);
  const sword = 'MEDIA/UNITS/ITEMS/SAMPLE/SAMPLE_SWORD.DAT';
  const src = join(dir, 'SAMPLE_SWORD.DAT');
  cli('decompile', mod, sword, '-o', src);
  const text = readFileSync(src).subarray(2).toString('utf16le').replace('LEVEL:10', 'LEVEL:12');
  writeFileSync(src, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
  cli('compile', src, '-o', join(dir, 'sword.bin'));
  // --as-is: the compare is about this entry, not the UNITDATA.RAW a LEVEL change rebuilds
  cli('replace', mod, sword, join(dir, 'sword.bin'), '-o', mod + '.1', '--as-is');
  writeFileSync(join(dir, 'notes.txt'), 'what changed\n');
  cli('add', mod + '.1', 'MEDIA/NOTES.TXT', join(dir, 'notes.txt'), '-o', mod + '.2');
  cli('rm', mod + '.2', 'MEDIA/UI.RAW', '-o', mod);
  return mod;
}

test('compare two versions of a mod: added, removed, changed, and the decompiled text diff', async () => {
  const b = modifiedMod();
  await openPath(join(demo, 'PACKSMITH_SAMPLE.MOD'));
  await page.click('[data-testid=compare-open]');
  await page.fill('[data-testid=compare-path]', b);
  await page.click('[data-testid=compare-go]');
  await page.waitForSelector('[data-testid=compare-summary]');
  const sum = await page.textContent('[data-testid=compare-summary]');
  assert.match(sum, /1 added\s+1 removed\s+1 changed\s+10 the same/);
  const rows = await page.$$eval('[data-testid=compare-list] [data-change]', (bs) => bs.map((b) => `${b.dataset.status} ${b.dataset.change}`));
  assert.deepEqual(rows, ['added MEDIA/NOTES.TXT', 'removed MEDIA/UI.RAW', 'changed MEDIA/UNITS/ITEMS/SAMPLE/SAMPLE_SWORD.DAT']);
  await page.click('[data-change="MEDIA/UNITS/ITEMS/SAMPLE/SAMPLE_SWORD.DAT"]');
  await page.waitForSelector('[data-testid=text-diff]');
  const del = await page.$$eval('[data-testid=text-diff] tr.opdel .tx', (t) => t.map((x) => x.textContent));
  const add = await page.$$eval('[data-testid=text-diff] tr.opadd .tx', (t) => t.map((x) => x.textContent));
  assert.deepEqual(del, ['\t<INTEGER>LEVEL:10']);
  assert.deepEqual(add, ['\t<INTEGER>LEVEL:12']);
  await dismissJobs();
  await shot('compare.png');
  await page.click('[data-change="MEDIA/NOTES.TXT"]');
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=text-diff] tr.opadd .tx')].map((x) => x.textContent).join() === 'what changed');
  await page.click('[data-testid=compare-close]');
});

test('compare walk grids and textures of two archives', async () => {
  const dir = join(work, 'tex');
  mkdirSync(dir, { recursive: true });
  const zip = join(dir, 'textures_v2.zip');
  const z = join(demo, 'textures.zip');
  writeFileSync(join(dir, 'edit.mpp'), cli('cat', z, 'MEDIA/LAYOUTS/DEMO/ROOM_EDIT.MPP'));
  writeFileSync(join(dir, 'bc3.dds'), cli('cat', z, 'textures/bc3_alpha_mips.dds'));
  cli('replace', z, 'MEDIA/LAYOUTS/DEMO/ROOM.MPP', join(dir, 'edit.mpp'), '-o', zip + '.1');
  cli('replace', zip + '.1', 'textures/bc1_mips.dds', join(dir, 'bc3.dds'), '-o', zip);
  const want = JSON.parse(cli('render', z, 'MEDIA/LAYOUTS/DEMO/ROOM.MPP', '--diff-entry', 'MEDIA/LAYOUTS/DEMO/ROOM_EDIT.MPP', '--json').toString());
  await openPath(z);
  await page.click('[data-testid=compare-open]');
  await page.fill('[data-testid=compare-path]', zip);
  await page.click('[data-testid=compare-go]');
  await page.waitForSelector('[data-testid=compare-summary]');
  assert.match(await page.textContent('[data-testid=compare-summary]'), /0 added\s+0 removed\s+2 changed\s+7 the same/);
  await page.click('[data-change="MEDIA/LAYOUTS/DEMO/ROOM.MPP"]');
  await page.waitForSelector('[data-testid=compare-grid]');
  await page.waitForFunction(() => document.querySelector('[data-testid=compare-grid]').naturalWidth > 0);
  const summary = await page.textContent('[data-testid=diff-summary]');
  assert.match(summary, new RegExp(`${want.changed.toLocaleString('en-US')} of`), summary);
  assert.match(summary, new RegExp(`${want.becameWalkable} became walkable`));
  await dismissJobs();
  await shot('compare-grid.png');
  await page.click('[data-change="textures/bc1_mips.dds"]');
  await page.waitForSelector('[data-testid=compare-after]');
  await page.waitForFunction(() => document.querySelector('[data-testid=compare-before]')?.naturalWidth === 64 && document.querySelector('[data-testid=compare-after]')?.naturalWidth === 64);
  await dismissJobs();
  await shot('compare-textures.png');
  await page.click('[data-testid=compare-close]');
});

test('find in files: hits in decompiled data with line numbers, jump to the line, follow a path link', async () => {
  await openPath(join(demo, 'PACKSMITH_SAMPLE.MOD'));
  await page.click('[data-testid=find-open]');
  await page.fill('[data-testid=find-query]', 'sample_sharp');
  await page.press('[data-testid=find-query]', 'Enter');
  await page.waitForFunction(() => /hits? in/.test(document.querySelector('[data-testid=find-status]')?.textContent));
  const hits = await page.$$eval('[data-hit-entry]', (bs) => bs.map((b) => `${b.dataset.hitEntry}:${b.dataset.hitLine}`));
  assert.ok(hits.includes('MEDIA/UNITS/ITEMS/SAMPLE/SAMPLE_SWORD.DAT:12'), hits.join(' '));
  assert.ok(hits.some((h) => h.startsWith('MEDIA/AFFIXES.RAW.txt') || h.startsWith('MEDIA/AFFIXES.RAW:')), hits.join(' '));
  assert.match(await page.textContent('[data-testid=find-status]'), new RegExp(`^${hits.length} hits in \\d+ of 11 text entries · 1 binary skipped`));
  // The hit opens the decompiled text at its line.
  await page.click('[data-hit-entry="MEDIA/UNITS/ITEMS/SAMPLE/SAMPLE_SWORD.DAT"][data-hit-line="12"]');
  await page.waitForSelector('[data-testid=text-view] [data-line="12"].hl');
  assert.equal(await page.textContent('[data-testid=text-view] [data-line="12"]'), '\t\t<STRING>AFFIX:SAMPLE_SHARP\r\n');
  await dismissJobs();
  await shot('find.png');
  // BASEFILE:MEDIA/UNITS/ITEMS/SAMPLE/SAMPLE_BASE.DAT is a link to that entry.
  await page.click('[data-testid=text-view] a.plink[data-entry="MEDIA/UNITS/ITEMS/SAMPLE/SAMPLE_BASE.DAT"]');
  await page.waitForFunction(() => document.querySelector('[data-testid=preview] .title')?.textContent === 'MEDIA/UNITS/ITEMS/SAMPLE/SAMPLE_BASE.DAT');
  await page.waitForSelector('[data-testid=text-view]');
  assert.match(await page.textContent('[data-testid=text-view]'), /\[UNIT\]/);
  // Nothing found says so.
  await page.fill('[data-testid=find-query]', 'no such words anywhere');
  await page.press('[data-testid=find-query]', 'Enter');
  await page.waitForSelector('[data-testid=find-none]');
  await page.click('[data-testid=find-close]');
  await page.waitForSelector('[data-path="MEDIA/UI.RAW"]');
});

test('find in files streams progress and Cancel stops it', async () => {
  const huge = process.env.PACKSMITH_HUGEZIP;
  assert.ok(huge && existsSync(huge), 'PACKSMITH_HUGEZIP must name the generated 100,000-entry zip');
  await openPath(huge);
  await page.click('[data-testid=find-open]');
  await page.fill('[data-testid=find-query]', 'needle');
  await page.click('[data-testid=find-go]');
  await page.waitForFunction(() => /Searching… [\d,]+ of 100,000 entries/.test(document.querySelector('[data-testid=find-status]')?.textContent));
  await page.click('[data-testid=find-cancel]');
  await page.waitForFunction(() => /^Cancelled after [\d,]+ of 100,000 entries/.test(document.querySelector('[data-testid=find-status]')?.textContent));
  const n = Number((await page.textContent('[data-testid=find-status]')).match(/after ([\d,]+)/)[1].replace(/,/g, ''));
  assert.ok(n < 100000, `cancelled after ${n} entries`);
  await page.click('[data-testid=find-close]');
});
