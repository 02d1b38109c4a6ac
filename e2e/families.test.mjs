// End-to-end: the Tactics Ogre: Reborn and Lost Saga samples of the demo
// workspace open, list, and preview like any archive.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { openApp, shot } from './lib.mjs';

const demo = (name) => fileURLToPath(new URL(`../testdata/demo/${name}`, import.meta.url));
let ctx, page;

before(async () => {
  ({ ctx, page } = await openApp());
});

after(async () => {
  await ctx?.close();
});

async function open(name) {
  if (await page.$('[data-testid=tab]')) await page.click('[data-testid=tab] button[aria-label^=Close]');
  await page.fill('[data-testid=open-path]', demo(name));
  await page.press('[data-testid=open-path]', 'Enter');
  await page.waitForSelector('[data-testid=entry-list] .row[data-path]');
}

test('a Lost Saga .iop: password found, the scrambled .ini reads as text, duplicates listed', async () => {
  await open('rs.iop');
  assert.equal(await page.textContent('[data-testid=count]'), '5 of 5');
  await page.click('[data-path="config/client.ini"]');
  await page.waitForSelector('[data-testid=text-view]');
  assert.match(await page.textContent('[data-testid=text-view]'), /\[Setting\]\s+Language=en\s+Windowed=1/);
  assert.match(await page.textContent('[data-testid=meta-card]'), /password/);
  await page.click('[data-testid=verify]');
  await page.waitForSelector('[data-testid=verify-ok]');
  await shot(page, 'iop.png');
});

test('a Reborn .dat: the layer chain unwraps and nested packs list as #i/#j', async () => {
  await open('reborn_sample.dat');
  assert.equal(await page.textContent('[data-testid=count]'), '7 of 7');
  assert.ok(await page.$('[data-path="#2/#1"]'), 'nested pack member #2/#1 listed');
  await page.click('[data-path="#3"]');
  await page.click('[data-view=hex]');
  await page.waitForSelector('[data-testid=hex-view] .b');
  const first = await page.$$eval('[data-testid=hex-view] .row:first-child .b', (els) => els.slice(0, 4).map((e) => e.textContent));
  assert.deepEqual(first, ['74', '78', '74', '65'], 'the MLZ0 entry decodes to its txte bytes');
  await page.click('[data-testid=verify]');
  await page.waitForSelector('[data-testid=verify-ok]');
  await shot(page, 'reborn.png');
});
