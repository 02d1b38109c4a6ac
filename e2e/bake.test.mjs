// End-to-end: "Bake walk grid" on a level .LAYOUT entry. The .MOD is packed
// from the GUTS fixture level (../shared/fixtures/tl2/cyber_mod, read in
// place; skipped when absent) with GUTS's grid kept, so the window bakes
// from the .MOD's own pieces and meshes and compares with GUTS's grid.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, shot } from './lib.mjs';
import { cpSync, existsSync, mkdtempSync, writeFileSync, chmodSync, readdirSync, statSync, utimesSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const repo = process.env.PACKSMITH_REPO || resolve('.');
const cyber = join(repo, '..', 'shared', 'fixtures', 'tl2', 'cyber_mod');
const bin = join(repo, 'build', 'bin', 'packsmith-dev');
const skip = existsSync(join(cyber, 'MEDIA')) ? (existsSync(bin) ? false : `${bin} is not built`) : `fixtures absent: ${cyber}`;
const work = process.env.PACKSMITH_E2E_DIR || mkdtempSync(join(tmpdir(), 'ps-e2e-'));
const modFile = join(work, 'bake', 'CYBER.MOD');
let ctx, page;

function writable(dir) {
  chmodSync(dir, 0o755);
  for (const n of readdirSync(dir)) {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) writable(p);
    else chmodSync(p, 0o644);
  }
}

before(async () => {
  if (skip) return;
  const dir = join(work, 'bake', 'src');
  cpSync(join(cyber, 'MEDIA'), join(dir, 'MEDIA'), { recursive: true });
  writable(dir);
  writeFileSync(join(dir, 'MOD.DAT'), '[MOD]\n<STRING>NAME:CYBER\n<INTEGER64>MOD_ID:7\n[/MOD]\n');
  execFileSync(bin, ['pack', dir, '-o', modFile, '--mpp', 'keep'], { env: { ...process.env, PACKSMITH_CONFIG_DIR: join(work, 'bake', 'cfg') } });
  ({ ctx, page } = await openApp());
});

after(async () => {
  await ctx?.close();
});

async function pick(entry) {
  await page.fill('[data-testid=filter]', entry.split('/').pop());
  // the list is filtered in Go: click once it shows the one match
  await page.waitForFunction(() => /^1 of /.test(document.querySelector('[data-testid=count]')?.textContent ?? ''));
  await page.click(`[data-path="${entry}"]`);
  await page.waitForSelector('[data-testid=bake-go]');
}

test('Bake walk grid on CITY_04B.LAYOUT: the grid and its difference from GUTS\'s', { skip }, async () => {
  await page.fill('[data-testid=open-path]', modFile);
  await page.press('[data-testid=open-path]', 'Enter');
  await page.waitForSelector('[data-testid=mod-card]');
  await pick('MEDIA/LAYOUTS/CITY04/1X1SINGLE_ROOM/CITY_04B.LAYOUT');
  await page.click('[data-testid=bake-go]');
  await page.waitForSelector('[data-testid=bake-result]');
  const sum = (await page.textContent('[data-testid=bake-summary]')).replace(/\s+/g, ' ');
  assert.match(sum, /375 × 650 cells · 105,083 walkable · 0 wall · 0 pockets · 99 of 99 pieces/);
  assert.match(await page.textContent('[data-testid=bake-header]'), /^Same header as MEDIA\/LAYOUTS\/CITY04\/1X1SINGLE_ROOM\/CITY_04B\.MPP/);
  const diff = (await page.textContent('[data-testid=diff-summary]')).replace(/\s+/g, ' ');
  assert.match(diff, /11 of 243,750 cells changed/);
  assert.match(diff, /9 became walkable/);
  assert.match(diff, /2 no longer walkable/);
  await page.waitForFunction(() => document.querySelector('[data-testid=bake-diff-image]')?.naturalWidth > 0);
  await shot(page, 'bake-diff.png');
  await page.click('[data-testid=bake-show-grid]');
  await page.waitForSelector('[data-testid=bake-image]');
  assert.equal(await page.textContent('[data-testid=grid-size]'), '375 × 650 cells');
  await page.waitForFunction(() => document.querySelector('[data-testid=bake-image]')?.naturalWidth >= 375);
});

test('a level whose meshes are absent is refused, naming them', { skip }, async () => {
  await pick('MEDIA/LAYOUTS/CITY05/CITY05.LAYOUT');
  await page.click('[data-testid=bake-go]');
  await page.waitForSelector('[data-testid=bake-error]');
  const err = await page.textContent('[data-testid=bake-error]');
  assert.match(err, /5 collision mesh\(es\) missing/);
  assert.match(err, /BLDGTOP_EDGE_COLLISION\.MESH/);
  assert.equal(await page.$('[data-testid=bake-result]'), null);
});

test('the Pack view bakes a stale grid and shows it against the old one', { skip }, async () => {
  const dir = join(work, 'bake', 'stale');
  cpSync(join(cyber, 'MEDIA'), join(dir, 'MEDIA'), { recursive: true });
  writable(dir);
  writeFileSync(join(dir, 'MOD.DAT'), '[MOD]\n<STRING>NAME:CYBER\n<INTEGER64>MOD_ID:8\n[/MOD]\n');
  // The layout edited after GUTS baked its grid: the grid is stale.
  const later = new Date(Date.now() + 60000);
  utimesSync(join(dir, 'MEDIA/LAYOUTS/CITY04/1X1SINGLE_ROOM/CITY_04B.LAYOUT'), later, later);
  await page.click('[data-mode=pack]');
  await page.waitForSelector('[data-testid=pack-view]');
  await page.fill('[data-testid=pack-dir]', dir);
  await page.click('[data-testid=pack-inspect]');
  await page.waitForSelector('[data-testid=moddat-card]');
  await page.fill('[data-testid=pack-output]', join(work, 'bake', 'STALE.MOD'));
  if (await page.isChecked('[data-testid=pack-deploy]')) await page.uncheck('[data-testid=pack-deploy]');
  await page.click('[data-testid=pack-button]');
  await page.waitForSelector('[data-testid=pack-summary]', { timeout: 30000 });
  const rows = await page.$$eval('[data-testid=summary-grid]', (els) => els.map((e) => `${e.dataset.action} ${e.textContent.replace(/\s+/g, ' ').trim()}`));
  assert.equal(rows.length, 2);
  assert.match(rows[0], /^baked CITY_04B\.LAYOUT: baked \(older than its layout\), 375 × 650 cells, 105,083 walkable, 0 wall/);
  assert.match(rows[1], /^failed CITY05\.LAYOUT: not baked \(stub\): 5 missing/);
  const row = page.locator('[data-testid=summary-grid][data-action=baked]');
  await row.locator('[data-testid=bake-go]').click();
  await row.locator('[data-testid=bake-result]').waitFor();
  assert.match((await row.locator('[data-testid=diff-summary]').textContent()).replace(/\s+/g, ' '), /11 of 243,750 cells changed/);
  assert.match(await row.locator('[data-testid=bake-header]').textContent(), /^Same header as .*CITY_04B\.MPP/);
  await shot(page, 'bake-pack.png');
});
