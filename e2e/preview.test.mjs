// End-to-end: previews of textures and walk grids in the real app (dev
// build, Go bindings live) in Debian's chromium. Opens the generated
// testdata/demo/textures.zip (go run ./internal/demogen -demo testdata/demo).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, shot as save } from './lib.mjs';
import { mkdtempSync, existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const demoDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'testdata', 'demo');
let ctx, page;

before(async () => {
  ({ ctx, page } = await openApp());
});

after(async () => {
  await ctx?.close();
});

const shot = (name) => save(page, name);

async function open(file) {
  const p = join(demoDir, file);
  assert.ok(existsSync(p), `${p} is missing: run go run ./internal/demogen -demo testdata/demo`);
  await page.fill('[data-testid=open-path]', p);
  await page.press('[data-testid=open-path]', 'Enter');
}

/** naturalWidth of the preview image once it has loaded from src. */
const imageWidth = () => page.$eval('[data-testid=image-view]', (img) => (img.complete ? img.naturalWidth : 0));

async function waitImageWidth(w) {
  await page.waitForFunction((w) => {
    const img = document.querySelector('[data-testid=image-view]');
    return img && img.complete && img.naturalWidth === w;
  }, w);
}

/** RGBA of pixel (x, y) of an element (img or canvas) as drawn. */
function pixel(selector, x, y) {
  return page.$eval(selector, (el, [x, y]) => {
    const c = document.createElement('canvas');
    c.width = el.naturalWidth || el.width;
    c.height = el.naturalHeight || el.height;
    const cx = c.getContext('2d');
    cx.drawImage(el, 0, 0);
    return Array.from(cx.getImageData(x, y, 1, 1).data);
  }, [x, y]);
}

test('a BC3 texture with mips: size, format, mip picker, channels', async () => {
  await open('textures.zip');
  await page.click('[data-path="textures/bc3_alpha_mips.dds"]');
  await page.waitForSelector('[data-testid=image-view]');
  await waitImageWidth(64);
  assert.equal(await page.textContent('[data-testid=image-meta]'), 'BC3 64×64 · 7 mips');
  // The corner is transparent (radial fade).
  assert.equal((await pixel('[data-testid=image-view]', 0, 0))[3], 0);
  // Mip 2 is 16×16: Go decodes it on request.
  await page.selectOption('[data-testid=mip-picker]', '2');
  await waitImageWidth(16);
  assert.match(await page.textContent('[data-testid=image-meta]'), /^BC3 16×16/);
  // Alpha off: the canvas shows every pixel opaque; red off: red is 0.
  await page.click('[data-testid=channel-a]');
  await page.click('[data-testid=channel-r]');
  await page.waitForSelector('[data-testid=channel-view]');
  await page.waitForFunction(() => document.querySelector('[data-testid=channel-view]').width === 16);
  await page.waitForFunction(() => {
    const c = document.querySelector('[data-testid=channel-view]');
    const d = c.getContext('2d').getImageData(0, 0, 1, 1).data;
    return d[3] === 255 && d[0] === 0;
  });
  await shot('preview-texture-channels.png');
  await page.click('[data-testid=channel-a]');
  await page.click('[data-testid=channel-r]');
  await page.waitForSelector('[data-testid=channel-view]', { state: 'detached' });
});

test('a BC1 texture, a cube map face picker and a TGA', async () => {
  await page.click('[data-path="textures/bc1_mips.dds"]');
  await waitImageWidth(64);
  assert.equal(await page.textContent('[data-testid=image-meta]'), 'BC1 64×64 · 7 mips');

  await page.click('[data-path="textures/cube_bc1.dds"]');
  await page.waitForSelector('[data-testid=face-picker]');
  const faces = await page.$$eval('[data-testid=face-picker] option', (os) => os.map((o) => o.textContent));
  assert.deepEqual(faces, ['+X', '−X', '+Y', '−Y', '+Z', '−Z']);
  assert.match(await page.textContent('[data-testid=image-meta]'), /^BC1 16×16 · 1 mip · cube map/);
  // Face +X is red, +Y (slice 2) blue: pixel (0, 0) is off the white cross.
  await waitImageWidth(16);
  const red = await pixel('[data-testid=image-view]', 0, 0);
  assert.ok(red[0] > 200 && red[2] < 80, `+X pixel ${red}`);
  await page.selectOption('[data-testid=face-picker]', '2');
  await page.waitForFunction(async () => {
    const img = document.querySelector('[data-testid=image-view]');
    if (!img?.complete) return false;
    const c = document.createElement('canvas');
    c.width = c.height = 16;
    c.getContext('2d').drawImage(img, 0, 0);
    const d = c.getContext('2d').getImageData(0, 0, 1, 1).data;
    return d[2] > 200 && d[0] < 80;
  });

  await page.click('[data-path="textures/icon.tga"]');
  await waitImageWidth(32);
  assert.equal(await page.textContent('[data-testid=image-meta]'), 'TGA 32-bit 32×32 · 1 mip');
});

test('a Reborn btx texture', async () => {
  await page.click('[data-path="textures/reborn_icon.btx"]');
  await waitImageWidth(32);
  assert.equal(await page.textContent('[data-testid=image-meta]'), 'btx BC1 32×32 · 1 mip · ui/reborn_icon');
  // The demo card: red ramps left to right, blue right to left.
  const left = await pixel('[data-testid=image-view]', 0, 16);
  const right = await pixel('[data-testid=image-view]', 31, 16);
  assert.ok(left[2] > 200 && left[0] < 60 && right[0] > 200 && right[2] < 60, `left ${left} right ${right}`);
});

test('a broken texture says why and offers hex', async () => {
  await page.click('[data-path="textures/truncated.dds"]');
  await page.waitForSelector('[data-testid=preview-error]');
  assert.match(await page.textContent('[data-testid=preview-error]'), /truncated\.dds: DDS texture: dds: image data is 872 bytes.*offset 1000/);
  await page.click('[data-testid=preview-error] button:has-text("Show hex")');
  await page.waitForSelector('[data-testid=hex-view] .b');
});

test('a walk grid: picture, legend, stats, pockets overlay', async () => {
  await page.click('[data-path="MEDIA/LAYOUTS/DEMO/ROOM.MPP"]');
  await page.waitForSelector('[data-testid=grid-stats]');
  await waitImageWidth(48); // one pixel a cell, no legend: the window draws its own
  assert.equal(await page.textContent('[data-testid=grid-size]'), '48 × 32 cells');
  assert.equal(await page.textContent('[data-testid=grid-pockets]'), '1 (24 cells)');
  const legend = await page.textContent('[data-testid=grid-legend]');
  assert.match(legend, /walkable\s*645\s*\(42%\)/);
  assert.match(legend, /wall\s*171\s*\(11\.1%\)/);
  assert.match(legend, /void\s*720\s*\(46\.9%\)/);
  assert.match(await page.textContent('[data-testid=grid-warning]'), /1 walkable pocket\(s\), 24 cells, cut off/);
  // Cell (40, 10) is in the pocket: floor colour, then orange with the overlay.
  assert.deepEqual(await pixel('[data-testid=image-view]', 40, 10), [0xd9, 0xe8, 0xc4, 255]);
  await page.click('[data-testid=overlay-toggle]');
  await page.waitForFunction(() => /pocket/.test(document.querySelector('[data-testid=grid-legend]').textContent));
  await waitImageWidth(48);
  assert.deepEqual(await pixel('[data-testid=image-view]', 40, 10), [0xff, 0x9f, 0x1c, 255]);
  await shot('preview-walkgrid.png');

  await page.click('[data-path="MEDIA/LAYOUTS/DEMO/STUB.MPP"]');
  await page.waitForFunction(() => /the player cannot move here/.test(document.querySelector('[data-testid=grid-warning]')?.textContent ?? ''));
  assert.equal(await page.textContent('[data-testid=grid-size]'), '50 × 50 cells');
});

/** A 50×50 all-void walk grid (the GUTS stub) written to a temp folder. */
function stubFile() {
  const b = Buffer.alloc(24 + 2500, 0xff);
  b.writeUInt32LE(50, 0);
  b.writeUInt32LE(50, 4);
  [10, 10, 20, 20].forEach((v, i) => b.writeFloatLE(v, 8 + 4 * i));
  const p = join(mkdtempSync(join(tmpdir(), 'ps-grid-')), 'STUB_ON_DISK.MPP');
  writeFileSync(p, b);
  return p;
}

test('compare two walk grids: another entry, then a file on disk', async () => {
  await page.click('[data-path="MEDIA/LAYOUTS/DEMO/ROOM.MPP"]');
  await page.waitForSelector('[data-testid=grid-stats]');
  await page.click('[data-testid=compare-toggle]');
  // the other walk grids of the archive arrive from Go after the bar opens
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=diff-entry] option').length > 1);
  const opts = await page.$$eval('[data-testid=diff-entry] option', (os) => os.map((o) => o.value));
  assert.deepEqual(opts, ['', 'MEDIA/LAYOUTS/DEMO/ROOM_EDIT.MPP', 'MEDIA/LAYOUTS/DEMO/STUB.MPP']);
  await page.selectOption('[data-testid=diff-entry]', 'MEDIA/LAYOUTS/DEMO/ROOM_EDIT.MPP');
  await page.waitForSelector('[data-testid=grid-diff]');
  await waitImageWidth(48);
  // The edit opened the pocket's wall (2 cells) and put a 2×2 pillar in room A.
  assert.equal((await page.textContent('[data-testid=diff-summary]')).replace(/\s+/g, ' ').trim(),
    '6 of 1,536 cells changed (0.39%): 2 became walkable, 4 no longer walkable, 0 wall ↔ void');
  assert.match(await page.textContent('[data-testid=diff-legend]'), /unchanged walkable\s*641.*became walkable\s*2.*no longer walkable\s*4/s);
  assert.match(await page.textContent('[data-testid=image-meta]'), /^walk grid difference 48×32 cells/);
  assert.match(await page.textContent('[data-testid=diff-after]'), /textures\.zip: MEDIA\/LAYOUTS\/DEMO\/ROOM_EDIT\.MPP$/);
  assert.deepEqual(await pixel('[data-testid=image-view]', 38, 11), [0x2e, 0xc4, 0x4f, 255]); // became walkable
  assert.deepEqual(await pixel('[data-testid=image-view]', 10, 10), [0xe5, 0x30, 0x30, 255]); // no longer walkable
  assert.deepEqual(await pixel('[data-testid=image-view]', 5, 5), [0x9c, 0xa4, 0x92, 255]); // unchanged floor, faded
  await shot('preview-walkgrid-diff.png');

  // A path typed in: a file that is not there, then a stub on disk.
  await page.fill('[data-testid=diff-path]', '/no/such/ROOM.MPP');
  await page.press('[data-testid=diff-path]', 'Enter');
  await page.waitForSelector('[data-testid=diff-error]');
  assert.match(await page.textContent('[data-testid=diff-error]'), /compare with \/no\/such\/ROOM\.MPP: .*no such file/);
  const stub = stubFile();
  await page.fill('[data-testid=diff-path]', stub);
  await page.click('[data-testid=diff-go]');
  await page.waitForSelector('[data-testid=diff-size]');
  await waitImageWidth(50);
  assert.match(await page.textContent('[data-testid=diff-size]'), /48 × 32 → 50 × 50 cells/);
  assert.equal((await page.textContent('[data-testid=diff-summary]')).replace(/\s+/g, ' ').trim(),
    '816 of 2,500 cells changed (32.64%): 0 became walkable, 645 no longer walkable, 171 wall ↔ void');
  assert.equal(await page.textContent('[data-testid=diff-after]'), stub);
  assert.equal(await page.$('[data-testid=diff-error]'), null);

  await page.click('[data-testid=diff-clear]');
  await page.waitForSelector('[data-testid=grid-stats]');
  await waitImageWidth(48);
  assert.equal(await page.textContent('[data-testid=grid-size]'), '48 × 32 cells');
});

test('TL2 text is highlighted, byte for byte', async () => {
  await page.click('[data-testid=tab] button[aria-label^=Close]');
  await open('demo.zip');
  await page.fill('[data-testid=filter]', 'SKELETON');
  await page.click('[data-path="MEDIA/UNITS/MONSTERS/SKELETON.DAT"]');
  await page.waitForSelector('[data-testid=text-view] .sec');
  assert.equal(await page.textContent('[data-testid=text-view] .sec'), '[UNIT]');
  assert.deepEqual(await page.$$eval('[data-testid=text-view] .key', (els) => els.map((e) => e.textContent)), ['NAME', 'LEVEL', 'SCALE']);
  assert.equal(await page.textContent('[data-testid=text-view]'),
    '[UNIT]\r\n\t<STRING>NAME:Skeleton\r\n\t<INTEGER>LEVEL:3\r\n\t<FLOAT>SCALE:1.5\r\n[/UNIT]\r\n');
  await shot('preview-text.png');
  await page.fill('[data-testid=filter]', '');
});

test('Lost Saga Korean text in code page 949', async () => {
  await page.fill('[data-testid=filter]', 'korean');
  await page.click('[data-path="lostsaga/korean_cp949.ini"]');
  await page.waitForSelector('[data-testid=text-view]');
  assert.equal(await page.textContent('[data-testid=text-view]'), '[hero]\r\nname=안녕하세요\r\ndesc=한국어 게임\r\nclass=용병\r\n');
  assert.match(await page.textContent('[data-testid=preview] .bar'), /CP949/);
  await shot('preview-korean.png');
  await page.fill('[data-testid=filter]', '');
});
