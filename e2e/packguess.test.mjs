// End-to-end (issue 11): a mod whose unit inherits from a base-game file
// packs with an amber summary naming the guessed fields, and Pack & Deploy
// asks before it replaces a deployed copy.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, shot } from './lib.mjs';
import { mkdtempSync, mkdirSync, writeFileSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let ctx, page;

before(async () => {
  ({ ctx, page } = await openApp());
});

after(async () => {
  await ctx?.close();
});

async function packOnce() {
  await page.click('[data-testid=pack-button]');
  await page.waitForSelector('[data-testid=pack-summary]', { timeout: 30000 });
  await page.waitForSelector('[data-testid=pack-guessed]');
}

test('guessed inherited fields: amber summary, and the deploy asks before replacing', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ps-guess-'));
  writeFileSync(join(dir, 'MOD.DAT'), '[MOD]\n<STRING>NAME:Guessing\n<INTEGER64>MOD_ID:9191\n<STRING>MOD_FILE_NAME:GUESS\n[/MOD]\n');
  mkdirSync(join(dir, 'MEDIA', 'UNITS', 'PLAYERS'), { recursive: true });
  writeFileSync(join(dir, 'MEDIA', 'UNITS', 'PLAYERS', 'HERO.DAT'),
    '[UNIT]\n<STRING>NAME:HERO\n<INTEGER64>UNIT_GUID:5\n<STRING>BASEFILE:MEDIA/UNITS/PLAYERS/BASE.DAT\n[/UNIT]\n');
  const out = join(mkdtempSync(join(tmpdir(), 'ps-guess-out-')), 'GUESS.MOD');
  const mods = join(mkdtempSync(join(tmpdir(), 'ps-guess-user-')), 'mods');

  await page.click('[data-mode=pack]');
  await page.waitForSelector('[data-testid=pack-view]');
  await page.fill('[data-testid=pack-dir]', dir);
  await page.press('[data-testid=pack-dir]', 'Enter');
  await page.waitForFunction(() => document.querySelector('[data-testid=moddat-card]')?.textContent.includes('Guessing'));
  await page.fill('[data-testid=pack-output]', out);
  if (!(await page.isChecked('[data-testid=pack-deploy]'))) await page.check('[data-testid=pack-deploy]');
  await page.fill('[data-testid=pack-mods]', mods);
  if (await page.isChecked('[data-testid=pack-enable]')) await page.uncheck('[data-testid=pack-enable]');

  // First deploy: nothing to replace, so it deploys, in amber.
  await packOnce();
  assert.match(await page.textContent('[data-testid=pack-summary] h3'), /⚠ Packed and deployed \(inherited fields guessed\)/);
  const color = await page.$eval('[data-testid=pack-summary]', (e) => getComputedStyle(e).borderColor);
  const warn = await page.$eval('[data-testid=pack-guessed] h3', (e) => getComputedStyle(e).color);
  assert.equal(color, warn, 'the summary border is the amber warning colour');
  const notice = (await page.textContent('[data-testid=pack-guessed]')).replace(/\s+/g, ' ');
  assert.match(notice, /guessed for 1 unit/);
  assert.match(notice, /MEDIA\/UNITS\/PLAYERS\/HERO\.DAT ← MEDIA\/UNITS\/PLAYERS\/BASE\.DAT: UNITTYPE, LEVEL/);
  const first = readFileSync(join(mods, 'GUESS.MOD'));

  // Second: a deployed copy would be replaced, so it asks; keep it.
  writeFileSync(join(dir, 'MEDIA', 'UNITS', 'PLAYERS', 'HERO.DAT'),
    '[UNIT]\n<STRING>NAME:HERO2\n<INTEGER64>UNIT_GUID:5\n<STRING>BASEFILE:MEDIA/UNITS/PLAYERS/BASE.DAT\n[/UNIT]\n');
  await packOnce();
  await page.waitForSelector('[data-testid=deploy-question]');
  assert.match(await page.textContent('[data-testid=pack-summary] h3'), /Packed, not deployed yet/);
  // Asked where the eye is: in the summary's top card, right under that line.
  const at = await page.$eval('[data-testid=deploy-question]', (q) => {
    const card = q.closest('[data-testid=pack-summary]');
    return card && q.getBoundingClientRect().top - card.getBoundingClientRect().top;
  });
  assert.ok(at !== null && at < 80, `the deploy question is not at the top of the summary: ${at}`);
  assert.match(await page.textContent('[data-testid=deploy-question]'), new RegExp(`replace the deployed copy ${join(mods, 'GUESS.MOD').replace(/[.\\/]/g, '\\$&')}`));
  await shot(page, 'pack-guessed.png');
  await page.click('[data-testid=deploy-keep]');
  await page.waitForSelector('[data-testid=deploy-kept]');
  assert.ok(readFileSync(join(mods, 'GUESS.MOD')).equals(first), 'the deployed copy was kept');

  // Third: replace it. Nothing changed since the second pack, so the
  // incremental pack reuses the unit's compiled bytes.
  await packOnce();
  assert.equal(await page.textContent('[data-testid=summary-reused]'), '1 reused, 0 compiled');
  await page.waitForSelector('[data-testid=deploy-question]');
  await page.click('[data-testid=deploy-replace]');
  await page.waitForSelector('[data-testid=deploy-done]');
  await page.waitForSelector('[data-testid=summary-deployed]');
  assert.ok(readFileSync(join(mods, 'GUESS.MOD')).equals(readFileSync(out)), 'the new .MOD was deployed');
  assert.match(await page.textContent('[data-testid=deploy-done]'), new RegExp(`Deployed to ${join(mods, 'GUESS.MOD').replace(/[.\\/]/g, '\\$&')}`));
  assert.deepEqual(readdirSync(mods), ['GUESS.MOD'], 'one copy per mod id');
});
