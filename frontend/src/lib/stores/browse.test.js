import { describe, it, expect, vi, beforeEach } from 'vitest';

const fake = vi.hoisted(() => ({ b: null }));
vi.mock('../bridge.js', async () => {
  const { fakeBridge } = await import('./fakebridge.js');
  fake.b = fakeBridge();
  return fake.b;
});

const { workspace, open } = await import('./workspace.svelte.js');
const { browsing, entryItems, entryMenu, show, selectAll, closeMenu } = await import('./browse.svelte.js');
const { extract, extractRequest, startExtract, extractTarget, doExtract, runVerify } = await import('./extract.svelte.js');
const { edit } = await import('./edit.svelte.js');
const { errors } = await import('./errors.svelte.js');

const tick = () => new Promise((r) => setTimeout(r, 0));

beforeEach(async () => {
  Object.assign(workspace, { mode: 'archives', sessions: [], views: {}, activeId: '' });
  browsing.menu = null;
  extract.asking = null;
  edit.dialog = null;
  errors.list = [];
  fake.b.nextId = 1;
  fake.b.archives = { '/m/a.zip': { entries: 40 } };
  fake.b.pendingBy = { s1: { caps: { replace: true, rename: true }, changes: [] } };
  await open('/m/a.zip');
});

describe('context menu', () => {
  it('offers what the caps allow, for one entry', () => {
    workspace.view.selected = ['a.dds'];
    const items = entryItems(workspace.view, { path: 'a.dds' }).filter((i) => i !== '-');
    expect(items.map((i) => i.id)).toEqual(['preview', 'extract', 'replace', 'rename', 'remove', 'copy-path', 'show', 'open-with']);
    const by = Object.fromEntries(items.map((i) => [i.id, i]));
    expect(by.replace.disabled).toBe(false);
    expect(by.rename.disabled).toBe(false);
    expect(by.remove.disabled).toBe(true); // no remove cap
    expect(by.extract.label).toBe('Extract…');
  });

  it('counts a selection of many, and replace and rename need one entry', () => {
    workspace.view.selected = ['a', 'b', 'c'];
    const by = Object.fromEntries(entryItems(workspace.view, { path: 'a' }).filter((i) => i !== '-').map((i) => [i.id, i]));
    expect(by.extract.label).toBe('Extract 3 entries…');
    expect(by.remove.label).toBe('Remove 3 entries');
    expect(by.replace.disabled).toBe(true);
    expect(by.rename.disabled).toBe(true);
  });

  it('opens where the pointer is; its actions act on the entry', () => {
    workspace.view.selected = ['a.dds'];
    entryMenu({ clientX: 12, clientY: 34 }, { path: 'a.dds' });
    expect(browsing.menu).toMatchObject({ x: 12, y: 34 });
    browsing.menu.items.find((i) => i.id === 'preview').action();
    expect(workspace.view.previewPath).toBe('a.dds');
    browsing.menu.items.find((i) => i.id === 'rename').action();
    expect(edit.dialog).toMatchObject({ kind: 'rename', target: 'a.dds' });
    browsing.menu.items.find((i) => i.id === 'extract').action();
    expect(extract.asking).toMatchObject({ what: 'the selection', n: 1, paths: ['a.dds'] });
    closeMenu();
    expect(browsing.menu).toBeNull();
  });
});

describe('selection and preview', () => {
  it('show moves the preview, and its line only when given one', () => {
    workspace.view.previewLine = 7;
    show('x.dat');
    expect(workspace.view).toMatchObject({ previewPath: 'x.dat', previewLine: 7 });
    show('y.dat', 0);
    expect(workspace.view).toMatchObject({ previewPath: 'y.dat', previewLine: 0 });
  });

  it('select all takes every entry the query matches', async () => {
    workspace.view.query = { ...workspace.view.query, filter: 'dds' };
    await selectAll();
    expect(workspace.view.selected).toEqual(['a', 'b', 'c']);
    expect(fake.b.matchingPaths).toHaveBeenLastCalledWith('s1', expect.objectContaining({ filter: 'dds', offset: 0, limit: 0 }));
  });
});

describe('extract', () => {
  it('asks about the selection, the shown entries or everything', () => {
    const view = { selected: ['a', 'b'], total: 9 };
    expect(extractRequest('selected', view, { entries: 40 })).toEqual({ what: 'the selection', n: 2, paths: ['a', 'b'] });
    expect(extractRequest('filtered', view, { entries: 40 })).toEqual({ what: 'the filtered entries', n: 9, filtered: true });
    expect(extractRequest('all', view, { entries: 40 })).toEqual({ what: 'everything', n: 40, paths: [] });
  });

  it('suggests a folder next to the archive, then keeps the tab\'s last one', () => {
    startExtract('all');
    expect(workspace.view.extractDir).not.toBe('');
    workspace.view.extractDir = '/out/here';
    startExtract('all');
    expect(workspace.view.extractDir).toBe('/out/here');
  });

  it('sends the tab\'s query with the target, and the dialog closes on confirm', async () => {
    workspace.view.query = { ...workspace.view.query, folder: 'media' };
    expect(extractTarget({ filtered: true }, { png: true })).toEqual({
      paths: [],
      filtered: true,
      query: { ...workspace.view.query, offset: 0, limit: 0 },
      convert: { decompile: false, png: true, overwrite: false },
    });
    startExtract('all');
    await doExtract('/out', true, {});
    expect(extract.asking).toBeNull();
    expect(fake.b.extractReplacing).toHaveBeenLastCalledWith('s1', expect.objectContaining({ paths: [] }), '/out');
  });

  it('verify puts its findings in the tab that ran it', async () => {
    const v = workspace.view;
    v.findings = [{ severity: 'warn' }];
    await runVerify();
    expect(v.findings).toBeNull();
    fake.b.emit('job', { id: 'job-verify', seq: 1, state: 'done', result: [{ severity: 'error', message: 'bad crc' }] });
    await tick();
    expect(v.findings).toEqual([{ severity: 'error', message: 'bad crc' }]);
  });
});
