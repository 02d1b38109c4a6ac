// End-to-end: edit what you see, as a new user would, on the XOVER .MOD GUTS
// built (../shared/fixtures, read in place; a copy is edited): open it, Edit a
// unit's stat as text (a typo marked at its line as you type, find, undo),
// save it as a pending change that compiles, replace the mod's icon with a
// PNG, save, reopen and see both changes — the unit as BINDAT with the new
// stat, the icon as a DDS of its own format. Then a RAW index edited as its
// table, on the demo .MOD.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openApp, shot, closeTab } from './lib.mjs';
import { png } from './gen.mjs';

const repo = process.env.PACKSMITH_REPO || resolve('.');
const cli = process.env.PACKSMITH_CLI || join(repo, 'build/bin/packsmith-dev');
const fixture = join(repo, '..', 'shared', 'fixtures', 'tl2', 'xover', 'EDITORMOD.MOD');
const demo = join(repo, 'testdata', 'demo', 'PACKSMITH_SAMPLE.MOD');
const skip = existsSync(fixture) ? false : `fixtures absent: ${fixture}`;
if (skip && process.env.PACKSMITH_REQUIRE_FIXTURES === '1') throw new Error(`${skip} (PACKSMITH_REQUIRE_FIXTURES=1)`);
const work = mkdtempSync(join(process.env.PACKSMITH_E2E_DIR || tmpdir(), 'edit-'));
const unit = 'MEDIA/UNITS/PLAYERS/XOVER/HUM_M.DAT';
const icon = 'MEDIA/UI/ICONS/X_DODGEROLL.DDS';
const run = (...args) => execFileSync(cli, args).toString();
let ctx, page;

before(async () => {
  ({ ctx, page } = await openApp());
  await page.setViewportSize({ width: 1280, height: 800 });
  page.on('dialog', (d) => d.accept());
});

after(async () => {
  await ctx?.close();
});

async function open(path) {
  const tabs = () => page.$$eval('[data-testid=tab]', (els) => els.length);
  for (let n = await tabs(); n > 0; n = await tabs()) {
    await closeTab(page, n);
  }
  await page.fill('[data-testid=open-path]', path);
  await page.press('[data-testid=open-path]', 'Enter');
  await page.waitForSelector('[data-testid=entry-list] .row[data-path]');
}

async function select(entry) {
  await page.fill('[data-testid=filter]', entry);
  await page.waitForFunction(() => /^1 of /.test(document.querySelector('[data-testid=count]').textContent));
  await page.click(`[data-testid=entry-list] [data-path="${entry}"]`);
  await page.waitForFunction((e) => document.querySelector('[data-testid=preview] .title')?.textContent === e, entry);
}

test('edit a unit as text and its icon as a PNG, save, reopen, see both', { skip }, async () => {
  const arc = join(mkdtempSync(join(work, 'mod-')), 'EDITORMOD.MOD');
  copyFileSync(fixture, arc);
  await open(arc);
  await select(unit);

  // Edit: the BINDAT opens as its GUTS text.
  await page.click('[data-testid=edit-text]');
  await page.waitForSelector('[data-testid=editor-text]');
  const original = await page.inputValue('[data-testid=editor-text]');
  assert.match(original, /<INTEGER>STRENGTH:15\n/);
  assert.match(await page.textContent('[data-testid=editor-compiles]'), /saving compiles it to BINDAT/);
  const lines = original.split('\n');
  const at = lines.findIndex((l) => l.includes('<INTEGER>STRENGTH:15')) + 1;

  // A typo is marked at its line as you type; Save waits until it is fixed.
  await page.fill('[data-testid=editor-text]', original.replace('<INTEGER>STRENGTH:15', '<INTEGER STRENGTH:15'));
  await page.waitForSelector(`[data-testid=editor-mark][data-line="${at}"]`);
  assert.match(await page.textContent('[data-testid=editor-marks]'), new RegExp(`line ${at}: `));
  assert.ok(await page.isDisabled('[data-testid=editor-save]'), 'Save is off while the text does not compile');
  // Undo takes the typo back; the mark goes with the next lint.
  await page.click('[data-testid=editor-undo]');
  assert.equal(await page.inputValue('[data-testid=editor-text]'), original);
  await page.waitForSelector('[data-testid=editor-mark]', { state: 'detached' });

  // Find: the stat is found once.
  await page.fill('[data-testid=editor-find]', 'strength:');
  await page.press('[data-testid=editor-find]', 'Enter');
  assert.equal(await page.textContent('[data-testid=editor-find-count]'), '1 of 1');

  await page.fill('[data-testid=editor-text]', original.replace('<INTEGER>STRENGTH:15', '<INTEGER>STRENGTH:99'));
  await page.waitForFunction(() => /compiles/.test(document.querySelector('[data-testid=editor-marks]')?.textContent ?? ''));
  await shot(page, 'edit-text.png');
  await page.click('[data-testid=editor-save]');
  await page.waitForSelector(`[data-testid=change][data-path="${unit}"][data-op=replace]`);
  assert.equal(await page.textContent(`[data-testid=change][data-path="${unit}"] [data-testid=change-conversion]`), 'compiled from text to BINDAT');
  // The preview of the pending change shows the new content.
  await page.waitForSelector('[data-testid=preview-pending]');
  assert.match(await page.textContent('[data-testid=preview-pending]'), /compiled from text to BINDAT/);
  await page.waitForSelector('[data-testid=text-view]');
  assert.match(await page.textContent('[data-testid=text-view]'), /<INTEGER>STRENGTH:99/);
  assert.match(run('decompile', arc, unit), /STRENGTH:15/, 'nothing is written before Save');

  // The icon: a 168×168 PNG replaces the DXT1 texture.
  const pic = join(work, 'icon.png');
  writeFileSync(pic, png(168, 168, (x, y) => (x < 84 ? [220, 40, 40] : [40, 40, 220 - (y & 63)])));
  await select(icon);
  await page.click('[data-testid=replace]');
  await page.fill('[data-testid=dialog-path]', pic);
  await page.click('[data-testid=dialog-ok]');
  await page.waitForSelector(`[data-testid=change][data-path="${icon}"] [data-testid=change-conversion]`);
  assert.equal(await page.textContent(`[data-testid=change][data-path="${icon}"] [data-testid=change-conversion]`), 'PNG encoded as DXT1, 1 mip');
  assert.match(await page.textContent(`[data-testid=change][data-path="${icon}"] [data-testid=change-sizes]`), /→/);
  assert.equal(await page.textContent(`[data-testid=change][data-path="${unit}"] .src`), 'edited as text');
  // The preview shows the pending texture: the picture's red half, decoded
  // from the DXT1 the save will store.
  await page.waitForSelector('[data-testid=preview-pending]');
  const px = await (await page.waitForFunction(() => {
    const img = document.querySelector('[data-testid=preview] img');
    if (!img?.complete || !img.naturalWidth) return null;
    const c = document.createElement('canvas');
    c.width = img.naturalWidth;
    c.height = img.naturalHeight;
    const g = c.getContext('2d');
    g.drawImage(img, 0, 0);
    return [...g.getImageData(4, 4, 1, 1).data];
  })).jsonValue();
  assert.ok(px[0] > 180 && px[1] < 90 && px[2] < 90, `pending preview pixel ${px}: not the new picture`);
  await shot(page, 'edit-pending.png');

  // Save, then reopen the file and look again.
  await page.click('[data-testid=save]');
  await page.waitForSelector('[data-testid=changes]', { state: 'detached' });
  await open(arc);
  await select(unit);
  await page.waitForSelector('[data-testid=text-view]');
  assert.match(await page.textContent('[data-testid=text-view]'), /<INTEGER>STRENGTH:99/);
  assert.match(await page.textContent('[data-testid=preview] .meta'), /decompiled BINDAT/);
  await select(icon);
  await page.waitForSelector('[data-testid=preview] img');
  assert.match(await page.textContent('[data-testid=preview] .meta'), /DDS|BC1|DXT1/);

  // The command line agrees: BINDAT with the stat, a DXT1 DDS.
  assert.match(run('decompile', arc, unit), /<INTEGER>STRENGTH:99/);
  assert.match(run('ls', arc), /BINDAT MEDIA\/UNITS\/PLAYERS\/XOVER\/HUM_M\.DAT/);
  const dds = execFileSync(cli, ['cat', arc, icon]);
  assert.equal(dds.subarray(0, 4).toString('latin1'), 'DDS ');
  assert.equal(dds.subarray(84, 88).toString('latin1'), 'DXT1');
  assert.equal(dds.readUInt32LE(12), 168);
  assert.equal(dds.readUInt32LE(16), 168);
  await shot(page, 'edit-reopened.png');
});

// A RAW index edits as its table, on the demo .MOD (always there): open
// UNITDATA.RAW, Edit, a bad value marked at its line, change the sword's
// LEVEL, Save (a pending change compiled back to the index), save the
// archive, reopen, see the new value.
test('edit a RAW index as its table, save, reopen, see the change', async () => {
  const arc = join(mkdtempSync(join(work, 'mod-')), 'PACKSMITH_SAMPLE.MOD');
  copyFileSync(demo, arc);
  const ud = 'MEDIA/UNITDATA.RAW';
  await open(arc);
  await select(ud);
  await page.click('[data-testid=edit-text]');
  await page.waitForSelector('[data-testid=editor-text]');
  const original = await page.inputValue('[data-testid=editor-text]');
  const cells = 'false  10     1';
  assert.ok(original.includes(cells), `the demo's table changed:\n${original}`);
  assert.match(await page.textContent('[data-testid=editor-compiles]'), /saving compiles it to RAW/);
  assert.equal(await page.$('[data-testid=editor-readonly]'), null);
  const at = original.split('\n').findIndex((l) => l.includes(cells)) + 1;

  // A value that is no number is marked at its line; Save waits.
  await page.fill('[data-testid=editor-text]', original.replace(cells, 'false  ten    1'));
  await page.waitForSelector(`[data-testid=editor-mark][data-line="${at}"]`);
  assert.match(await page.textContent('[data-testid=editor-marks]'), new RegExp(`line ${at}: LEVEL: "ten" is not a number`));
  assert.ok(await page.isDisabled('[data-testid=editor-save]'), 'Save is off while the table does not compile');

  await page.fill('[data-testid=editor-text]', original.replace(cells, 'false  12     1'));
  await page.waitForFunction(() => /compiles/.test(document.querySelector('[data-testid=editor-marks]')?.textContent ?? ''));
  await page.click('[data-testid=editor-save]');
  await page.waitForSelector(`[data-testid=change][data-path="${ud}"][data-op=replace]`);
  assert.equal(await page.textContent(`[data-testid=change][data-path="${ud}"] [data-testid=change-conversion]`), 'compiled from text to RAW');
  await page.waitForSelector('[data-testid=preview-pending]');
  await page.waitForSelector('[data-testid=text-view]');
  assert.match(await page.textContent('[data-testid=text-view]'), /SAMPLE_SWORD\.DAT +true +false +12 +1 /);
  assert.match(run('decompile', arc, ud), /false +10 +1 /, 'nothing is written before Save');
  await shot(page, 'edit-raw-pending.png');

  // Save, reopen, look again; the command line agrees.
  await page.click('[data-testid=save]');
  await page.waitForSelector('[data-testid=changes]', { state: 'detached' });
  await open(arc);
  await select(ud);
  await page.waitForSelector('[data-testid=text-view]');
  assert.match(await page.textContent('[data-testid=text-view]'), /SAMPLE_SWORD\.DAT +true +false +12 +1 /);
  assert.match(await page.textContent('[data-testid=preview] .meta'), /RAW table/);
  assert.match(run('decompile', arc, ud), /SAMPLE_SWORD\.DAT +true +false +12 +1 /);
  assert.match(run('ls', arc), /RAW MEDIA\/UNITDATA\.RAW/);
  await shot(page, 'edit-raw-reopened.png');
});
