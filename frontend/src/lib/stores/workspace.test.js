import { describe, it, expect, vi, beforeEach } from 'vitest';

const fake = vi.hoisted(() => ({ b: null }));
vi.mock('../bridge.js', async () => {
  const { fakeBridge } = await import('./fakebridge.js');
  fake.b = fakeBridge();
  return fake.b;
});

const { workspace, open, openFromBox, select, closeTab, showTab, isDirty, fail } = await import('./workspace.svelte.js');
const { errors } = await import('./errors.svelte.js');

beforeEach(() => {
  Object.assign(workspace, { mode: 'archives', sessions: [], views: {}, activeId: '', recent: [] });
  workspace.home.pathBox = '';
  errors.list = [];
  const b = fake.b;
  b.archives = { '/m/a.zip': {}, '/m/b.zip': {}, '/m/c.zip': {}, '/m/t.dds': { family: 'file', singleFile: true, entries: 1 } };
  b.pendingBy = {};
  b.recentList = ['/m/a.zip'];
  b.opened = [];
  b.closed = [];
  globalThis.confirm = () => true;
});

describe('workspace', () => {
  it('opens a path in a tab of its own, active, with a fresh view', async () => {
    expect(workspace.box).toBe(workspace.home);
    await open('/m/a.zip');
    expect(workspace.sessions.map((s) => s.path)).toEqual(['/m/a.zip']);
    expect(workspace.active.path).toBe('/m/a.zip');
    expect(workspace.view.loaded).toBe(true);
    expect(workspace.view.treeRoot.name).toBe(workspace.activeId);
    expect(workspace.box).toBe(workspace.view);
    expect(workspace.recent).toEqual(['/m/a.zip']);
  });

  it('switches to a path already open instead of opening it twice', async () => {
    await open('/m/a.zip');
    await open('/m/b.zip');
    const first = workspace.sessions[0].id;
    workspace.mode = 'pack';
    await open('/m/a.zip');
    expect(fake.b.opened).toEqual(['/m/a.zip', '/m/b.zip']);
    expect(workspace.activeId).toBe(first);
    expect(workspace.mode).toBe('archives');
  });

  it('keeps each tab its own view', async () => {
    await open('/m/a.zip');
    workspace.view.filter = 'dds';
    await open('/m/b.zip');
    expect(workspace.view.filter).toBe('');
    await select(workspace.sessions[0].id);
    expect(workspace.view.filter).toBe('dds');
  });

  it('opens a loose file straight into its preview', async () => {
    await open('/m/t.dds');
    expect(workspace.view.selected).toEqual(['only.dds']);
    expect(workspace.view.previewPath).toBe('only.dds');
  });

  it('an open cancelled from the job bar opens no tab and shows no error', async () => {
    fake.b.archives['/m/slow.zip'] = { cancel: true };
    expect(await open('/m/slow.zip')).toBe(false);
    expect(workspace.sessions).toEqual([]);
    expect(errors.list).toEqual([]);
  });

  it('reports a path that does not open, about its file name, and the next open clears it', async () => {
    expect(await open('/m/missing.mod')).toBe(false);
    expect(errors.list).toHaveLength(1);
    expect(errors.list[0].about).toBe('missing.mod');
    expect(errors.list[0].msg).toMatch(/no such file/);
    await open('/m/a.zip');
    expect(errors.list).toEqual([]);
  });

  it('throws to the caller when a password was given, and replaces the tab it unlocks', async () => {
    await open('/m/a.zip');
    const old = workspace.activeId;
    await expect(open('/m/nope.iop', 'pw')).rejects.toThrow(/no such file/);
    expect(errors.list).toEqual([]);
    await open('/m/a.zip', 'pw', old);
    expect(workspace.sessions).toHaveLength(1);
    expect(workspace.activeId).not.toBe(old);
    expect(workspace.views[old]).toBeUndefined();
    expect(fake.b.closed).toEqual([old]);
  });

  it('empties a path box only when its path opened', async () => {
    workspace.home.pathBox = '  /m/missing.zip ';
    await openFromBox(workspace.home);
    expect(workspace.home.pathBox).toBe('  /m/missing.zip ');
    workspace.home.pathBox = ' /m/a.zip ';
    await openFromBox(workspace.home);
    expect(workspace.home.pathBox).toBe('');
    expect(workspace.active.path).toBe('/m/a.zip');
  });

  it('closing the active tab activates the next one, else the one before', async () => {
    await open('/m/a.zip');
    await open('/m/b.zip');
    await open('/m/c.zip');
    const [a, b, c] = workspace.sessions.map((s) => s.id);
    await select(b);
    await closeTab(b);
    expect(workspace.activeId).toBe(c);
    await closeTab(c);
    expect(workspace.activeId).toBe(a);
    await closeTab(a);
    expect(workspace.activeId).toBe('');
    expect(workspace.active).toBeUndefined();
    expect(workspace.box).toBe(workspace.home);
  });

  it('a closing tab leaves the window before the back end answers: what is typed next goes to the box then shown', async () => {
    await open('/m/a.zip');
    let answer;
    fake.b.closeArchive.mockImplementationOnce(() => new Promise((r) => (answer = r)));
    const closing = closeTab(workspace.activeId);
    expect(workspace.sessions).toHaveLength(0);
    expect(workspace.box).toBe(workspace.home);
    workspace.box.pathBox = '/m/b.zip';
    answer();
    await closing;
    await openFromBox(workspace.box);
    expect(workspace.active.path).toBe('/m/b.zip');
  });

  it('asks before closing a tab with unsaved changes, and keeps it when told no', async () => {
    fake.b.pendingBy.s1 = { caps: { replace: true }, changes: [{ id: 1, path: 'x/a.dat' }, { id: 2, path: 'b.dds' }] };
    fake.b.nextId = 1;
    await open('/m/a.zip');
    const id = workspace.activeId;
    expect(id).toBe('s1');
    expect(isDirty(id)).toBe(true);
    expect(Object.keys(workspace.pending)).toEqual(['x/a.dat', 'b.dds']);
    // The app's own dialog asks (lib/stores/ask), not the browser's confirm().
    const { asking, answer } = await import('./ask.svelte.js');
    globalThis.confirm = () => {
      throw new Error('the browser confirm() was used');
    };
    let closing = closeTab(id);
    const asked = asking.current?.text;
    answer(false);
    await closing;
    expect(asked).toBe('2 unsaved changes to a.zip. Close and lose them?');
    expect(workspace.sessions).toHaveLength(1);
    closing = closeTab(id);
    expect(asking.current?.ok).toBe('Close and lose them');
    answer(true);
    await closing;
    expect(workspace.sessions).toHaveLength(0);
    expect(isDirty(id)).toBe(false);
  });

  it('a tab click comes back to the archives view', async () => {
    await open('/m/a.zip');
    await open('/m/b.zip');
    workspace.mode = 'loadorder';
    showTab(workspace.sessions[0].id);
    expect(workspace.mode).toBe('archives');
    expect(workspace.activeId).toBe(workspace.sessions[0].id);
  });

  it('fail names the active archive unless told otherwise', async () => {
    await open('/m/b.zip');
    fail(new Error('boom'));
    expect(errors.list[0].about).toBe('b.zip');
    fail('plain', '');
    expect(errors.list).toHaveLength(1);
    expect(errors.list[0].about).toBe('');
    expect(errors.list[0].msg).toBe('plain');
  });
});
