// Issue 46, the keyboard and the folders as a new user meets them: a mods
// folder saved in Settings while Pack is open is where Pack & Deploy goes;
// Enter in a dialog does its action once and closes it (Replace opened
// again from the toolbar's button, then Ctrl+S went into it); Enter after
// ticking a box in Extract; Escape closes Find (from its box), Compare and
// the Recent menu; a Reborn text cell's editor has the focus, Escape closes
// it and Save on an unchanged cell adds no change.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openApp, closeAllTabs, stageReplace } from './lib.mjs';

const demo = fileURLToPath(new URL('../testdata/demo', import.meta.url));
const work = mkdtempSync(join(process.env.PACKSMITH_E2E_DIR || tmpdir(), 'i46-'));
let ctx, page;

before(async () => {
  ({ ctx, page } = await openApp());
});

after(async () => {
  await ctx?.close();
});

const active = () => page.evaluate(() => document.activeElement?.dataset?.testid ?? document.activeElement?.tagName);

async function saveSettingsModsDir(dir) {
  await page.click('[data-testid=settings-open]');
  await page.waitForSelector('[data-testid=set-modsDir]');
  await page.waitForFunction(() => document.activeElement?.dataset?.testid === 'set-tl2UserDir'); // the first field has the focus
  await page.fill('[data-testid=set-modsDir]', dir);
  await page.press('[data-testid=set-modsDir]', 'Enter'); // Enter saves and closes
  await page.waitForSelector('[data-testid=settings]', { state: 'detached' });
}

test('a mods folder saved in Settings while Pack is open is where Pack & Deploy goes', async () => {
  const mods = join(work, 'mods');
  mkdirSync(mods);
  await page.click('[data-mode=pack]');
  await page.click('[data-testid=pack-sample]');
  await page.waitForSelector('[data-testid=moddat-card]');
  await page.fill('[data-testid=pack-output]', join(work, 'PACKSMITH_SAMPLE.MOD'));
  if (!(await page.isChecked('[data-testid=pack-deploy]'))) await page.check('[data-testid=pack-deploy]');
  const shownBefore = await page.inputValue('[data-testid=pack-mods]');
  await saveSettingsModsDir(mods);
  try {
    await page.waitForFunction((m) => document.querySelector('[data-testid=pack-mods]').value === m, mods);
    await page.click('[data-testid=pack-button]');
    await page.waitForSelector('[data-testid=summary-deployed]', { timeout: 30000 });
    assert.equal(await page.textContent('[data-testid=summary-deployed]'), join(mods, 'PACKSMITH_SAMPLE.MOD'));
    assert.ok(existsSync(join(mods, 'PACKSMITH_SAMPLE.MOD')));
  } finally {
    await saveSettingsModsDir(''); // later tests see the settings as they were
    await page.waitForFunction((m) => document.querySelector('[data-testid=pack-mods]').value === m, shownBefore);
    await page.click('[data-mode=archives]');
  }
});

test('Enter in Replace applies it once and closes; Ctrl+S then saves', async () => {
  const zip = join(work, 'demo.zip');
  copyFileSync(join(demo, 'demo.zip'), zip);
  const file = join(work, 'new-readme.txt');
  writeFileSync(file, 'replaced by issue 46\n');
  const before = statSync(zip).size;
  await page.fill('[data-testid=open-path]', zip);
  await page.press('[data-testid=open-path]', 'Enter');
  await page.waitForSelector('[data-testid=entry-list] [data-path]');
  await page.fill('[data-testid=filter]', 'README');
  await page.click('[data-testid=entry-list] [data-path="README.txt"]');
  await page.click('[data-testid=replace]'); // focus on the toolbar's button, which it goes back to
  await page.waitForSelector('[data-testid=path-dialog]');
  assert.equal(await active(), 'dialog-path', 'the first field has the focus');
  await page.keyboard.type(file);
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid=change][data-path="README.txt"][data-op=replace]');
  await page.waitForTimeout(300);
  assert.equal(await page.$('[data-testid=path-dialog]'), null, 'the dialog opened again');
  assert.equal(await page.locator('[data-testid=change]').count(), 1);
  assert.equal(await page.$('[data-testid=save-no-backup]'), null, 'a zip is backed up before an in-place save');
  await page.keyboard.press('Control+s');
  await page.waitForSelector('[data-testid=changes]', { state: 'detached' });
  assert.notEqual(statSync(zip).size, before, 'Ctrl+S saved');
});

test('Enter after ticking a box in Extract extracts', async () => {
  const dir = join(work, 'extract-enter');
  await page.click('[data-testid=extract-all]');
  await page.fill('[data-testid=extract-dir]', dir);
  await page.check('[data-testid=extract-png]');
  assert.equal(await active(), 'extract-png');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid=extract-dir]', { state: 'detached' });
  await page.waitForFunction(() => document.querySelector('[data-testid=job][data-kind=extract]')?.dataset.state === 'done');
  assert.ok(readdirSync(dir).includes('README.txt'));
});

test('Escape closes the Recent menu, Find (from its box) and Compare', async () => {
  await page.click('[data-testid=recent-menu]');
  await page.waitForSelector('[data-testid=recent-list]');
  await page.keyboard.press('Escape');
  await page.waitForSelector('[data-testid=recent-list]', { state: 'detached' });

  await page.click('[data-testid=find-open]');
  await page.fill('[data-testid=find-query]', 'level');
  await page.press('[data-testid=find-query]', 'Escape');
  await page.waitForSelector('[data-testid=find]', { state: 'detached' });

  await page.click('[data-testid=compare-open]');
  await page.waitForSelector('[data-testid=compare]');
  await page.keyboard.press('Escape');
  await page.waitForSelector('[data-testid=compare]', { state: 'detached' });
});

test("a Reborn text cell's editor has the focus, Escape closes it, an unchanged Save adds no change", async () => {
  const data = join(work, 'reborn', 'Data');
  cpSync(join(demo, 'reborn', 'Data'), data, { recursive: true });
  await page.fill('[data-testid=open-path]', join(data, 'event', 'scene001.dat'));
  await page.press('[data-testid=open-path]', 'Enter');
  await page.waitForSelector('[data-folder="#1"]');
  await page.click('[data-folder="#1"]');
  await page.waitForSelector('[data-testid=entry-list] [data-path="#1/#0"]');
  await page.click('[data-path="#1/#0"]');
  await page.waitForSelector('[data-testid=txte-table] tr[data-row="1"] [data-testid=txte-edit]', { timeout: 5000 }).catch(async () => {
    await page.click('[data-path="#1/#0"]'); // the list re-rendered under the first click (as reborn.test.mjs)
  });
  await page.click('tr[data-row="1"] [data-testid=txte-edit]');
  await page.waitForSelector('[data-testid=txte-input]');
  assert.equal(await active(), 'txte-input');
  await page.keyboard.press('Escape');
  await page.waitForSelector('[data-testid=txte-input]', { state: 'detached' });
  assert.ok(await page.$('[data-testid=entry-list]'), 'Escape closed more than the editor');

  await page.click('tr[data-row="1"] [data-testid=txte-edit]');
  await page.click('[data-testid=txte-save]');
  await page.waitForSelector('[data-testid=txte-input]', { state: 'detached' });
  await page.waitForTimeout(300);
  assert.equal(await page.$('[data-testid=change]'), null, 'an unchanged cell added a pending change');
  assert.equal(await page.$('[data-testid=txte-saved]'), null);
});

test('Pack mod suggests the mod folder open in the current tab', async () => {
  const mod = join(work, 'tabmod');
  cpSync(join(demo, 'sample_mod'), mod, { recursive: true });
  await page.click('[data-mode=archives]');
  await page.fill('[data-testid=open-path]', mod);
  await page.press('[data-testid=open-path]', 'Enter');
  await page.waitForSelector('[data-testid=tab][data-active=true]:has-text("tabmod"), [data-testid=tab]:has-text("tabmod")');
  await page.click('[data-mode=pack]');
  await page.waitForSelector('[data-testid=pack-tab-folder]');
  assert.match(await page.textContent('[data-testid=pack-tab-folder]'), /current tab: tabmod$/);
  await page.click('[data-testid=pack-tab-folder]');
  await page.waitForSelector('[data-testid=moddat-card]');
  assert.equal(await page.inputValue('[data-testid=pack-dir]'), mod);
  await page.click('[data-mode=archives]');
});

test('a Lost Saga pack says before saving that its in-place save keeps no backup', async () => {
  const pack = join(work, 'rs.iop');
  copyFileSync(join(demo, 'rs.iop'), pack);
  const file = join(work, 'readme-new.txt');
  writeFileSync(file, 'new readme\n');
  await stageReplace(page, pack, 'resource/readme.txt', file);
  assert.match(await page.textContent('[data-testid=save-no-backup]'), /no backup is kept/);
  await page.click('[data-testid=discard]');
});


test('the first screen: what Packsmith is for, the folders found, a sample of each game one click away', async () => {
  await closeAllTabs(page);
  await page.click('[data-mode=archives]');
  await page.waitForSelector('[data-testid=what-for]');
  assert.match(await page.textContent('[data-testid=what-for]'), /Torchlight II.*Tactics Ogre: Reborn.*Lost Saga/s);
  // This test's HOME holds no game: the screen says so and points at Settings.
  await page.waitForSelector('[data-testid=found-none]');
  const games = await page.$$eval('[data-testid=sample-game]', (els) => els.map((e) => e.dataset.game));
  assert.deepEqual(games, ['Torchlight II', 'Tactics Ogre: Reborn', 'Lost Saga', 'Other archives']);
  await page.click('[data-testid=sample-game][data-game="Tactics Ogre: Reborn"] [data-testid=demo]:text-is("reborn_sample.dat")');
  await page.waitForSelector('[data-testid=tab]:has-text("reborn_sample.dat")');
});
