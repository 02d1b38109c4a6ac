// End-to-end: Load order → Merged patch (issue 32) in the real app (dev
// build, Go bindings live) in Debian's chromium. `go run ./internal/mergedemo`
// writes a user folder whose modlauncher.sch activates two mods changing
// the same skill and layout (from the XOVER fixture), and the game's own
// versions as a MEDIA folder. The test lists the conflicts with their
// values, builds and deploys the patch, picks the other mod as one
// conflict's winner, builds again, and checks on disk that the winners file
// and the patch's bytes changed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, shot as save } from './lib.mjs';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = process.env.PACKSMITH_REPO || resolve(dirname(fileURLToPath(import.meta.url)), '..');
const work = mkdtempSync(join(process.env.PACKSMITH_E2E_DIR || tmpdir(), 'merge-'));
const userDir = join(work, 'Torchlight 2');
const base = join(work, 'base', 'MEDIA');
const patch = join(userDir, 'mods', 'PACKSMITH_MERGED_PATCH.MOD');
const winnersFile = join(userDir, 'packsmith-merged-patch.json');
const DAT = 'MEDIA/SKILLS/X_HEALTHVIAL/X_HEALTHVIAL.DAT';
const LAYOUT = 'MEDIA/SKILLS/X_DODGEROLL/X_DODGEROLL.LAYOUT';
const KEY = `${DAT}|SKILL|COOLDOWNMS`;
const PATCH_ID = '5788054961880318292'; // mergepatch.PatchID

// The inputs come from the XOVER fixture (read in place): without it the
// tests skip, unless PACKSMITH_REQUIRE_FIXTURES=1 (CI) says they must run.
const fixtures = process.env.PACKSMITH_FIXTURES || join(repo, '..', 'shared', 'fixtures');
const skip = !existsSync(join(fixtures, 'tl2', 'xover')) && process.env.PACKSMITH_REQUIRE_FIXTURES !== '1'
  ? `the XOVER fixture is absent (${fixtures}/tl2/xover)` : false;

let ctx, page;
const shot = (name) => save(page, name);

/** modlauncher.sch's ids, in order. */
function schIDs() {
  return readFileSync(join(userDir, 'modlauncher.sch'))
    .subarray(2)
    .toString('utf16le')
    .split('\r\n')
    .filter((l) => l.startsWith('\t<INTEGER64>MODGUID:'))
    .map((l) => l.slice('\t<INTEGER64>MODGUID:'.length));
}

/** The conflicts' texts: each one's place and base, then its versions (one row each in a list drawn in view only). */
const conflicts = () => page.$$eval('[data-testid=mp-conflicts-list] .vrow', (rows) => {
  const out = [];
  for (const r of rows) {
    if (r.querySelector('[data-testid=mp-conflict]')) out.push(r.innerText);
    else if (r.querySelector('[data-testid=mp-choice]') && out.length) out[out.length - 1] += '\n' + r.innerText;
  }
  return out;
});

before(async () => {
  if (skip) return;
  execFileSync('go', ['run', './internal/mergedemo', '-out', work], { cwd: repo, stdio: 'inherit' });
  ({ ctx, page } = await openApp());
});

after(async () => {
  await ctx?.close();
});

test('the conflicts are listed with every mod’s value and the base’s', { skip }, async () => {
  await page.click('[data-mode=loadorder]');
  await page.waitForSelector('[data-testid=loadorder][data-ready=true][data-busy=false]');
  await page.fill('[data-testid=lo-userdir]', userDir);
  await page.fill('[data-testid=lo-modsdir]', '');
  await page.click('[data-testid=lo-load]');
  await page.waitForSelector('[data-testid=lo-row][data-title="Mod B"]');
  await page.click('[data-testid=mp-toggle]');
  // The button that only merges to list says so: it writes nothing.
  assert.equal((await page.textContent('[data-testid=mp-refresh]')).trim(), 'Preview merge');
  await page.fill('[data-testid=mp-base]', base);
  await page.press('[data-testid=mp-base]', 'Enter'); // Enter in the base box previews the merge, as the Preview merge button does
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=mp-conflict]').length === 2);
  const [layout, dat] = await conflicts();
  assert.match(layout, /RADIUS base: 12/);
  assert.match(layout, /Mod A: 30/);
  assert.match(layout, /Mod B: 5/);
  assert.match(dat, /SKILL › COOLDOWNMS base: 1000/);
  assert.match(dat, /Mod A: 5000/);
  assert.match(dat, /Mod B: 200/);
  // the conflict names the mod that lost it (issue 43), and only that one
  assert.match(layout, /Mod B's change is lost \(Mod A wins\)/);
  assert.match(dat, /base: 1000 Mod B's change is lost/);
  assert.match(dat, /Mod B: 200 ✗ lost/);
  assert.doesNotMatch(dat, /Mod A: 5000\s*✗ lost/);
  // the load order decides: A (first) wins both
  assert.equal(await page.isChecked(`input[type=radio][name="${KEY}"] >> nth=0`), true);
  assert.match(await page.textContent('[data-testid=merged-patch]'), /2 files shared by 2 active mods, 2 conflicts\.\s+No patch deployed yet\./);
  await shot('merge-conflicts.png');
});

test('build and deploy: the patch is first in modlauncher.sch', { skip }, async () => {
  await page.click('[data-testid=mp-build]');
  await page.waitForSelector('[data-testid=mp-done]');
  assert.match(await page.textContent('[data-testid=mp-done]'), /Built and deployed PACKSMITH_MERGED_PATCH\.MOD into the mods folder, first in modlauncher\.sch\./);
  assert.ok(existsSync(patch));
  assert.deepEqual(schIDs(), [PATCH_ID, '1001', '1002']);
  assert.equal(existsSync(winnersFile), false, 'no pick yet: no winners file');
  await shot('merge-built.png');
});

test('another winner, built again: the winners file and the patch change', { skip }, async () => {
  const first = readFileSync(patch);
  await page.click(`input[type=radio][name="${KEY}"] >> nth=1`); // Mod B: 200
  await page.waitForSelector('[data-testid=mp-note]');
  assert.deepEqual(JSON.parse(readFileSync(winnersFile, 'utf8')), { winners: { [KEY]: 'Mod B' } });
  assert.equal(await page.isChecked(`input[type=radio][name="${KEY}"] >> nth=1`), true);
  // only the picked conflict's file was merged again: its conflict now names A the loser, the other file's is as it was
  const [layout, dat] = await conflicts();
  assert.match(dat, /Mod A's change is lost \(Mod B wins\)/);
  assert.match(layout, /Mod B's change is lost \(Mod A wins\)/);
  // the three-way view shows the merge with B's value
  await page.click(`button.file:has-text("${DAT}")`);
  await page.waitForFunction(() => /\+\s+<INTEGER>COOLDOWNMS:200/.test(document.querySelector('[data-testid=mp-diff]')?.innerText ?? ''));

  await page.click('[data-testid=mp-build]');
  await page.waitForFunction(() => !document.querySelector('[data-testid=mp-note]') && document.querySelector('[data-testid=mp-done]'));
  const second = readFileSync(patch);
  assert.notDeepEqual(second, first, 'the patch bytes did not change');
  assert.deepEqual(schIDs(), [PATCH_ID, '1001', '1002']);
  assert.match(await page.textContent('[data-testid=merged-patch]'), /The patch is deployed and active\./);
  await shot('merge-built-again.png');
});

test('the conflicts view: the mods’ shared files are merged into the patch, not lost; who lost a conflict inside one is named (issue 43)', { skip }, async () => {
  await page.click('[data-testid=lo-load]'); // read the load order as it is on disk now
  const card = `[data-testid=lo-conflict][data-path="${DAT}"]`;
  await page.waitForSelector(`${card} [data-testid=lo-merged]`);
  assert.match(await page.textContent(`${card} [data-testid=lo-winner]`), /1\. Merged patch \(Packsmith\)/);
  const merged = await page.$$eval(`${card} [data-testid=lo-merged]`, (els) => els.map((e) => e.textContent.trim()));
  // B was picked the skill's winner: A's change there is lost to B, and the row says so
  assert.deepEqual(merged, ['⇄ 2. Mod A (merged; 1 change lost to 3. Mod B)', '⇄ 3. Mod B (merged into the patch)']);
  const layoutCard = `[data-testid=lo-conflict][data-path="${LAYOUT}"]`;
  const mergedLayout = await page.$$eval(`${layoutCard} [data-testid=lo-merged]`, (els) => els.map((e) => e.textContent.trim()));
  assert.deepEqual(mergedLayout, ['⇄ 2. Mod A (merged into the patch)', '⇄ 3. Mod B (merged; 1 change lost to 2. Mod A)']);
  assert.equal(await page.locator(`${card} .lose`).count(), 0, 'a merged file shown as lost');
  assert.equal(await page.locator('[data-testid=lo-patch-stale]').count(), 0);
  await shot('merge-conflicts-view.png');
});
