// End-to-end on a real Torchlight II mod made by the official editor
// (../shared/fixtures, read in place; skipped when the folder is absent).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, shot } from './lib.mjs';
import { mkdtempSync, existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const repo = process.env.PACKSMITH_REPO || resolve('.');
const xover = join(repo, '..', 'shared', 'fixtures', 'tl2', 'xover');
const mod = join(xover, 'EDITORMOD.MOD');
const skip = existsSync(mod) ? false : `fixtures absent: ${mod}`;
// CI sets PACKSMITH_REQUIRE_FIXTURES=1: absent fixtures fail there.
if (skip && process.env.PACKSMITH_REQUIRE_FIXTURES === '1') throw new Error(`${skip} (PACKSMITH_REQUIRE_FIXTURES=1)`);
const work = process.env.PACKSMITH_E2E_DIR || mkdtempSync(join(tmpdir(), 'ps-e2e-'));
let ctx, page;

before(async () => {
  if (!skip) ({ ctx, page } = await openApp());
});

after(async () => {
  await ctx?.close();
});

test('a GUTS .MOD shows its header card and verifies clean', { skip }, async () => {
  await page.fill('[data-testid=open-path]', mod);
  await page.press('[data-testid=open-path]', 'Enter');
  await page.waitForSelector('[data-testid=mod-card]');
  assert.equal(await page.textContent('[data-testid=mod-title]'), 'EDITOR');
  assert.equal(await page.textContent('[data-testid=mod-id]'), '-2318989449992446293');
  assert.match(await page.textContent('[data-testid=rolling-hash]'), /✓ rollingHash/);
  assert.match(await page.textContent('[data-testid=mod-card]'), /game version 1\.25\.5\.6/);
  assert.equal(await page.textContent('[data-testid=count]'), '54 of 54');
  await page.click('[data-testid=verify]');
  await page.waitForSelector('[data-testid=verify-ok]');
  await shot(page, 'tl2-mod.png');
});

test('extracting a GUTS entry gives the compiled bytes on disk', { skip }, async () => {
  await page.fill('[data-testid=filter]', 'X_HEALTHVIAL_ADD1');
  await page.waitForFunction(() => document.querySelector('[data-testid=count]').textContent === '1 of 54');
  await page.click('[data-path="MEDIA/AFFIXES/X_HEALTHVIAL_ADD1.DAT"]');
  await page.click('[data-testid=extract-selected]');
  const dir = join(work, 'tl2');
  await page.fill('[data-testid=extract-dir]', dir);
  await page.click('[data-testid=extract-go]');
  await page.waitForSelector('[data-testid=job][data-kind=extract][data-state=done]');
  const got = readFileSync(join(dir, 'MEDIA', 'AFFIXES', 'X_HEALTHVIAL_ADD1.DAT'));
  const want = readFileSync(join(xover, 'MEDIA', 'AFFIXES', 'X_HEALTHVIAL_ADD1.DAT.BINDAT'));
  assert.ok(got.equals(want), 'extracted entry differs from GUTS\'s compiled sibling');
});
