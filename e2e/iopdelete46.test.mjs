// End-to-end (issue 46): a Lost Saga game folder shows its delete list and
// the names it hides as soon as it opens, without Verify, and a hidden
// name's link leads to the entry (the pack that holds it opens with the
// entry shown), not to "no such entry".
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openApp, shot } from './lib.mjs';

const demo = (name) => fileURLToPath(new URL(`../testdata/demo/${name}`, import.meta.url));
const work = mkdtempSync(join(process.env.PACKSMITH_E2E_DIR || tmpdir(), 'iopdel-'));
const game = join(work, 'lostsaga_game');
cpSync(demo('lostsaga_game'), game, { recursive: true });

let ctx, page;
before(async () => {
  ({ ctx, page } = await openApp());
});
after(async () => {
  await ctx?.close();
});

test('the delete list shows on open and its link leads to the hidden entry', async () => {
  await page.fill('[data-testid=open-path]', game);
  await page.press('[data-testid=open-path]', 'Enter');
  await page.waitForSelector('[data-testid=entry-list] .row[data-path]');
  // No Verify: the bar says it at once, per pack.
  assert.equal(await page.locator('[data-testid=findings]').count(), 0, 'no Verify was run');
  assert.equal(await page.textContent('[data-pack="rs.iop"] [data-testid=iop-deleted]'), 'delete list: 1 name hidden');
  assert.equal(await page.textContent('[data-pack="map.iop"] [data-testid=iop-deleted]'), 'delete list: 1 name hidden');
  const hidden = page.locator('[data-testid=iop-hidden][data-pack="rs.iop"] button[data-path="resource/old.txt"]');
  assert.equal(await hidden.count(), 1);
  assert.equal(await page.locator('[data-testid=iop-hidden][data-pack="map.iop"] button[data-path="map/removed.map"]').count(), 1);
  assert.equal(await page.locator('.row[data-path="resource/old.txt"]').count(), 0, 'the folder view hides it');
  await shot(page, 'iop-delete-list.png');

  // The toggle hides and shows the names.
  await page.click('[data-pack="rs.iop"] [data-testid=iop-deleted]');
  assert.equal(await page.locator('[data-testid=iop-hidden][data-pack="rs.iop"]').count(), 0);
  await page.click('[data-pack="rs.iop"] [data-testid=iop-deleted]');

  await page.click('[data-testid=iop-hidden][data-pack="rs.iop"] button[data-path="resource/old.txt"]');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=tab]').length === 2);
  await page.waitForSelector('[data-testid=text-view]');
  assert.match(await page.textContent('[data-testid=text-view]'), /\S/, 'the hidden entry previews');
  const tabs = await page.locator('[data-testid=tab]').allTextContents();
  assert.match(tabs[1], /rs\.iop/);
  assert.equal(await page.locator('.row.selected[data-path="resource/old.txt"], .row[aria-selected=true][data-path="resource/old.txt"]').count(), 1, 'selected in the pack');
  assert.equal(await page.locator('text=no such entry').count(), 0);
  // In the pack the hidden name is listed, struck through, saying why.
  const struck = page.locator('.row.deleted[data-path="resource/old.txt"]');
  assert.equal(await struck.count(), 1, 'marked hidden in the pack');
  assert.match(await struck.locator('.c-path').getAttribute('title'), /hidden by the delete list/);
  assert.equal(await page.locator('.row.deleted').count(), 1, 'only the hidden name is marked');
});
