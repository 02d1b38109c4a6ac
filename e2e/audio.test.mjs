// End-to-end: the audio view plays a WAV entry from /api/audio. The WAV and
// the zip holding it are written here, in a temp folder.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openApp } from './lib.mjs';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let ctx, page;
before(async () => ({ ctx, page } = await openApp()));
after(async () => ctx?.close());

/** A 16-bit mono PCM WAV: rate Hz, n samples (a saw wave). */
function wav(rate, n) {
  const b = Buffer.alloc(44 + 2 * n);
  b.write('RIFF', 0); b.writeUInt32LE(36 + 2 * n, 4); b.write('WAVEfmt ', 8);
  b.writeUInt32LE(16, 16); b.writeUInt16LE(1, 20); b.writeUInt16LE(1, 22);
  b.writeUInt32LE(rate, 24); b.writeUInt32LE(rate * 2, 28); b.writeUInt16LE(2, 32); b.writeUInt16LE(16, 34);
  b.write('data', 36); b.writeUInt32LE(2 * n, 40);
  for (let i = 0; i < n; i++) b.writeInt16LE((i % 64) * 512 - 16384, 44 + 2 * i);
  return b;
}

function crc32(buf) {
  let c = ~0;
  for (const x of buf) {
    c ^= x;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xEDB88320 & -(c & 1));
  }
  return ~c >>> 0;
}

/** A zip of stored (uncompressed) files: {name: Buffer}. */
function zip(files) {
  const parts = [], central = [];
  let off = 0;
  for (const [name, data] of Object.entries(files)) {
    const n = Buffer.from(name), crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0); local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14); local.writeUInt32LE(data.length, 18); local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(n.length, 26);
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0); cd.writeUInt16LE(20, 4); cd.writeUInt16LE(20, 6);
    cd.writeUInt32LE(crc, 16); cd.writeUInt32LE(data.length, 20); cd.writeUInt32LE(data.length, 24);
    cd.writeUInt16LE(n.length, 28); cd.writeUInt32LE(off, 42);
    parts.push(local, n, data);
    central.push(cd, n);
    off += 30 + n.length + data.length;
  }
  const cdBuf = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(central.length / 2, 8); end.writeUInt16LE(central.length / 2, 10);
  end.writeUInt32LE(cdBuf.length, 12); end.writeUInt32LE(off, 16);
  return Buffer.concat([...parts, cdBuf, end]);
}

test('a WAV entry plays in the audio view: its duration is the samples over the rate', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ps-audio-'));
  const p = join(dir, 'sounds.zip');
  // 1.5 s at 8000 Hz
  writeFileSync(p, zip({ 'media/sound/beep.wav': wav(8000, 12000), 'readme.txt': Buffer.from('sounds\n') }));
  await page.fill('[data-testid=open-path]', p);
  await page.press('[data-testid=open-path]', 'Enter');
  await page.click('[data-path="media/sound/beep.wav"]');
  await page.waitForSelector('[data-testid=audio-view]');
  assert.equal(await page.getAttribute('[data-view=audio]', 'class').then((c) => /\bon\b/.test(c ?? '')), true);
  await page.waitForFunction(() => {
    const a = document.querySelector('[data-testid=audio-view]');
    return a && a.readyState >= 1 && Number.isFinite(a.duration);
  });
  const duration = await page.evaluate(() => document.querySelector('[data-testid=audio-view]').duration);
  assert.ok(Math.abs(duration - 1.5) < 0.01, `duration ${duration}`);
  assert.equal(await page.$('[data-testid=preview-error]'), null);
});
