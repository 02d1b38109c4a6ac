// Extract into a folder that already holds one of the files: the dialog
// names it and asks; only "Replace and extract" overwrites it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openApp } from './lib.mjs';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const repo = process.env.PACKSMITH_REPO || resolve('.');
const work = process.env.PACKSMITH_E2E_DIR || mkdtempSync(join(tmpdir(), 'ps-e2e-'));
let ctx, page;

before(async () => {
  ({ ctx, page } = await openApp());
});

after(async () => {
  await ctx?.close();
});

test('extract asks before replacing a file', async () => {
  const dir = join(work, 'replace-out');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'README.txt'), 'mine');
  await page.fill('[data-testid=open-path]', join(repo, 'testdata', 'demo', 'demo.zip'));
  await page.press('[data-testid=open-path]', 'Enter');
  await page.waitForFunction(() => document.querySelector('[data-testid=count]')?.textContent === '48 of 48');
  await page.click('[data-testid=extract-all]');
  await page.fill('[data-testid=extract-dir]', dir);
  await page.click('[data-testid=extract-go]');
  await page.waitForSelector('[data-testid=extract-replace]');
  assert.match((await page.textContent('[data-testid=extract-replace]')).replace(/\s+/g, ' '), /1 file already exists there \(README\.txt\)\. Replace it\?/);
  assert.equal(readFileSync(join(dir, 'README.txt'), 'utf8'), 'mine', 'replaced before the answer');
  assert.equal(await page.textContent('[data-testid=extract-go]'), 'Replace and extract');
  await page.click('[data-testid=extract-go]');
  await page.waitForSelector('[data-testid=job][data-kind=extract][data-state=done]');
  assert.notEqual(readFileSync(join(dir, 'README.txt'), 'utf8'), 'mine');
});
