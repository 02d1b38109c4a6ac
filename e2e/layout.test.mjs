// End-to-end: the archive view at 1280×720, the smallest window the README
// promises: toolbar buttons on one line and the bar not overflowing, the hex
// view's ASCII column inside the preview pane, RAW tables unwrapped.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, shot, closeAllTabs, stageReplace } from './lib.mjs';
import { join, dirname, resolve } from 'node:path';
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';

const demoDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'testdata', 'demo');
let ctx, page;
before(async () => {
  ({ ctx, page } = await openApp());
  await page.setViewportSize({ width: 1280, height: 720 });
});
after(async () => ctx?.close());

async function open(file) {
  for (let n; (n = (await page.$$('[data-testid=tab]')).length) > 0; ) {
    await page.click('[data-testid=tab] .x');
    await page.waitForFunction((k) => document.querySelectorAll('[data-testid=tab]').length < k, n);
  }
  await page.fill('[data-testid=open-path]', join(demoDir, file));
  await page.press('[data-testid=open-path]', 'Enter');
  await page.waitForSelector('[data-testid=count]');
}

/** Buttons of the archive toolbar whose label wrapped, and whether the bar overflows. */
const toolbar = () => page.$eval('[data-testid=filter]', (input) => {
  const bar = input.parentElement;
  const lh = (el) => parseFloat(getComputedStyle(el).lineHeight) || parseFloat(getComputedStyle(el).fontSize) * 1.4;
  const wrapped = [...bar.querySelectorAll('button')].filter((b) => {
    const cs = getComputedStyle(b);
    const inner = b.getBoundingClientRect().height - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom) - parseFloat(cs.borderTopWidth) - parseFloat(cs.borderBottomWidth);
    return inner > lh(b) * 1.5;
  }).map((b) => b.textContent.trim());
  // Rows: the children's vertical centres, 6 px apart or more (issue 46:
  // at 1280 px with a .MOD open, Find… and Compare… went to a second row).
  const mids = [...bar.children].filter((c) => c.getBoundingClientRect().width > 0).map((c) => { const r = c.getBoundingClientRect(); return (r.top + r.bottom) / 2; }).sort((a, b) => a - b);
  const rows = mids.filter((m, i) => i === 0 || m - mids[i - 1] > 6).length;
  const right = Math.max(...[...bar.querySelectorAll('button')].map((b) => b.getBoundingClientRect().right));
  return { wrapped, rows, right, width: window.innerWidth, overflow: bar.scrollWidth - bar.clientWidth, filterWidth: input.getBoundingClientRect().width };
});

for (const file of ['demo.zip', 'DATA.PAK', 'PACKSMITH_SAMPLE.MOD']) {
  test(`${file}: the toolbar fits 1280 px, every button on one line`, async () => {
    await open(file);
    const t = await toolbar();
    assert.deepEqual(t.wrapped, []);
    assert.ok(t.overflow <= 0, `the toolbar overflows by ${t.overflow} px`);
    assert.ok(t.filterWidth >= 110, `the filter box is ${t.filterWidth} px`);
    assert.equal(t.rows, 1, 'the toolbar is one row at 1280 px');
  });
}

test('the hex view: offsets, 16 bytes and the ASCII column inside the preview pane', async () => {
  await open('demo.zip');
  await page.fill('[data-testid=filter]', 'random.bin');
  await page.click('[data-path="bin/random.bin"]');
  await page.waitForSelector('[data-testid=hex-view] .row .ascii');
  const r = await page.$eval('[data-testid=hex-view]', (hex) => {
    const pane = hex.closest('[data-testid=preview]').getBoundingClientRect();
    const ascii = hex.querySelector('.row .ascii').getBoundingClientRect();
    return { paneRight: pane.right, asciiRight: ascii.right, text: hex.querySelector('.row .ascii').textContent.length };
  });
  assert.equal(r.text, 16);
  assert.ok(r.asciiRight <= r.paneRight, `the ASCII column ends at ${r.asciiRight}, the pane at ${r.paneRight}`);
  await shot(page, 'layout-hex-720.png');
});

test('a RAW table keeps one record a line (no wrapping)', async () => {
  await open('DATA.PAK');
  await page.fill('[data-testid=filter]', 'UNITDATA.RAW');
  await page.click('[data-path="MEDIA/UNITDATA.RAW"]');
  await page.waitForSelector('[data-testid=text-view]');
  const r = await page.$eval('[data-testid=text-view]', (pre) => {
    const lines = pre.textContent.split('\n').filter((l) => l.length);
    const lh = parseFloat(getComputedStyle(pre).lineHeight) || parseFloat(getComputedStyle(pre).fontSize) * 1.2;
    const cs = getComputedStyle(pre);
    const inner = pre.getBoundingClientRect().height - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom);
    return { ws: cs.whiteSpace, rows: Math.round(inner / lh), lines: pre.textContent.split('\n').length - (pre.textContent.endsWith('\n') ? 1 : 0), nonEmpty: lines.length };
  });
  assert.equal(r.ws, 'pre');
  assert.equal(r.rows, r.lines, `${r.lines} lines of text take ${r.rows} lines on screen`);
  await shot(page, 'layout-raw-720.png');
});

test('the Pack view scrolls its summary into view when packing ends', async () => {
  await page.click('[data-mode=pack]');
  await page.waitForSelector('[data-testid=pack-view]');
  await page.click('[data-testid=pack-sample]');
  await page.waitForSelector('[data-testid=moddat-card]');
  const out = join(mkdtempSync(join(tmpdir(), 'ps-layout-')), 'PACKSMITH_SAMPLE.MOD');
  await page.fill('[data-testid=pack-output]', out);
  if (await page.isChecked('[data-testid=pack-deploy]')) await page.uncheck('[data-testid=pack-deploy]');
  await page.click('[data-testid=pack-button]');
  await page.waitForSelector('[data-testid=pack-summary]', { timeout: 60000 });
  // Its last line ends up inside the view (smooth scrolling takes a moment).
  await page.waitForFunction(() => {
    const s = document.querySelector('[data-testid=pack-summary]').getBoundingClientRect();
    const v = document.querySelector('[data-testid=pack-view]');
    let box = v.getBoundingClientRect();
    for (let el = v; el; el = el.parentElement) {
      if (/(auto|scroll)/.test(getComputedStyle(el).overflowY)) { box = el.getBoundingClientRect(); break; }
    }
    return s.bottom <= Math.min(box.bottom, innerHeight) + 1;
  }, null, { timeout: 5000 });
  await shot(page, 'layout-pack-720.png');
  await page.click('[data-mode=archives]');
});

// Issue 46: at 1000×650 (above the 800×500 minimum) the toolbar scrolled
// sideways, header buttons wrapped and the preview's Save as… was off
// screen with a pending replace. Now: nothing wider than the window, the
// toolbar wraps into rows, Save as… inside the window.
test('1000×650 with a pending replace: nothing scrolls sideways, Save as… in view', async () => {
  await page.setViewportSize({ width: 1000, height: 650 });
  try {
    const zip = join(mkdtempSync(join(process.env.PACKSMITH_E2E_DIR || tmpdir(), 'layout-')), 'demo.zip');
    copyFileSync(join(demoDir, 'demo.zip'), zip);
    const file = join(dirname(zip), 'new.txt');
    writeFileSync(file, 'a new README of some length\n');
    await closeAllTabs(page);
    await stageReplace(page, zip, 'README.txt', file);
    await page.waitForSelector('[data-testid=preview-pending]');
    const r = await page.evaluate(() => {
      const wide = [...document.querySelectorAll('header, .toolbar, .panes, [data-testid=changes], [data-testid=preview] .bar')]
        .filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => `${e.className.split(' ')[0]} ${e.scrollWidth}/${e.clientWidth}`);
      const save = document.querySelector('[data-testid=save-preview]').getBoundingClientRect();
      const wrapped = [...document.querySelectorAll('header button')].filter((b) => b.getBoundingClientRect().height > 40).map((b) => b.textContent.trim());
      return { wide, saveRight: save.right, width: window.innerWidth, pageWide: document.documentElement.scrollWidth > window.innerWidth, wrapped };
    });
    await shot(page, 'layout-1000x650.png');
    // The family and sizes: shown whole, elided with room for the family,
    // or hidden; never cut to a fragment like "z." (issue 46's day at
    // 1000×650); the tooltip keeps the text either way.
    const info = await page.$eval('[data-testid=toolbar-info]', (e) => ({
      text: e.textContent, title: e.title, shown: getComputedStyle(e).visibility !== 'hidden',
      width: e.clientWidth, full: e.scrollWidth,
    }));
    assert.ok(!info.shown || info.full <= info.width || info.width >= 64,
      `the family and sizes show ${info.width} of ${info.full} px: a fragment of ${JSON.stringify(info.text)}`);
    assert.match(info.title, /^zip · /);
    const t = await toolbar();
    assert.deepEqual(t.wrapped, [], 'toolbar buttons on two lines');
    assert.ok(t.right <= t.width, `a toolbar button ends at ${t.right}, the window at ${t.width}`);
    assert.ok(t.filterWidth >= 110, `the filter box is ${t.filterWidth} px`);
    assert.ok(t.rows <= 2, `the toolbar takes ${t.rows} rows at 1000 px`);
    assert.deepEqual(r.wide, [], 'wider than their box');
    assert.deepEqual(r.wrapped, [], 'header buttons on two lines');
    assert.equal(r.pageWide, false);
    assert.ok(r.saveRight <= r.width, `Save as… ends at ${r.saveRight}, the window at ${r.width}`);
    await page.click('[data-testid=discard]');
  } finally {
    await page.setViewportSize({ width: 1280, height: 720 });
  }
});
