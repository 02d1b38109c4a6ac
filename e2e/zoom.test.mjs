// End-to-end: the image view's Fit (the default for an image larger than the
// pane), wheel zoom about the cursor, and a zoom that follows the chosen mip.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, shot } from './lib.mjs';
import { png, zip } from './gen.mjs';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const demoDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'testdata', 'demo');
let ctx, page;
before(async () => ({ ctx, page } = await openApp()));
after(async () => ctx?.close());

async function open(p) {
  await page.fill('[data-testid=open-path]', p);
  await page.press('[data-testid=open-path]', 'Enter');
}

const zoomText = () => page.textContent('[data-testid=zoom]');
const imgBox = () => page.$eval('[data-testid=image-view]', (el) => {
  const r = el.getBoundingClientRect();
  return { x: r.x, y: r.y, w: r.width, h: r.height };
});
const wrapBox = () => page.$eval('[data-testid=image-wrap]', (el) => ({ w: el.clientWidth, h: el.clientHeight }));

test('a large picture opens fitted; the wheel zooms about the cursor; Fit fits again', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ps-zoom-'));
  const p = join(dir, 'big.zip');
  // 2000×1000, a gradient so a wrong scale shows
  writeFileSync(p, zip({ 'ui/big.png': png(2000, 1000, (x, y) => [x & 255, y & 255, (x >> 3) & 255]) }));
  await open(p);
  await page.click('[data-path="ui/big.png"]');
  await page.waitForFunction(() => {
    const img = document.querySelector('[data-testid=image-view]');
    return img && img.complete && img.naturalWidth === 2000;
  });
  assert.match(await page.getAttribute('[data-testid=zoom-fit]', 'class'), /\bon\b/);
  const wrap = await wrapBox();
  const fitted = await imgBox();
  // Whole image inside the pane (8 px padding), the limiting side filling it.
  assert.ok(fitted.w <= wrap.w - 16 + 0.5 && fitted.h <= wrap.h - 16 + 0.5, JSON.stringify({ fitted, wrap }));
  assert.ok(Math.abs(fitted.w - (wrap.w - 16)) < 1 || Math.abs(fitted.h - (wrap.h - 16)) < 1, JSON.stringify({ fitted, wrap }));
  assert.ok(Math.abs(fitted.w / fitted.h - 2) < 0.01);
  const fitLabel = await zoomText();
  assert.equal(fitLabel, `${Math.round((fitted.w / 2000) * 1000) / 10 < 20 ? Math.round((fitted.w / 2000) * 1000) / 10 : Math.round((fitted.w / 2000) * 100)}%`);
  await shot(page, 'zoom-fit.png');

  // Two wheel notches up over a point of the image: 1.25² larger, that point stays under the cursor.
  const at = { x: fitted.x + fitted.w * 0.7, y: fitted.y + fitted.h * 0.4 };
  const u = (at.x - fitted.x) / fitted.w, v = (at.y - fitted.y) / fitted.h;
  await page.mouse.move(at.x, at.y);
  await page.mouse.wheel(0, -100);
  await page.waitForFunction((w) => document.querySelector('[data-testid=image-view]').getBoundingClientRect().width > w + 1, fitted.w);
  await page.mouse.wheel(0, -100);
  await page.waitForFunction((w) => document.querySelector('[data-testid=image-view]').getBoundingClientRect().width > w * 1.5, fitted.w);
  const zoomed = await imgBox();
  assert.ok(Math.abs(zoomed.w / fitted.w - 1.5625) < 0.01, `scale ${zoomed.w / fitted.w}`);
  // It can only stay put along a side that now overflows the pane (and scrolls):
  // here the width (the pane is wider than tall for a 2:1 picture fitted by width).
  assert.ok(zoomed.w > wrap.w - 16, 'the zoomed picture overflows the pane sideways');
  assert.ok(Math.abs(zoomed.x + u * zoomed.w - at.x) < 2, `the point under the cursor moved: ${JSON.stringify({ zoomed, at, u, v })}`);
  if (zoomed.h > wrap.h - 16) assert.ok(Math.abs(zoomed.y + v * zoomed.h - at.y) < 2, `the point under the cursor moved: ${JSON.stringify({ zoomed, at, u, v })}`);
  assert.doesNotMatch(await page.getAttribute('[data-testid=zoom-fit]', 'class') ?? '', /\bon\b/);
  assert.notEqual(await zoomText(), fitLabel);
  // The wheel zooms the picture, not the page.
  assert.equal(await page.evaluate(() => window.scrollY), 0);

  await page.click('[data-testid=zoom-fit]');
  await page.waitForFunction((w) => Math.abs(document.querySelector('[data-testid=image-view]').getBoundingClientRect().width - w) < 1, fitted.w);
  assert.equal(await zoomText(), fitLabel);
  // 1:1 shows one screen pixel per image pixel.
  await page.click('[data-testid=zoom-1]');
  await page.waitForFunction(() => document.querySelector('[data-testid=image-view]').getBoundingClientRect().width === 2000);
  assert.equal(await zoomText(), '100%');
});

test('a smaller mip shows at the same size on screen, the label says its scale', async () => {
  await open(join(demoDir, 'textures.zip'));
  await page.click('[data-path="textures/bc3_alpha_mips.dds"]');
  await page.waitForFunction(() => {
    const img = document.querySelector('[data-testid=image-view]');
    return img && img.complete && img.naturalWidth === 64;
  });
  const before = await imgBox();
  const z = before.w / 64;
  assert.ok(z >= 2, `a 64×64 texture is blown up (${z})`);
  assert.equal(await zoomText(), `${z * 100}%`);
  await page.selectOption('[data-testid=mip-picker]', '2');
  await page.waitForFunction(() => document.querySelector('[data-testid=image-view]').naturalWidth === 16);
  const after = await imgBox();
  assert.equal(after.w, before.w);
  assert.equal(after.h, before.h);
  assert.equal(await zoomText(), `${z * 100}% · mip 2 at ${z * 400}%`);
  assert.equal(await page.$eval('[data-testid=image-view]', (el) => el.style.imageRendering), 'pixelated');
  await page.click('[data-testid=zoom-1]');
  await page.waitForFunction(() => document.querySelector('[data-testid=image-view]').getBoundingClientRect().width === 16);
  assert.equal(await zoomText(), '25% · mip 2 at 100%');
});
