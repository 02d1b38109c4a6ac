// Verify of a damaged archive in the window: the problem rows say which
// entry is damaged and how (issue 15: only clean archives were verified).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openApp } from './lib.mjs';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
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

test('verify of a damaged zip lists the damaged entry', async () => {
  const zip = readFileSync(join(repo, 'testdata', 'demo', 'demo.zip'));
  // The first local header: its data starts after 30 bytes, the name and
  // the extra field. Flip a byte inside README.txt's compressed data.
  assert.equal(zip.readUInt32LE(0), 0x04034b50);
  const name = zip.subarray(30, 30 + zip.readUInt16LE(26)).toString();
  assert.equal(name, 'README.txt');
  const data = 30 + zip.readUInt16LE(26) + zip.readUInt16LE(28);
  zip[data + 3] ^= 0x55;
  const bad = join(work, 'damaged.zip');
  writeFileSync(bad, zip);

  await page.fill('[data-testid=open-path]', bad);
  await page.press('[data-testid=open-path]', 'Enter');
  await page.waitForFunction(() => document.querySelector('[data-testid=count]')?.textContent === '48 of 48');
  await page.click('[data-testid=verify]');
  await page.waitForSelector('[data-testid=findings] .f.sev-error');
  const rows = await page.$$eval('[data-testid=findings] .f', (els) =>
    els.map((e) => ({
      severity: e.querySelector('.sev').textContent,
      check: e.querySelector('.check').textContent,
      entry: e.querySelector('.link')?.textContent ?? '',
      message: e.querySelector('.msg').textContent,
    })));
  assert.equal(rows.length, 1, JSON.stringify(rows));
  assert.equal(rows[0].severity, 'error');
  assert.equal(rows[0].entry, 'README.txt');
  assert.match(rows[0].check, /^(crc|inflate)$/);
  assert.match(rows[0].message, /CRC-32|flate|damaged/);
  assert.equal(await page.textContent('[data-testid=findings] .head .err'), '1 problem');
  assert.equal(await page.$('[data-testid=verify-ok]'), null);
});
