// End-to-end: issues 43 and 48 in the real app. Three mods and a character
// bound to them (`go run ./internal/loadorderdemo -trial`); Combine into one
// mod with the character moved; the profile picker switches back to the
// setup before, asks about the character, moves it back: the save is byte
// for byte what it was (nothing was played in between).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, loadUserFolder, shot as save } from './lib.mjs';
import { mkdtempSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = process.env.PACKSMITH_REPO || resolve(dirname(fileURLToPath(import.meta.url)), '..');
const work = mkdtempSync(join(process.env.PACKSMITH_E2E_DIR || tmpdir(), 't48-'));
const userDir = join(work, 'Torchlight 2');
const hero = join(userDir, 'modsave', 'HERO_{4800}.SVB');
const heroRow = '[data-testid=lo-character][data-file="modsave/HERO_{4800}.SVB"]';

let ctx, page;

before(async () => {
  execFileSync('go', ['run', './internal/loadorderdemo', '-out', userDir, '-trial'], { cwd: repo, stdio: 'inherit' });
  ({ ctx, page } = await openApp());
});
after(() => ctx?.close());

test('combine with the character moved, switch back: the picker asks and moves it back byte for byte', async () => {
  const original = readFileSync(hero);
  await loadUserFolder(page, userDir);
  await page.click('[data-testid=lo-combine-open]');
  await page.waitForSelector('[data-testid=lo-combine-chars] >> text=Hero');
  await page.check('[data-testid=lo-combine-move]');
  await page.click('[data-testid=lo-combine-run]');
  await page.waitForSelector('[data-testid=lo-combine] >> text=/Moved to it: Hero/');
  assert.notDeepEqual(readFileSync(hero), original, 'the combine moved Hero');

  // The picker lists the profile the combine saved without a reload.
  const profile = await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=lo-profile-pick] option')]
    .map((o) => o.value).find((v) => v.startsWith('before combine')));
  await page.selectOption('[data-testid=lo-profile-pick]', await profile.jsonValue());
  await page.click('[data-testid=lo-profile-use]');
  const asks = await page.waitForSelector('[data-testid=lo-profile-stranded]');
  // The Combine panel's result was the setup before: it closed with the switch.
  assert.equal(await page.$('[data-testid=lo-combine]'), null, 'the Combine panel closed when another profile was used');
  assert.match(await asks.textContent(), /Hero modsave\/HERO_\{4800\}\.SVB: move back from Combined mods \(Packsmith\) to Amber Arms, Birch Beasts, Cinder Cloaks\?/);
  await save(page, 'profiles48-asks.png');
  await page.click('[data-testid=lo-profile-move]');
  await page.waitForSelector('[data-testid=lo-profile-moved] >> text=Hero: restored as it was before its move');
  assert.deepEqual(readFileSync(hero), original, 'Hero is byte for byte as before the combine');

  await page.click('[data-testid=lo-characters-open]');
  await page.waitForFunction((s) => document.querySelector(s)?.dataset.state === 'plays', heroRow);
  assert.match(await page.textContent(heroRow), /Mods: Amber Arms v1, Birch Beasts v1, Cinder Cloaks v1/);
  await save(page, 'profiles48-back.png');
});
