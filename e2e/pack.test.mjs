// End-to-end: the Pack view packs the bundled sample mod with one click
// (into a temp folder, and deploys into a temp mods folder) and shows the
// summary. The real app (dev build) must be running at PACKSMITH_URL.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { openApp, shot as save } from './lib.mjs';
import { mkdtempSync, mkdirSync, writeFileSync, existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';

let ctx, page;

before(async () => {
  ({ ctx, page } = await openApp());
});

after(async () => {
  await ctx?.close();
});

const shot = (name) => save(page, name);

test('the Pack view reads the sample mod: MOD.DAT card and no lint findings', async () => {
  await page.click('[data-mode=pack]');
  await page.waitForSelector('[data-testid=pack-view]');
  await page.click('[data-testid=pack-sample]');
  await page.waitForSelector('[data-testid=moddat-card]');
  const card = await page.textContent('[data-testid=moddat-card]');
  assert.match(card, /Packsmith Sample/);
  assert.match(card, /4155520830174301517/);
  assert.match(card, /PACKSMITH_SAMPLE\.MOD/);
  assert.match(card, /7 text sources to compile, 1 file as it is/);
  await page.waitForSelector('[data-testid=lint-ok]');
  // beside the mod folder, not inside it (issue 34)
  assert.match(await page.inputValue('[data-testid=pack-output]'), /demo[\/\\]PACKSMITH_SAMPLE\.MOD$/);
});

test('one click packs, deploys and shows the summary', async () => {
  const out = join(mkdtempSync(join(tmpdir(), 'ps-pack-')), 'PACKSMITH_SAMPLE.MOD');
  const user = mkdtempSync(join(tmpdir(), 'ps-user-'));
  const mods = join(user, 'mods');
  await page.fill('[data-testid=pack-output]', out);
  if (!(await page.isChecked('[data-testid=pack-deploy]'))) await page.check('[data-testid=pack-deploy]');
  await page.fill('[data-testid=pack-mods]', mods);
  if (!(await page.isChecked('[data-testid=pack-enable]'))) await page.check('[data-testid=pack-enable]');
  assert.equal((await page.textContent('[data-testid=pack-button]')).trim(), 'Pack & Deploy');

  await page.click('[data-testid=pack-button]');
  await page.waitForSelector('[data-testid=pack-summary]', { timeout: 30000 });

  assert.equal(await page.textContent('[data-testid=summary-output]'), out);
  assert.match(await page.textContent('[data-testid=summary-entries]'), /^12 \(7 compiled, 1 as they are, RAW: AFFIXES, SKILLS, UNITDATA, UI\)/);
  assert.match(await page.textContent('[data-testid=summary-hashes]'), /rollingHash 0x[0-9A-F]{8} · mhash 0x[0-9A-F]{8} · reqHash 0x0{16}/);
  assert.equal(await page.textContent('[data-testid=summary-deployed]'), join(mods, 'PACKSMITH_SAMPLE.MOD'));
  // The button's pack shows the file's SHA-256 (Pack on save does not take it).
  assert.equal(await page.textContent('[data-testid=summary-sha256]'), createHash('sha256').update(readFileSync(out)).digest('hex'));
  const sz = statSync(out).size;
  assert.match(await page.textContent('[data-testid=summary-size]'), new RegExp(`\\(${sz.toLocaleString('en-US')} bytes`));
  // Every stage finished.
  const states = await page.$$eval('[data-testid=pack-stages] [data-stage]', (els) => els.map((e) => `${e.dataset.stage}:${e.dataset.state}`));
  assert.deepEqual(states, ['read', 'collect', 'compile', 'raw', 'grids', 'write', 'verify', 'deploy'].map((s) => `${s}:done`));

  // The files are real: the .MOD starts with header version 4, the
  // deployed copy is identical, modlauncher.sch lists the mod.
  const bytes = readFileSync(out);
  assert.equal(bytes.readUInt16LE(0), 4);
  assert.ok(readFileSync(join(mods, 'PACKSMITH_SAMPLE.MOD')).equals(bytes));
  const sch = readFileSync(join(user, 'modlauncher.sch')).toString('utf16le');
  assert.match(sch, /MODGUID:4155520830174301517/);
  // Nothing was written into the sample folder.
  const sample = fileURLToPath(new URL('../testdata/demo/sample_mod', import.meta.url));
  assert.ok(!readdirSync(sample).some((n) => /\.mod$/i.test(n)), 'a .MOD was written into the sample folder');
  await shot('pack-summary.png');
});

test('a broken source is named by file and line before packing, and blocks the button', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ps-badmod-'));
  writeFileSync(join(dir, 'MOD.DAT'), '[MOD]\n<STRING>NAME:Broken\n<INTEGER64>MOD_ID:77\n[/MOD]\n');
  mkdirSync(join(dir, 'MEDIA', 'UNITS'), { recursive: true });
  writeFileSync(join(dir, 'MEDIA', 'UNITS', 'BAD.DAT'), '[UNIT]\n<INTEGER>level:1\n<INTEGRE>LEVEL:1\n[/UNIT]\n');
  writeFileSync(join(dir, 'MEDIA', 'UNITS', 'LOW.DAT'), '[UNIT]\n<INTEGER>level:1\n[/UNIT]\n');
  await page.fill('[data-testid=pack-dir]', dir);
  await page.press('[data-testid=pack-dir]', 'Enter');
  await page.waitForFunction(() => document.querySelector('[data-testid=moddat-card]')?.textContent.includes('Broken'));
  await page.waitForSelector('[data-testid=lint-finding]');
  const rows = await page.$$eval('[data-testid=lint-finding]', (els) => els.map((e) => e.textContent.replace(/\s+/g, ' ').trim()));
  assert.ok(rows.some((r) => r.startsWith('error MEDIA/UNITS/BAD.DAT:3')), rows.join('\n'));
  assert.ok(rows.some((r) => r.startsWith('warning MEDIA/UNITS/LOW.DAT:2') && r.includes('lower-case')), rows.join('\n'));
  assert.ok(await page.isDisabled('[data-testid=pack-button]'));
  await shot('pack-lint.png');
});
