// Issue 46: a unit with 209 animations (a player model has that many) in
// the 3D view. The generated box (internal/modelgen -anims) lists them in
// BOX.ANIMATION, every tenth without a NAME. The list scrolls in its own
// area under a filter box, the player (Play, the timeline, bones) stays in
// view in an 800 px window and does not move on Play/Pause, and every
// animation has a name (its file's when it has none).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openApp, shot } from './lib.mjs';

const repo = process.env.PACKSMITH_REPO || resolve('.');
const work = mkdtempSync(join(process.env.PACKSMITH_E2E_DIR || tmpdir(), 'anims-'));
const mod = join(work, 'unit');
let ctx, page;

before(async () => {
  execFileSync('go', ['run', './internal/modelgen/gen', '-o', mod, '-anims', '209'], { cwd: repo });
  ({ ctx, page } = await openApp());
});

after(async () => ctx?.close());

const rect = (sel) => page.$eval(sel, (e) => { const r = e.getBoundingClientRect(); return { x: r.x, y: r.y, w: r.width, h: r.height }; });

test('209 animations: a filter, a list in its own area, the player in view and still, a name for each', async () => {
  await page.fill('[data-testid=open-path]', mod);
  await page.press('[data-testid=open-path]', 'Enter');
  await page.waitForSelector('[data-testid=count]');
  await page.fill('[data-testid=filter]', 'BOX.MESH');
  await page.waitForFunction(() => /^1 of /.test(document.querySelector('[data-testid=count]')?.textContent ?? ''));
  await page.click('[data-path="MEDIA/MODELS/BOX/BOX.MESH"]');
  await page.waitForSelector('[data-testid=anim-picker]', { timeout: 20000 });

  const names = await page.$$eval('[data-testid=anim-pick]', (els) => els.map((e) => e.textContent.trim()));
  assert.equal(names.length, 210, 'bind pose and 209 animations');
  assert.deepEqual(names.filter((n) => !n), [], 'blank buttons');
  assert.equal(names[10], 'anim_009', 'an animation without NAME is named by its file');
  assert.equal(names[1], 'Move 000');

  const inner = await page.evaluate(() => window.innerHeight);
  const picker = await rect('[data-testid=anim-picker]');
  assert.ok(picker.h <= 240, `the list is ${picker.h} px tall`);
  for (const sel of ['[data-testid=anim-play]', '[data-testid=anim-time]', '[data-testid=anim-bones]']) {
    const r = await rect(sel);
    assert.ok(r.y >= 0 && r.y + r.h <= inner, `${sel} at y ${r.y}, the window is ${inner} px tall`);
  }

  await page.click('[data-testid=anim-pick]:text-is("Move 000")');
  assert.equal(await page.textContent('[data-testid=anim-current]'), 'Move 000');
  await page.waitForFunction(() => document.querySelector('[data-testid=anim-play]').textContent === 'Pause');
  const playing = { bones: await rect('[data-testid=anim-bones]'), time: await rect('[data-testid=anim-time]') };
  await page.click('[data-testid=anim-play]');
  await page.waitForFunction(() => document.querySelector('[data-testid=anim-play]').textContent === 'Play');
  assert.deepEqual({ bones: await rect('[data-testid=anim-bones]'), time: await rect('[data-testid=anim-time]') }, playing, 'Pause moved the controls');
  await shot(page, 'anims-209.png');

  await page.fill('[data-testid=anim-filter]', 'anim_019');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=anim-pick]').length === 1);
  assert.equal(await page.textContent('[data-testid=anim-pick]'), 'anim_019');
  await page.fill('[data-testid=anim-filter]', 'no such move');
  await page.waitForSelector('[data-testid=anim-none]');
  await page.fill('[data-testid=anim-filter]', '');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=anim-pick]').length === 210);
});
