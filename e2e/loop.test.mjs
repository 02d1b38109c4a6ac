// End-to-end: the modder's loop (issue 23) in the window. A mod folder
// whose MOD.DAT has no MOD_ID is packed and deployed five times in a row:
// one id (written into MOD.DAT after a backup), one line in
// modlauncher.sch, nothing but the .MOD in the mods folder; Load order
// shows it once, History lists the backups and restores one. With the
// "write the new MOD_ID" box unticked, a second build takes the first
// one's line and says so. Pack on save repacks after a save and stops
// when unticked, leaving no temporary file. History restores the build
// pack on save replaced, in one click (issue 34).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, shot as save } from './lib.mjs';
import { mkdtempSync, mkdirSync, writeFileSync, readFileSync, readdirSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';

let ctx, page;
before(async () => {
  ({ ctx, page } = await openApp());
});
after(async () => {
  await ctx?.close();
});
const shot = (name) => save(page, name);

const root = mkdtempSync(join(tmpdir(), 'ps-loop-'));
const user = join(root, 'user');
const mods = join(user, 'mods');
mkdirSync(mods, { recursive: true });
const schPath = join(user, 'modlauncher.sch');

function modFolder(name, level) {
  const dir = join(root, name);
  mkdirSync(join(dir, 'MEDIA', 'UNITS', 'ITEMS'), { recursive: true });
  writeFileSync(join(dir, 'MOD.DAT'), '[MOD]\r\n\t<STRING>NAME:Loop Mod\r\n\t<INTEGER>VERSION:1\r\n[/MOD]\r\n');
  writeSword(dir, level);
  return dir;
}
function writeSword(dir, level) {
  writeFileSync(join(dir, 'MEDIA', 'UNITS', 'ITEMS', 'LOOP_SWORD.DAT'),
    `[UNIT]\r\n\t<STRING>NAME:LOOP_SWORD\r\n\t<INTEGER64>UNIT_GUID:4242\r\n\t<STRING>UNITTYPE:1H SWORD\r\n\t<INTEGER>LEVEL:${level}\r\n[/UNIT]\r\n`);
}

/** The ids modlauncher.sch lists, in order. */
function schIDs() {
  const b = readFileSync(schPath);
  return b.subarray(2).toString('utf16le').split('\r\n')
    .filter((l) => l.startsWith('\t<INTEGER64>MODGUID:'))
    .map((l) => l.slice('\t<INTEGER64>MODGUID:'.length));
}
const modID = (dir) => readFileSync(join(dir, 'MOD.DAT'), 'utf8').match(/MOD_ID:(-?\d+)/)?.[1];
const tmpFiles = (...dirs) => dirs.flatMap((d) => readdirSync(d, { recursive: true }).filter((n) => /\.tmp$|\.bak$|\.packsmith-/.test(n)));

async function openFolder(dir) {
  await page.click('[data-mode=pack]');
  await page.waitForSelector('[data-testid=pack-view]');
  await page.fill('[data-testid=pack-dir]', dir);
  await page.press('[data-testid=pack-dir]', 'Enter');
  // Read afresh: the card shows MOD.DAT as it is on disk now.
  const id = modID(dir);
  // The output starts beside the folder (NAME.MOD next to it, not inside).
  await page.waitForFunction(([d, want]) => document.querySelector('[data-testid=pack-output]')?.value.startsWith(d) &&
    document.querySelector('[data-testid=moddat-id]')?.textContent.includes(want) && !document.querySelector('[data-testid=pack-summary]'), [dirname(dir), id ?? 'none']);
  if (!(await page.isChecked('[data-testid=pack-deploy]'))) await page.check('[data-testid=pack-deploy]');
  await page.fill('[data-testid=pack-mods]', mods);
  if (!(await page.isChecked('[data-testid=pack-enable]'))) await page.check('[data-testid=pack-enable]');
}

async function packOnce() {
  await page.click('[data-testid=pack-button]');
  await page.waitForSelector('[data-testid=pack-summary]', { timeout: 30000 });
  await page.waitForFunction(() => !document.querySelector('[data-testid=pack-button]')?.disabled);
  return page.textContent('[data-testid=pack-summary]');
}

const dirA = modFolder('loop-a', 3);
let firstB, secondB, idB; // pack on save's two builds and their MOD_ID

test('five packs and deploys of a folder without MOD_ID: one id, one line, only the .MOD', async () => {
  await openFolder(dirA);
  assert.match(await page.textContent('[data-testid=moddat-id]'), /none/);
  assert.ok(await page.isChecked('[data-testid=pack-write-id]'), 'the "write the new MOD_ID" box is ticked by default');
  const summary = await packOnce();
  assert.match(summary, /new, written to MOD\.DAT/);
  const id = modID(dirA);
  assert.ok(id, 'MOD.DAT has its MOD_ID');
  await page.waitForFunction((i) => document.querySelector('[data-testid=moddat-id]')?.textContent.includes(i), id);
  for (let i = 2; i <= 5; i++) {
    const s = await packOnce();
    assert.match(s, new RegExp(`MOD_ID\\s*${id}`), `pack ${i}`);
    assert.deepEqual(schIDs(), [id], `pack ${i}: modlauncher.sch`);
  }
  assert.equal(modID(dirA), id);
  assert.deepEqual(readdirSync(mods), ['Loop Mod.MOD']);
  assert.deepEqual(readdirSync(user).sort(), ['modlauncher.sch', 'mods']);
  await shot('loop-five-packs.png');
});

test('Load order shows the mod once; History lists the backups and restores one', async () => {
  await page.click('[data-mode=loadorder]');
  await page.waitForSelector('[data-testid=loadorder][data-ready=true]');
  await page.fill('[data-testid=lo-userdir]', user);
  await page.fill('[data-testid=lo-modsdir]', '');
  await page.click('[data-testid=lo-load]');
  await page.waitForSelector('[data-testid=lo-row][data-title="Loop Mod"]');
  assert.equal(await page.locator('[data-testid=lo-row]').count(), 1);
  assert.equal(await page.textContent('[data-testid=lo-count]'), '1 active · the game takes 10');
  assert.equal(await page.locator('[data-testid=lo-problem]').count(), 0);

  await page.click('[data-testid=lo-history-open]');
  await page.waitForSelector('[data-testid=lo-history]');
  await page.waitForSelector('[data-testid=lo-backup]');
  const rows = await page.$$eval('[data-testid=lo-backup]', (els) => els.map((e) => ({ id: e.dataset.id, kind: e.dataset.kind, of: e.dataset.of })));
  const dat = rows.filter((r) => r.kind === 'MOD.DAT' && r.of === join(dirA, 'MOD.DAT'));
  assert.equal(dat.length, 1, JSON.stringify(rows));
  // Restore MOD.DAT as it was before its id was written.
  await page.click(`[data-testid=lo-backup][data-id="${dat[0].id}"] [data-testid=lo-backup-restore]`);
  // The confirm button and every time are whole: nothing clipped ("Replace modlauncher.sc…").
  const cut = await page.$$eval('[data-testid=lo-backup] > span', (els) => els
    .filter((e) => e.querySelector('[data-testid=lo-backup-confirm]') || /^\d{4}-|\d:\d\d/.test(e.textContent.trim()))
    .filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent.trim()));
  assert.deepEqual(cut, []);
  await page.click(`[data-testid=lo-backup][data-id="${dat[0].id}"] [data-testid=lo-backup-confirm]`);
  await page.waitForSelector('[data-testid=lo-history-status]');
  assert.match(await page.textContent('[data-testid=lo-history-status]'), /^Restored .*MOD\.DAT from the backup of .*; what was there is now backup MOD\.DAT-[0-9a-f]{8}\//);
  assert.equal(modID(dirA), undefined, 'MOD.DAT holds no MOD_ID again');
  assert.deepEqual(readdirSync(dirA).filter((n) => /MOD\.DAT/i.test(n)), ['MOD.DAT']);
  await shot('loop-history.png');
  await page.click('[data-testid=lo-history-close]');
});

test('unticked, a second build takes the first one\'s line and says so', async () => {
  await openFolder(dirA); // its MOD.DAT has no id again (restored)
  await page.uncheck('[data-testid=pack-write-id]');
  const s1 = await packOnce();
  assert.match(s1, /new, not written to MOD\.DAT/);
  const ids1 = schIDs();
  assert.equal(ids1.length, 1);
  const s2 = await packOnce();
  assert.match(s2, /not written to MOD\.DAT/);
  const text = await page.textContent('[data-testid=summary-sch-replaced]');
  const m = text.match(/^place 1 of modlauncher\.sch named MOD_ID (-?\d+), an earlier build of this mod; it names (-?\d+) now/);
  assert.ok(m, text);
  assert.equal(m[1], ids1[0]);
  assert.deepEqual(schIDs(), [m[2]]);
  assert.equal(modID(dirA), undefined);
  assert.deepEqual(readdirSync(mods), ['Loop Mod.MOD']);
});

test('Pack on save repacks after a save and stops when unticked', async () => {
  const dirB = modFolder(join('b', 'loop-b'), 5); // a parent of its own: its .MOD goes beside it
  await openFolder(dirB);
  const out = join(dirname(dirB), 'Loop Mod.MOD');
  await page.check('[data-testid=pack-on-save]');
  await page.waitForFunction(() => Number(document.querySelector('[data-testid=pack-watch]')?.dataset.packs) >= 1, null, { timeout: 30000 });
  const first = readFileSync(out);
  assert.match(await page.textContent('[data-testid=pack-watch-last]'), /^Pack 1 at .*: Loop Mod\.MOD, 2 entries \(0 reused, 1 compiled\), .* ms, deployed to /);
  const id = modID(dirB);
  assert.ok(id);
  await new Promise((r) => setTimeout(r, 300));
  writeSword(dirB, 9);
  const t0 = Date.now();
  await page.waitForFunction(() => Number(document.querySelector('[data-testid=pack-watch]')?.dataset.packs) >= 2, null, { timeout: 10000 });
  const ms = Date.now() - t0;
  assert.match(await page.textContent('[data-testid=pack-watch-last]'), /^Pack 2 at .* after saving MEDIA\/UNITS\/ITEMS\/LOOP_SWORD\.DAT: Loop Mod\.MOD/);
  const second = readFileSync(out);
  assert.ok(!second.equals(first), 'the .MOD changed');
  assert.ok(readFileSync(join(mods, 'Loop Mod.MOD')).equals(second), 'the deployed copy is the new one');
  assert.equal(modID(dirB), id, 'one id across packs');
  // dirA's build had taken the line under this file name; now dirB's id.
  assert.deepEqual(schIDs(), [id]);
  console.log(`pack on save: saved → pack 2 shown in ${ms} ms`);
  await shot('loop-pack-on-save.png');
  await page.uncheck('[data-testid=pack-on-save]');
  await page.waitForSelector('[data-testid=pack-watch][data-state=cancelled]');
  assert.match(await page.textContent('[data-testid=pack-watch]'), /Pack on save stopped/);
  // A stop the user asked for is neutral: no amber "Cancelled" in the job bar.
  const stopped = await page.waitForSelector('[data-testid=job][data-kind=packwatch][data-state=cancelled] [data-testid=job-result]');
  assert.equal((await stopped.textContent()).trim(), 'Stopped.');
  const [color, warn] = await stopped.evaluate((e) => [getComputedStyle(e).color, getComputedStyle(document.documentElement).getPropertyValue('--warn').trim()]);
  const probe = await page.evaluate((w) => { const d = document.createElement('span'); d.style.color = w; document.body.append(d); const c = getComputedStyle(d).color; d.remove(); return c; }, warn);
  assert.notEqual(color, probe, 'the stop is shown amber');
  assert.deepEqual(tmpFiles(dirB, user), []);
  assert.deepEqual(readdirSync(mods), ['Loop Mod.MOD']);
  assert.ok(existsSync(out));
  [firstB, secondB, idB] = [first, second, id];
});

test('History lists the build pack on save replaced and restores it in one click', async () => {
  assert.ok(firstB && secondB, 'the pack-on-save test ran');
  const deployed = join(mods, 'Loop Mod.MOD');
  await page.click('[data-mode=loadorder]');
  await page.waitForSelector('[data-testid=loadorder][data-ready=true]');
  await page.fill('[data-testid=lo-userdir]', user);
  await page.fill('[data-testid=lo-modsdir]', '');
  await page.click('[data-testid=lo-load]');
  await page.waitForSelector('[data-testid=lo-row][data-title="Loop Mod"]');
  if (!(await page.$('[data-testid=lo-history]'))) await page.click('[data-testid=lo-history-open]');
  await page.click('[data-testid=lo-history] button:has-text("Refresh")');
  // One mod, one file: its builds (the ones packed without a MOD_ID under
  // ids of their own, then pack on save's first), newest first.
  const group = `[data-testid=lo-build-mod][data-of="${deployed}"]`;
  await page.waitForSelector(`${group} [data-testid=lo-build]`);
  // one group for this file (other tests of the run deploy mods of their
  // own, whose builds History lists too)
  assert.equal(await page.locator(group).count(), 1);
  assert.match(await page.textContent(`${group} .modname`), /^Loop Mod /);
  const rows = await page.$$eval(`${group} [data-testid=lo-build]`, (els) => els.map((e) => ({ id: e.dataset.id, modId: e.dataset.modId, text: e.textContent })));
  assert.ok(rows.length >= 2, JSON.stringify(rows));
  assert.equal(rows[0].modId, idB, 'the newest build kept is pack on save\'s first; its second is deployed');
  assert.match(rows[0].text, /version 1/);
  assert.match(await page.textContent('[data-testid=lo-history-used]'), /\(\d[\d.]* (B|KB|MB) in all; Settings\)/);
  await shot('loop-history-builds.png');
  await page.click(`${group} [data-testid=lo-build][data-id="${rows[0].id}"] [data-testid=lo-build-restore]`);
  await page.waitForSelector('[data-testid=lo-history-status]');
  assert.match(await page.textContent('[data-testid=lo-history-status]'), /^Restored .*Loop Mod\.MOD from the backup of .*; what was there is now backup Loop Mod\.MOD-[0-9a-f]{8}\//);
  assert.ok(readFileSync(deployed).equals(firstB), 'the first build is back in the mods folder, byte for byte');
  assert.deepEqual(readdirSync(mods), ['Loop Mod.MOD']);
  // The build it replaced is kept in turn, newest.
  await page.waitForFunction(([g, n]) => document.querySelectorAll(`${g} [data-testid=lo-build]`).length === n, [group, rows.length + 1]);
  assert.notEqual(await page.getAttribute(`${group} [data-testid=lo-build]`, 'data-id'), rows[0].id);
  await page.click('[data-testid=lo-history-close]');
});
