// End-to-end: Lost Saga in the window. A game folder (rs.iop, map.iop and
// the delete list, Korean names in code page 949) lists as the client sees
// it; a Korean-named entry previews; shadowed copies are greyed; Optimize
// rewrites a pack; a pack with an unknown password asks for it, refuses a
// wrong one, opens with the right one and remembers it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openApp, shot } from './lib.mjs';

const demo = (name) => fileURLToPath(new URL(`../testdata/demo/${name}`, import.meta.url));
// Optimize writes: work on copies, never on the demo workspace.
const work = mkdtempSync(join(process.env.PACKSMITH_E2E_DIR || tmpdir(), 'iop-'));
const game = join(work, 'lostsaga_game');
cpSync(demo('lostsaga_game'), game, { recursive: true });
cpSync(demo('locked.iop'), join(work, 'locked.iop'));

let ctx, page;
before(async () => {
  ({ ctx, page } = await openApp());
});
after(async () => {
  await ctx?.close();
});

async function closeTabs() {
  for (let n = await page.locator('[data-testid=tab]').count(); n > 0; n--) {
    await page.locator('[data-testid=tab] button[aria-label^=Close]').first().click();
    await page.waitForFunction((m) => document.querySelectorAll('[data-testid=tab]').length < m, n);
  }
}

async function openPath(p) {
  await closeTabs();
  await page.fill('[data-testid=open-path]', p);
  await page.press('[data-testid=open-path]', 'Enter');
  await page.waitForSelector('[data-testid=tab]');
}

test('a pack lists its shadowed copy greyed, with the bytes it wastes', async () => {
  await openPath(join(game, 'rs.iop'));
  await page.waitForSelector('[data-testid=entry-list] .row[data-path]');
  assert.equal(await page.textContent('[data-testid=count]'), '6 of 6');
  assert.equal(await page.locator('.row.shadowed[data-path="xml/items.xml"]').count(), 1);
  assert.equal(await page.locator('.row:not(.shadowed)[data-path="xml/items.xml"]').count(), 1);
  assert.match(await page.textContent('[data-testid=iop-wasted]'), /1 shadowed copy · 111 bytes unused/);
  assert.match(await page.textContent('[data-testid=iop-password]'), /Korea pack password/);
});

test('the game folder as the client sees it; a Korean-named entry previews; Optimize', async () => {
  await openPath(game);
  await page.waitForSelector('[data-testid=entry-list] .row[data-path]');
  assert.equal(await page.textContent('[data-testid=count]'), '5 of 5');
  const row = page.locator('.row[data-path="사운드/한글파일.txt"]');
  assert.match(await row.textContent(), /rs\.iop/, 'rs.iop wins over map.iop');
  assert.match(await page.locator('.row[data-path="map/1번맵.txt"]').textContent(), /map\.iop/);
  assert.equal(await page.locator('.row[data-path="resource/old.txt"]').count(), 0, 'the delete list hides it');
  assert.equal(await page.locator('.row[data-path="map/removed.map"]').count(), 0, 'the _map rule hides it');
  await row.click();
  await page.waitForSelector('[data-testid=text-view]');
  assert.match(await page.textContent('[data-testid=text-view]'), /한글 파일입니다\. rs\.iop에서 읽었습니다\./);
  await shot(page, 'iop-game.png');

  const before = statSync(join(game, 'rs.iop')).size;
  await page.click('[data-pack="rs.iop"] [data-testid=optimize]');
  await page.waitForSelector('[data-testid=iop-notice]');
  assert.match(await page.textContent('[data-testid=iop-notice]'), /Optimized rs\.iop: 6 → 5 entries/);
  await page.waitForSelector('[data-testid=entry-list] .row[data-path]');
  assert.equal(await page.textContent('[data-testid=count]'), '5 of 5');
  assert.match(await page.textContent('[data-pack="rs.iop"] [data-testid=iop-wasted]'), /0 shadowed copies · 0 bytes unused/);
  assert.ok(statSync(join(game, 'rs.iop')).size < before, 'the pack is smaller');
  await page.click('.row[data-path="사운드/한글파일.txt"]');
  await page.waitForSelector('[data-testid=text-view]');
  assert.match(await page.textContent('[data-testid=text-view]'), /한글 파일입니다/);
});

test('a pack with an unknown password: asked, a wrong one refused, the right one remembered', async () => {
  const locked = join(work, 'locked.iop');
  await openPath(locked);
  await page.waitForSelector('[data-testid=password-prompt]');
  assert.match(await page.textContent('[data-testid=iop-password]'), /locked/);
  await page.fill('[data-testid=password-input]', 'not-it');
  await page.click('[data-testid=password-unlock]');
  await page.waitForSelector('[data-testid=password-error]');
  assert.match(await page.textContent("[data-testid=password-error]"), /Wrong password for locked\.iop\./);
  assert.doesNotMatch(await page.textContent("[data-testid=password-error]"), /check byte/);
  await page.click("[data-testid=password-error-details]");
  assert.match(await page.textContent("[data-testid=password-error-detail]"), /check byte/);
  await page.fill('[data-testid=password-input]', 'packsmith-demo');
  await page.click('[data-testid=password-unlock]');
  await page.waitForSelector('[data-testid=password-prompt]', { state: 'detached' });
  assert.match(await page.textContent('[data-testid=iop-password]'), /your password/);
  await page.click('.row[data-path="잠김/비밀.txt"]');
  await page.waitForSelector('[data-testid=text-view]');
  assert.match(await page.textContent('[data-testid=text-view]'), /비밀번호로 열었습니다\./);
  // opened again: the remembered password, no prompt
  await openPath(locked);
  await page.waitForSelector('[data-testid=entry-list] .row[data-path]');
  assert.match(await page.textContent('[data-testid=iop-password]'), /your password/);
  assert.equal(await page.locator('[data-testid=password-prompt]').count(), 0);
  // forgotten: the next open asks again
  await page.click('[data-testid=forget-password]');
  await page.waitForSelector('[data-testid=iop-notice]');
  await openPath(locked);
  await page.waitForSelector('[data-testid=password-prompt]');
  await page.click('[data-testid=password-prompt] button:text-is("Not now")');
  assert.match(await page.textContent('[data-testid=iop-password]'), /locked/);
});

test('a new pack from a folder, encrypted: it opens with the password given', async () => {
  await closeTabs();
  await page.click('[data-testid=create-pack]');
  const out = join(work, 'created.iop');
  await page.fill('[data-testid=create-dir]', join(game, 'info'));
  await page.fill('[data-testid=create-out]', out);
  await page.fill('[data-testid=create-password]', 'new-secret');
  await page.click('[data-testid=create-go]');
  await page.waitForSelector('[data-testid=iop-notice]');
  assert.match(await page.textContent('[data-testid=iop-notice]'), /Created created\.iop: 1 entry,/);
  assert.match(await page.textContent('[data-testid=iop-password]'), /your password/);
  assert.equal(await page.textContent('[data-testid=count]'), '1 of 1');
});
