// End-to-end: the audio view plays a WAV entry from /api/audio. The WAV and
// the zip holding it are written here, in a temp folder.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openApp } from './lib.mjs';
import { wav, zip } from './gen.mjs';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let ctx, page;
before(async () => ({ ctx, page } = await openApp()));
after(async () => ctx?.close());

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
