// "Unpack to project…" on a GUTS .MOD, then the Pack view packs the folder
// (issue 11). Reads the fixtures in place; skipped when they are absent.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, shot } from './lib.mjs';
import { mkdtempSync, existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const repo = process.env.PACKSMITH_REPO || resolve('.');
const mod = join(repo, '..', 'shared', 'fixtures', 'tl2', 'xover', 'EDITORMOD.MOD');
const skip = existsSync(mod) ? false : `fixtures absent: ${mod}`;
const work = process.env.PACKSMITH_E2E_DIR || mkdtempSync(join(tmpdir(), 'ps-e2e-'));
let ctx, page;

before(async () => {
  if (!skip) ({ ctx, page } = await openApp());
});

after(async () => {
  await ctx?.close();
});

test('a GUTS .MOD unpacks to a project folder from its header card', { skip }, async () => {
  await page.fill('[data-testid=open-path]', mod);
  await page.press('[data-testid=open-path]', 'Enter');
  await page.waitForSelector('[data-testid=mod-card]');
  await page.click('[data-testid=unpack-open]');
  await page.waitForSelector('[data-testid=unpack-dir]');
  // the suggestion comes from the back end after the dialog shows (a CI
  // run on a loaded machine read the box while it was still empty)
  await page.waitForFunction(() => document.querySelector('[data-testid=unpack-dir]')?.value !== '', null, { timeout: 15000 })
    .catch(() => {});
  const suggested = await page.inputValue('[data-testid=unpack-dir]');
  assert.match(suggested, /EDITORMOD$/, 'the suggested folder is named after the .MOD');
  const dir = join(mkdtempSync(join(work, 'unpack-')), 'XOVER');
  await page.fill('[data-testid=unpack-dir]', dir);
  await page.click('[data-testid=unpack-go]');
  await page.waitForSelector('[data-testid=unpack-done]', { timeout: 30000 });
  const msg = await page.textContent('[data-testid=unpack-done]');
  assert.match(msg, /Unpacked 54 entries into .*XOVER: \d+ as source text, \d+ as they are, 5 RAW left out/);
  const md = readFileSync(join(dir, 'MOD.DAT'));
  assert.equal(md[0], 0xff);
  assert.equal(md[1], 0xfe);
  const proj = JSON.parse(readFileSync(join(dir, 'PACKSMITH.JSON'), 'utf8'));
  assert.equal(proj.gameVersion, '1.25.5.6');
  // What XOVER's players inherit from the game's PLAYERS/BASE.DAT, kept
  // from its UNITDATA.RAW so Pack rebuilds it without the game.
  assert.match(msg, /UNITDATA\.RAW: kept what 1 base-game file gave 3 units \(PACKSMITH\.JSON\)/);
  assert.equal(proj.baseUnits['MEDIA/UNITS/PLAYERS/BASE.DAT'].LEVEL, 1);
  await shot(page, 'unpack.png');
  // Again into the same folder: refused, in words.
  await page.click('[data-testid=unpack-open]');
  await page.fill('[data-testid=unpack-dir]', dir);
  await page.click('[data-testid=unpack-go]');
  await page.waitForSelector('[data-testid=unpack-error]');
  assert.match(await page.textContent('[data-testid=unpack-error]'), /is not empty/);
});
