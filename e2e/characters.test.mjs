// End-to-end: Load order → Characters (issue 48) in the real app. The
// user folder is made fresh by `go run ./internal/loadorderdemo`, which
// writes characters bound to its mods (internal/savetest.Demo): Brann asks
// for Shared Textures (installed, not enabled), Wisp refuses (a mod with no
// file). Each is moved to Grand Overhaul in one click, reads back as
// playable, and its old save is in the backups.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, loadUserFolder, shot as save } from './lib.mjs';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = process.env.PACKSMITH_REPO || resolve(dirname(fileURLToPath(import.meta.url)), '..');
const work = mkdtempSync(join(process.env.PACKSMITH_E2E_DIR || tmpdir(), 'chars-'));
const userDir = join(work, 'Torchlight 2');

let ctx, page;
const character = (file) => `[data-testid=lo-character][data-file="${file}"]`;
const stateOf = (file) => page.getAttribute(character(file), 'data-state');

before(async () => {
  execFileSync('go', ['run', './internal/loadorderdemo', '-out', userDir], { cwd: repo, stdio: 'inherit' });
  ({ ctx, page } = await openApp());
});
after(() => ctx?.close());

test('the characters of a user folder, with what the game will do', async () => {
  await loadUserFolder(page, userDir);
  await page.click('[data-testid=lo-characters-open]');
  await page.waitForSelector(character('modsave/BRANN_{D2}.SVB'));
  assert.equal(await page.locator('[data-testid=lo-character]').count(), 4);
  assert.equal(await stateOf('modsave/RUNA_{D1}.SVB'), 'plays');
  assert.equal(await stateOf('modsave/BRANN_{D2}.SVB'), 'asks for mods');
  assert.equal(await stateOf('modsave/WISP_{D3}.SVB'), 'refuses');
  assert.equal(await stateOf('save/IVY_{D4}.SVB'), 'plays');
  const warnings = await page.$$eval(`${character('modsave/BRANN_{D2}.SVB')} [data-testid=lo-character-warning]`, (ws) => ws.map((w) => w.textContent));
  assert.deepEqual(warnings, [
    'Grand Overhaul is version 5; the character was played with version 4: the game warns that data may be lost.',
    'Shared Textures is installed but not active: the game asks to restart with it.',
  ]);
  await save(page, 'characters.png');
});

test('move a character in one click: it plays, the old save is backed up', async () => {
  const file = join(userDir, 'modsave', 'BRANN_{D2}.SVB');
  const before = readFileSync(file);
  const sel = character('modsave/BRANN_{D2}.SVB');
  assert.equal(await page.inputValue(`${sel} [data-testid=lo-character-to]`), '-4629700416936869888'); // Grand Overhaul, active, first
  await page.click(`${sel} [data-testid=lo-character-move]`);
  await page.waitForFunction((s) => document.querySelector(s)?.dataset.state === 'plays', sel);
  const status = await page.textContent('[data-testid=lo-characters-status]');
  const m = status.match(/^Brann now bound to Grand Overhaul: 3 objects rewritten; plays — the old save is backup (BRANN_\{D2\}\.SVB-[0-9a-f]{8}\/\S+) \(History\)$/);
  assert.ok(m, status);
  assert.notDeepEqual(readFileSync(file), before);
  assert.deepEqual(readFileSync(join(process.env.XDG_CACHE_HOME, 'Packsmith', 'backups', m[1])), before);
  assert.equal(readdirSync(join(userDir, 'modsave')).length, 3, 'nothing left beside the saves');

  await page.selectOption(`${character('modsave/WISP_{D3}.SVB')} [data-testid=lo-character-to]`, '-4629700416936869888');
  await page.click(`${character('modsave/WISP_{D3}.SVB')} [data-testid=lo-character-move]`);
  await page.waitForFunction((s) => document.querySelector(s)?.dataset.state === 'plays', character('modsave/WISP_{D3}.SVB'));
  await save(page, 'characters-moved.png');
});
