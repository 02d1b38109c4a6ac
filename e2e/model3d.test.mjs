// End-to-end: the 3D view. A generated mod (internal/modelgen: a textured
// box with a skeleton link, a level of tiles and boxes, one piece whose
// meshes are missing) packed into a .MOD, and the GUTS fixture level
// CITY_04B (../shared/fixtures/tl2/cyber_mod, skipped when absent) packed
// with its grid. Headless chromium renders WebGL 2 with SwiftShader.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, shot, canvasPixels } from './lib.mjs';
import { cpSync, existsSync, mkdtempSync, writeFileSync, chmodSync, readdirSync, statSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const repo = process.env.PACKSMITH_REPO || resolve('.');
const bin = join(repo, 'build', 'bin', 'packsmith-dev');
const cyber = join(repo, '..', 'shared', 'fixtures', 'tl2', 'cyber_mod');
const skip = existsSync(bin) ? false : `${bin} is not built`;
const skipCyber = skip || (existsSync(join(cyber, 'MEDIA')) ? false : `fixtures absent: ${cyber}`);
const work = process.env.PACKSMITH_E2E_DIR || mkdtempSync(join(tmpdir(), 'ps-e2e-'));
const modelsMod = join(work, 'model3d', 'MODELS.MOD');
const cyberMod = join(work, 'model3d', 'CYBER3D.MOD');
const looseUnit = join(work, 'model3d', 'unzipped-unit');
let ctx, page;

function writable(dir) {
  chmodSync(dir, 0o755);
  for (const n of readdirSync(dir)) {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) writable(p);
    else chmodSync(p, 0o644);
  }
}

before(async () => {
  if (skip) return;
  const env = { ...process.env, PACKSMITH_CONFIG_DIR: join(work, 'model3d', 'cfg') };
  const src = join(work, 'model3d', 'models');
  execFileSync('go', ['run', './internal/modelgen/gen', '-o', src, '-ghost', '-sheet', '224', '-unit', looseUnit], { cwd: repo, env });
  execFileSync(bin, ['pack', src, '-o', modelsMod, '--mpp', 'none'], { env });
  if (!skipCyber) {
    const dir = join(work, 'model3d', 'cyber');
    cpSync(join(cyber, 'MEDIA'), join(dir, 'MEDIA'), { recursive: true });
    writable(dir);
    writeFileSync(join(dir, 'MOD.DAT'), '[MOD]\n<STRING>NAME:CYBER\n<INTEGER64>MOD_ID:8\n[/MOD]\n');
    execFileSync(bin, ['pack', dir, '-o', cyberMod, '--mpp', 'keep'], { env });
  }
  ({ ctx, page } = await openApp());
});

after(async () => ctx?.close());

async function open(file) {
  await page.fill('[data-testid=open-path]', file);
  await page.press('[data-testid=open-path]', 'Enter');
  await page.waitForSelector('[data-testid=count]');
}

async function pick(entry) {
  await page.fill('[data-testid=filter]', entry.split('/').pop());
  await page.waitForFunction(() => /^1 of /.test(document.querySelector('[data-testid=count]')?.textContent ?? ''));
  await page.click(`[data-path="${entry}"]`);
}

/** Pixels of the 3D canvas that are not the background (0x1E222A), once it has drawn. */
async function drawnPixels(minFrames = 1) {
  await page.waitForFunction((n) => Number(document.querySelector('.stage')?.dataset.frames ?? 0) >= n, minFrames);
  await page.waitForTimeout(300); // textures load after the first frame
  return canvasPixels(page, (d) => {
    let n = 0, colours = new Set();
    for (let i = 0; i < d.length; i += 4) {
      if (Math.abs(d[i] - 0x1e) + Math.abs(d[i + 1] - 0x22) + Math.abs(d[i + 2] - 0x2a) > 12) n++;
      if (i % 64 === 0) colours.add((d[i] >> 4) * 256 + (d[i + 1] >> 4) * 16 + (d[i + 2] >> 4));
    }
    return { n, total: d.length / 4, colours: colours.size };
  });
}

test('a mesh inside a .MOD opens in 3D: drawn, textured where found, submeshes listed', { skip }, async () => {
  await open(modelsMod);
  await pick('MEDIA/MODELS/BOX/BOX.MESH');
  await page.waitForSelector('[data-testid=submesh-list] [data-submesh="1"]');
  const px = await drawnPixels();
  assert.ok(px.n > px.total * 0.03, `only ${px.n} of ${px.total} pixels drawn`);
  const subs = await page.$$eval('[data-testid=submesh-list] .sub', (els) => els.map((e) => e.textContent.replace(/\s+/g, ' ').trim()));
  assert.equal(subs.length, 2);
  assert.match(subs[0], /^lid box\/lid 2 triangles textured: LID\.PNG$/);
  assert.match(subs[1], /^body box\/body 8 triangles untextured: texture body\.dds of material "box\/body" \(MEDIA\/MODELS\/BOX\/BOX\.MATERIAL\) not found$/);
  assert.match(await page.textContent('[data-testid=mesh-size]'), /size 2\.00 × 3\.00 × 2\.00 game units/);
  assert.match(await page.textContent('[data-testid=mesh-skeleton]'), /skeleton BOX\.SKELETON: 3 bones, bind pose/);
  await shot(page, 'model3d-mesh.png');
  // Hiding both submeshes leaves only the bounding box's lines.
  await page.click('[data-submesh="0"] input');
  await page.click('[data-submesh="1"] input');
  const hidden = await drawnPixels();
  assert.ok(hidden.n < px.n / 3, `${hidden.n} pixels with every submesh hidden, ${px.n} shown`);
});

// Issue 46: a .MESH opened by its path, on its own, under no MEDIA folder,
// finds what lies beside it (as `packsmith info` does: meshview.Model).
test('a loose mesh opened by its path finds its texture, skeleton and animations', { skip }, async () => {
  await open(join(looseUnit, 'BOX.MESH'));
  await page.waitForSelector('[data-testid=submesh-list] [data-submesh="1"]');
  const subs = await page.$$eval('[data-testid=submesh-list] .sub', (els) => els.map((e) => e.textContent.replace(/\s+/g, ' ').trim()));
  assert.match(subs[0], /^lid box\/lid 2 triangles textured: LID\.DDS$/);
  assert.match(await page.textContent('[data-testid=mesh-skeleton]'), /skeleton BOX\.SKELETON: 2 bones, bind pose; 1 animations/);
  await shot(page, 'model3d-loose-mesh.png');
});

test('a generated level: pieces placed, the missing piece listed in the bake\'s words, a click names a piece', { skip }, async () => {
  await open(modelsMod);
  await pick('MEDIA/LAYOUTS/ROOM/ROOM.LAYOUT');
  await page.waitForSelector('[data-testid=level-facts]');
  const px = await drawnPixels();
  assert.ok(px.n > px.total * 0.05, `only ${px.n} of ${px.total} pixels drawn`);
  assert.match(await page.textContent('[data-testid=level-facts]'), /^9 pieces: 8 with meshes, 1 as bounds/);
  const miss = (await page.textContent('[data-testid=level-missing]')).replace(/\s+/g, ' ');
  assert.match(miss, /ROOM\.LAYOUT cannot be baked: 1 collision mesh\(es\) missing: MEDIA\/LEVELSETS\/ROOM\/GHOST_COLLISION\.MESH/);
  assert.match(miss, /MEDIA\/LEVELSETS\/ROOM\/GHOST\.MESH/);
  const box = await page.$eval('[data-testid=model-canvas]', (c) => { const r = c.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; });
  await page.mouse.click(box[0], box[1]);
  await page.waitForSelector('[data-testid=picked-piece]');
  const info = (await page.textContent('[data-testid=picked-piece]')).replace(/\s+/g, ' ');
  assert.match(info, /^(floor tile|box) LEVELSETS: MEDIA\/LEVELSETS\/ROOM\.DAT · GUID 10[12] \.LAYOUT line \d+ \(decompiled text\): <INTEGER64>ID:10\d\d MEDIA\//);
});

test('CITY_04B in 3D with GUTS\'s walk grid on its floors', { skip: skipCyber }, async () => {
  await open(cyberMod);
  await pick('MEDIA/LAYOUTS/CITY04/1X1SINGLE_ROOM/CITY_04B.LAYOUT');
  await page.waitForSelector('[data-testid=level-facts]');
  const on = await drawnPixels();
  const facts = (await page.textContent('[data-testid=level-facts]')).replace(/\s+/g, ' ');
  assert.match(facts, /^99 pieces: 99 with meshes, 0 as bounds walk grid 375 × 650 cells \(MEDIA\/LAYOUTS\/CITY04\/1X1SINGLE_ROOM\/CITY_04B\.MPP\)/);
  assert.ok(on.n > on.total * 0.05, `only ${on.n} of ${on.total} pixels drawn`);
  await shot(page, 'model3d-level.png');
  await page.click('[data-testid=grid-toggle]');
  const off = await drawnPixels();
  // The grid's pale green changes the floors' colours, not the coverage.
  assert.ok(Math.abs(off.n - on.n) < on.total * 0.05, `${on.n} pixels with the grid, ${off.n} without`);
  const miss = (await page.textContent('[data-testid=level-missing]')).replace(/\s+/g, ' ');
  assert.match(miss, /3 visual mesh\(es\) missing, drawn with their collision mesh or as bounds/);
});

test('a CITY04 building mesh as a new user opens it from the .MOD', { skip: skipCyber }, async () => {
  await open(cyberMod);
  await pick('MEDIA/LEVELSETS/CITY04/FAKE_BLDG_1_COLLISION.MESH');
  await page.waitForSelector('[data-testid=submesh-list] [data-submesh="0"]');
  const px = await drawnPixels();
  assert.ok(px.n > px.total * 0.03, `only ${px.n} of ${px.total} pixels drawn`);
  const subs = await page.$$eval('[data-testid=submesh-list] .sub', (els) => els.map((e) => e.textContent.replace(/\s+/g, ' ').trim()));
  assert.deepEqual(subs, ['submesh 0 bldg_collision 12 triangles untextured: material "bldg_collision" is in no .MATERIAL script']);
  assert.match(await page.textContent('[data-testid=mesh-size]'), /size 16\.00 × 33\.00 × 15\.00 game units/);
});

test('a 100,352-triangle mesh opens (time from the click to its first frame, logged)', { skip }, async (t) => {
  await open(modelsMod);
  await page.fill('[data-testid=filter]', 'SHEET.MESH');
  await page.waitForFunction(() => /^1 of /.test(document.querySelector('[data-testid=count]')?.textContent ?? ''));
  const t0 = Date.now();
  await page.evaluate((t) => (window.__t0 = t), t0);
  await page.click('[data-path="MEDIA/MODELS/SHEET/SHEET.MESH"]');
  await page.waitForSelector('[data-testid=submesh-list] [data-submesh="0"]');
  await page.waitForFunction(() => Number(document.querySelector('.stage')?.dataset.frames ?? 0) >= 1);
  const ms = Date.now() - t0;
  t.diagnostic(`SHEET.MESH (100,352 triangles): first frame ${ms} ms after the click`);
  // Where the time went, from the page's clock; and the pack is fetched
  // once (a view drawn from the previous entry's description for the new
  // path once loaded every mesh twice).
  const fetches = await page.evaluate(() => performance.getEntriesByType('resource')
    .filter((r) => r.name.includes('/api/mesh') && r.name.includes('SHEET.MESH'))
    .map((r) => ({ ms: Math.round(r.responseEnd - r.startTime), after: Math.round(r.startTime - (performance.now() - (Date.now() - window.__t0))) })));
  t.diagnostic(`SHEET.MESH: pack fetched ${fetches.map((f) => `${f.after} ms after the click, in ${f.ms} ms`).join('; ')}`);
  assert.equal(fetches.length, 1, `the mesh pack was fetched ${fetches.length} times`);
  const marks = await page.evaluate(() => {
    const click = performance.now() - (Date.now() - window.__t0);
    return performance.getEntriesByType('mark').filter((m) => m.name.startsWith('mesh:') && m.startTime > click)
      .map((m) => `${m.name.slice(5)} ${Math.round(m.startTime - click)} ms`);
  });
  t.diagnostic(`SHEET.MESH after the click: ${marks.join(', ')}`);
  assert.match(await page.textContent('[data-testid=mesh-facts]'), /100,352 triangles/);
  const px = await drawnPixels();
  assert.ok(px.n > px.total * 0.03, `only ${px.n} of ${px.total} pixels drawn`);
});
