// End-to-end: editing a Lost Saga game folder in the window. On a copy of
// the sample folder (rs.iop, map.iop and the delete list): preview a
// Korean-named entry, replace it by the Replace… dialog, see it pending,
// Save (the job says which pack it went to), read it back with the command
// line from the folder and from rs.iop (map.iop untouched), then Optimize
// rs.iop and read it again.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openApp } from './lib.mjs';

const repo = process.env.PACKSMITH_REPO || fileURLToPath(new URL('..', import.meta.url));
const cli = process.env.PACKSMITH_CLI || join(repo, 'build/bin/packsmith-dev');
const work = mkdtempSync(join(process.env.PACKSMITH_E2E_DIR || tmpdir(), 'iopgame-'));
const game = join(work, 'lostsaga_game');
cpSync(join(repo, 'testdata/demo/lostsaga_game'), game, { recursive: true });
const cat = (archive, entry) => execFileSync(cli, ['cat', archive, entry]).toString();

let ctx, page;
before(async () => {
  ({ ctx, page } = await openApp());
  await page.setViewportSize({ width: 1280, height: 720 });
  page.on('dialog', (d) => d.accept());
});
after(async () => {
  await ctx?.close();
});

test('game folder: preview a Korean-named entry, replace it, save into rs.iop, read back, optimize', async () => {
  const entry = '사운드/한글파일.txt';
  await page.fill('[data-testid=open-path]', game);
  await page.press('[data-testid=open-path]', 'Enter');
  await page.waitForSelector('[data-testid=entry-list] .row[data-path]');
  assert.equal(await page.textContent('[data-testid=count]'), '5 of 5');
  await page.click(`.row[data-path="${entry}"]`);
  await page.waitForSelector('[data-testid=text-view]');
  assert.match(await page.textContent('[data-testid=text-view]'), /rs\.iop에서 읽었습니다/);

  const mapBefore = readFileSync(join(game, 'map.iop'));
  const rsSize = statSync(join(game, 'rs.iop')).size;
  const data = '게임 폴더에서 바꾼 한글 파일입니다. Replaced in the window.';
  const src = join(mkdtempSync(join(work, 'src-')), 'new.txt');
  writeFileSync(src, data);
  await page.click('[data-testid=replace]');
  await page.fill('[data-testid=dialog-path]', src);
  await page.click('[data-testid=dialog-ok]');
  await page.waitForSelector(`[data-testid=change][data-path="${entry}"][data-op=replace]`);
  assert.equal(await page.textContent(`[data-path="${entry}"] [data-testid=pending-mark]`), 'replace');
  // The file is CP949 text: the UTF-8 given goes back in its own encoding.
  assert.equal(await page.textContent(`[data-testid=change][data-path="${entry}"] [data-testid=change-conversion]`), 'UTF-8 text written as CP949');

  await page.click('[data-testid=save]');
  await page.waitForSelector('[data-testid=changes]', { state: 'detached' });
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=job]')].some((j) => j.dataset.state === 'done' && /^Saving/.test(j.textContent)));
  const job = await page.locator('[data-testid=job][data-state=done]', { hasText: /^Saving/ }).last().textContent();
  assert.match(job, /all 1 change\(s\) read back/);
  assert.match(job, /replace 사운드\/한글파일\.txt: rs\.iop/, 'the save says which pack the edit went to');

  const cp949 = (archive) => new TextDecoder('euc-kr', { fatal: true }).decode(execFileSync(cli, ['cat', archive, entry]));
  assert.equal(cp949(game), data);
  assert.equal(cp949(join(game, 'rs.iop')), data);
  assert.ok(statSync(join(game, 'rs.iop')).size > rsSize, 'appended to rs.iop');
  assert.deepEqual(readFileSync(join(game, 'map.iop')), mapBefore, 'map.iop untouched');
  assert.match(cat(join(game, 'map.iop'), entry), /map\.iop/);

  // the tab shows the saved folder
  await page.waitForSelector('[data-testid=entry-list] .row[data-path]');
  await page.click(`.row[data-path="${entry}"]`);
  await page.waitForSelector('[data-testid=text-view]');
  assert.equal(await page.textContent('[data-testid=text-view]'), data);

  // Optimize drops the replaced copy (and the pack's other shadowed copy)
  const appended = statSync(join(game, 'rs.iop')).size;
  await page.click('[data-pack="rs.iop"] [data-testid=optimize]');
  await page.waitForSelector('[data-testid=iop-notice]');
  assert.match(await page.textContent('[data-testid=iop-notice]'), /Optimized rs\.iop: 7 → 5 entries/);
  assert.ok(statSync(join(game, 'rs.iop')).size < appended, 'the optimized pack is smaller');
  assert.equal(cp949(game), data);
  await page.waitForSelector('[data-testid=entry-list] .row[data-path]');
  assert.equal(await page.textContent('[data-testid=count]'), '5 of 5');
  await page.click(`.row[data-path="${entry}"]`);
  await page.waitForSelector('[data-testid=text-view]');
  assert.equal(await page.textContent('[data-testid=text-view]'), data);
});
