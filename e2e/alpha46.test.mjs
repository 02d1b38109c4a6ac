// Issue 46: alpha in 3D as the material says. modelgen -alpha writes two
// sheets sharing a BC1 texture whose left half is transparent (1-bit
// alpha; its texels black) and right half green: CUT.MESH's material cuts
// (alpha_rejection greater_equal 128), GLASS.MESH's blends (scene_blend
// alpha_blend). Drawn opaque, the left half showed black; drawn as the
// material says, the background shows through and the green half stays.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openApp, shot, canvasPixels } from './lib.mjs';

const repo = process.env.PACKSMITH_REPO || resolve('.');
const work = mkdtempSync(join(process.env.PACKSMITH_E2E_DIR || tmpdir(), 'alpha-'));
const mod = join(work, 'leaf');
let ctx, page;

before(async () => {
  execFileSync('go', ['run', './internal/modelgen/gen', '-o', mod, '-alpha'], { cwd: repo });
  ({ ctx, page } = await openApp());
  await page.fill('[data-testid=open-path]', mod);
  await page.press('[data-testid=open-path]', 'Enter');
  await page.waitForSelector('[data-testid=count]');
});

after(async () => ctx?.close());

/** Pixels of the drawn canvas: near black, green (the opaque half), all. */
async function pixels() {
  await page.waitForFunction(() => Number(document.querySelector('.stage')?.dataset.frames ?? 0) >= 1);
  await page.waitForSelector('[data-testid=mesh-timing]'); // drawn with its texture loaded
  await page.waitForTimeout(300);
  return canvasPixels(page, (d) => {
    let black = 0, green = 0;
    for (let i = 0; i < d.length; i += 4) {
      if (d[i] < 12 && d[i + 1] < 12 && d[i + 2] < 12) black++;
      if (d[i + 1] > 90 && d[i + 1] > d[i] + 40 && d[i + 1] > d[i + 2] + 40) green++;
    }
    return { black, green, total: d.length / 4 };
  });
}

for (const [file, how] of [['CUT.MESH', 'cut (alpha_rejection)'], ['GLASS.MESH', 'blended (scene_blend alpha_blend)']]) {
  test(`a BC1 texture's transparent half is not drawn black: ${how}`, async () => {
    await page.fill('[data-testid=filter]', file);
    await page.waitForFunction(() => /^1 of /.test(document.querySelector('[data-testid=count]')?.textContent ?? ''));
    await page.click(`[data-path="MEDIA/MODELS/LEAF/${file}"]`);
    await page.waitForSelector('[data-testid=submesh-list] [data-submesh="0"]');
    const px = await pixels();
    await shot(page, `alpha-${file.toLowerCase()}.png`);
    assert.ok(px.green > px.total * 0.02, `the opaque half: ${px.green} green pixels of ${px.total}`);
    assert.ok(px.black < px.green / 20, `${px.black} black pixels where the texture is transparent (${px.green} green)`);
  });
}
