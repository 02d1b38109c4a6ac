import { describe, it, expect, vi, beforeEach } from 'vitest';

const fake = vi.hoisted(() => ({ b: null }));
vi.mock('../bridge.js', async () => {
  const { fakeBridge } = await import('./fakebridge.js');
  fake.b = fakeBridge();
  return fake.b;
});

const { workspace, open } = await import('./workspace.svelte.js');
const ed = await import('./edit.svelte.js');
const { edit } = ed;
const { errors } = await import('./errors.svelte.js');

const tick = () => new Promise((r) => setTimeout(r, 0));

beforeEach(async () => {
  Object.assign(workspace, { mode: 'archives', sessions: [], views: {}, activeId: '' });
  edit.dialog = null;
  errors.list = [];
  const b = fake.b;
  b.nextId = 1;
  b.archives = { '/m/a.zip': {}, '/m/b.zip': {} };
  b.pendingBy = { s1: { caps: { replace: true, add: true, rename: true, remove: true }, changes: [] }, s2: { caps: {}, changes: [] } };
  await open('/m/a.zip');
});

describe('saveAsDefault', () => {
  it('puts _edited before the extension, or at the end without one', () => {
    expect(ed.saveAsDefault('/g/mods/x.MOD')).toBe('/g/mods/x_edited.MOD');
    expect(ed.saveAsDefault('/g/folder')).toBe('/g/folder_edited');
    expect(ed.saveAsDefault('.hidden')).toBe('.hidden_edited');
  });
});

describe('edit dialogs', () => {
  it('asks for what the caps allow, about the selected entry', () => {
    ed.askReplace();
    expect(edit.dialog).toBeNull(); // nothing selected
    workspace.view.selected = ['media/a.dds'];
    ed.askReplace();
    expect(edit.dialog).toMatchObject({ kind: 'replace', title: 'Replace media/a.dds', target: 'media/a.dds', path: '' });
    workspace.view.folder = 'media';
    ed.askAdd();
    expect(edit.dialog).toMatchObject({ kind: 'add', entry: 'media/' });
    ed.askRename();
    expect(edit.dialog).toMatchObject({ kind: 'rename', entry: 'media/a.dds', showPath: false, entryLabel: 'New name' });
    ed.askSaveAs();
    expect(edit.dialog).toMatchObject({ kind: 'saveas', path: '/m/a_edited.zip' });
  });

  it('asks nothing when the archive cannot be edited', async () => {
    await open('/m/b.zip');
    workspace.view.selected = ['x'];
    ed.askReplace();
    ed.askAdd();
    ed.askRename();
    expect(edit.dialog).toBeNull();
  });

  it('confirming stages the change into the tab that asked', async () => {
    workspace.view.selected = ['media/a.dds'];
    ed.askReplace();
    edit.dialog.path = '  /disk/new.dds ';
    await ed.dialogOK();
    expect(edit.dialog).toBeNull();
    expect(fake.b.replaceEntry).toHaveBeenLastCalledWith('s1', 'media/a.dds', '/disk/new.dds');
    expect(workspace.view.edit.changes.map((c) => c.kind)).toEqual(['replaceEntry']);
    expect(workspace.pending['media/a.dds']).toBeTruthy();
  });

  it('Browse… starts in the folder the tab last chose a file from', async () => {
    expect(workspace.view.dialogDir).toBe('/m/a.zip');
    ed.askAdd();
    expect(await ed.browseFor('add')).toBe('/picked/new.dds');
    expect(fake.b.pickFileIn).toHaveBeenLastCalledWith('Add a file', '/m/a.zip');
    expect(workspace.view.dialogDir).toBe('/picked/new.dds');
    ed.askSaveAs();
    expect(await ed.browseFor('saveas')).toBe('/m/a_edited.zip.chosen');
  });

  it('removes the selection, and Ctrl+Z undoes only when there is a change', async () => {
    ed.undoLast();
    expect(fake.b.undoChange).not.toHaveBeenCalled();
    workspace.view.selected = ['a', 'b'];
    ed.removeSelected();
    await tick();
    expect(fake.b.removeEntries).toHaveBeenLastCalledWith('s1', ['a', 'b']);
    ed.undoLast();
    await tick();
    expect(fake.b.undoChange).toHaveBeenLastCalledWith('s1', 0);
    await ed.discard();
    expect(workspace.view.edit.changes).toEqual([]);
  });

  it('a failed staging goes to the banner, the view keeps its changes', async () => {
    const before = workspace.view.edit;
    await ed.staged(Promise.reject(new Error('entry is locked')));
    expect(workspace.view.edit).toEqual(before);
    expect(errors.list[0]).toMatchObject({ msg: 'entry is locked', about: 'a.zip' });
  });
});

describe('staging errors', () => {
  it('clears the banner of a failed replace once the next replace succeeds, and no other', async () => {
    await ed.staged(Promise.reject(new Error('dds: the picture is 60×30 but the texture is 64×32 (ask for a resize to scale it)')));
    expect(errors.list).toHaveLength(1);
    await ed.staged(fake.b.replaceEntry('s1', 'x.dds', '/d/x.dds'));
    expect(errors.list).toEqual([]);
    errors.list = [{ id: 7, msg: 'extract failed' }];
    await ed.staged(fake.b.replaceEntry('s1', 'y.dds', '/d/y.dds'));
    expect(errors.list).toEqual([{ id: 7, msg: 'extract failed' }]);
  });
});

describe('save', () => {
  it('follows its job in the tab that saved, then reads the session again', async () => {
    const v = workspace.view;
    await ed.staged(fake.b.replaceEntry('s1', 'x.dds', '/d/x.dds'));
    const saving = ed.save();
    expect(v.saveJob).toBe('starting');
    await saving;
    fake.b.emit('job', { id: 'job-save', seq: 1, state: 'running' });
    expect(v.saveJob).toBe('job-save');
    await ed.save(); // one save at a time
    expect(fake.b.saveChanges).toHaveBeenCalledTimes(1);
    // the user moves on to another tab; the result still lands in s1's view
    await open('/m/b.zip');
    const listVersion = v.listVersion;
    v.previewPath = 'x.dds';
    fake.b.pendingBy.s1 = { caps: v.edit.caps, changes: [] };
    fake.b.emit('job', { id: 'job-save', seq: 2, state: 'done', result: { save: { checks: [{ ok: true }] } } });
    await tick();
    await tick();
    expect(v.saveJob).toBe('');
    expect(v.edit.changes).toEqual([]);
    expect(v.listVersion).toBe(listVersion + 1);
    expect(v.previewPath).toBe('');
    expect(workspace.sessions[0]).toMatchObject({ id: 's1', name: 'fresh.zip' });
    expect(workspace.activeId).toBe('s2');
    expect(errors.list).toEqual([]);
  });

  it('keeps the selection and the preview on the entries the saved archive still has', async () => {
    const v = workspace.view;
    fake.b.present = new Set(['x.dds', 'y.dds']);
    await ed.staged(fake.b.replaceEntry('s1', 'x.dds', '/d/x.dds'));
    v.selected = ['x.dds', 'gone.dds', 'y.dds'];
    v.previewPath = 'x.dds';
    await ed.save();
    fake.b.emit('job', { id: 'job-save', seq: 4, state: 'done', result: { info: { id: 's1', path: '/m/a.zip', name: 'a.zip' }, save: { checks: [{ ok: true }] } } });
    await tick();
    await tick();
    expect(v.selected).toEqual(['x.dds', 'y.dds']);
    expect(v.previewPath).toBe('x.dds');
    v.previewPath = 'gone.dds';
    await ed.staged(fake.b.replaceEntry('s1', 'y.dds', '/d/y.dds'));
    await ed.save();
    fake.b.emit('job', { id: 'job-save', seq: 5, state: 'done', result: { info: { id: 's1', path: '/m/a.zip', name: 'a.zip' }, save: { checks: [{ ok: true }] } } });
    await tick();
    await tick();
    expect(v.previewPath).toBe(''); // removed by the save: nothing to show
    fake.b.present = new Set();
  });

  it('says which changes did not read back, about the saved archive', async () => {
    await ed.staged(fake.b.replaceEntry('s1', 'x.dds', '/d/x.dds'));
    await ed.save();
    fake.b.emit('job', {
      id: 'job-save', seq: 3, state: 'done',
      result: { info: { id: 's1', path: '/m/a.zip', name: 'a.zip' }, save: { checks: [{ ok: false, change: { path: 'x.dds' }, message: 'size differs' }] } },
    });
    await tick();
    expect(errors.list[0].msg).toBe('Saved, but 1 change did not read back as planned: x.dds: size differs');
    expect(errors.list[0].about).toBe('a.zip');
  });

  it('does nothing without changes unless saving as', async () => {
    fake.b.saveChanges.mockClear();
    await ed.save();
    expect(fake.b.saveChanges).not.toHaveBeenCalled();
    await ed.save('/m/out.zip');
    expect(fake.b.saveChanges).toHaveBeenLastCalledWith('s1', '/m/out.zip');
  });
});
