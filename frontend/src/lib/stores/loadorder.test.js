import { describe, it, expect, vi, beforeEach } from 'vitest';

// A fake LoadOrderService behind bridge.loadOrder(): a list of two mods
// that Move, Enable and SetOrder reorder, and Save writes.
const fake = vi.hoisted(() => ({ b: null, svc: null }));
vi.mock('../bridge.js', () => {
  const mods = (order, dirty = false) => ({
    userDir: '/u', modsDir: '/u/mods', order, dirty, canUndo: dirty, undoWhat: dirty ? 'move B' : '',
    mods: ['1', '2', '3'].map((id) => ({ id, key: 'k' + id, active: order.includes(id), problems: id === '3' ? [{ severity: 'error' }] : [] })),
  });
  const svc = {
    mods,
    LoadOrderFolders: vi.fn(async () => ({ userDir: '/u', modsDir: '', demoUserDir: '/demo' })),
    LoadOrderView: vi.fn(async () => { throw new Error('no load order open'); }),
    LoadOrder: vi.fn(async (u) => ({ ...mods(['1', '2']), userDir: u.replace(/\/$/, '') })),
    LoadOrderMove: vi.fn(async (id, to) => mods(to === 1 ? [id, ...['1', '2'].filter((x) => x !== id)] : ['1', '2'], true)),
    LoadOrderEnable: vi.fn(async (id, on) => mods(on ? ['1', '2', id] : ['1', '2'].filter((x) => x !== id), true)),
    LoadOrderSetOrder: vi.fn(async (ids) => mods(ids, true)),
    LoadOrderUndo: vi.fn(async () => mods(['1', '2'])),
    LoadOrderRevert: vi.fn(async () => mods(['1', '2'])),
    LoadOrderSave: vi.fn(async () => ({ view: mods(['2', '1']), written: true, path: '/u/modlauncher.sch', backupId: 'b7' })),
  };
  fake.svc = svc;
  fake.b = { loadOrder: () => svc, pickFolder: vi.fn(async () => '/picked') };
  return fake.b;
});

const L = await import('./loadorder.svelte.js');
const { loadOrder: s } = L;

beforeEach(() => {
  L.resetLoadOrder();
  vi.clearAllMocks();
});

describe('load-order store', () => {
  it('arrives with the default folders and loads them; counts active, inactive and faulty mods', async () => {
    await L.arrive();
    expect(fake.svc.LoadOrder).toHaveBeenCalledWith('/u', '');
    expect(s.ready).toBe(true);
    expect(L.activeMods().map((m) => m.id)).toEqual(['1', '2']);
    expect(L.inactiveMods().map((m) => m.id)).toEqual(['3']);
    expect(L.errorCount()).toBe(1);
    expect(L.busy()).toBe(false);
  });

  it('arrives at the load order still open in Go, without scanning again', async () => {
    fake.svc.LoadOrderView.mockResolvedValueOnce({ ...fake.svc.mods(['2'], true), userDir: '/open' });
    await L.arrive();
    expect(fake.svc.LoadOrder).not.toHaveBeenCalled();
    expect(s.userDir).toBe('/open');
    expect(s.view.dirty).toBe(true);
  });

  it('asks before dropping unsaved changes; force loads', async () => {
    await L.arrive();
    await L.move({ id: '2' }, 1);
    expect(fake.svc.LoadOrderMove).toHaveBeenCalledWith('2', 1);
    expect(s.view.order).toEqual(['2', '1']);
    s.userDir = '/other';
    L.load();
    expect(s.confirmLoad).toEqual({ u: '/other', m: '' });
    expect(fake.svc.LoadOrder).toHaveBeenCalledTimes(1);
    await L.load(true);
    expect(s.confirmLoad).toBe(null);
    expect(fake.svc.LoadOrder).toHaveBeenLastCalledWith('/other', '');
  });

  it('names the user folder when none is given', async () => {
    s.userDir = '  ';
    L.load();
    expect(s.error).toMatch(/^Give the Torchlight II user folder/);
  });

  it('undo and save say what they did', async () => {
    await L.arrive();
    await L.move({ id: '2' }, 1);
    await L.undo();
    expect(s.status).toBe('Undid: move B');
    await L.save();
    expect(s.status).toBe('Saved /u/modlauncher.sch — the old list is kept as backup b7 (History)');
    expect(s.view.order).toEqual(['2', '1']);
  });

  it('shows a failed call as the error', async () => {
    await L.arrive();
    fake.svc.LoadOrderEnable.mockRejectedValueOnce(new Error('mod 9: not in the list'));
    await L.toggle({ id: '9' }, true);
    expect(fake.svc.LoadOrderEnable).toHaveBeenCalledWith('9', true);
    expect(s.error).toBe('mod 9: not in the list');
    expect(L.busy()).toBe(false);
  });

  it('drops a dragged mod at a place, or on the inactive area to disable it', async () => {
    await L.arrive();
    s.dropAt = 0;
    await L.dropDragged('2');
    expect(fake.svc.LoadOrderSetOrder).toHaveBeenCalledWith(['2', '1']);
    expect(s.dropAt).toBe(-1);
    s.dropAt = -2;
    await L.dropDragged('1');
    expect(fake.svc.LoadOrderEnable).toHaveBeenCalledWith('1', false);
  });

  it('browses the user folder and loads it; the mods folder only fills its field', async () => {
    await L.arrive();
    await L.browse('user');
    expect(fake.b.pickFolder).toHaveBeenCalledWith('Torchlight II user folder (holds modlauncher.sch)');
    expect(fake.svc.LoadOrder).toHaveBeenLastCalledWith('/picked', '');
    fake.b.pickFolder.mockResolvedValueOnce('/m2');
    await L.browse('mods');
    expect(s.modsDir).toBe('/m2');
    expect(fake.svc.LoadOrder).toHaveBeenCalledTimes(2);
  });

  it('runs calls in the order made: a slow scan does not land after a later move', async () => {
    await L.arrive();
    let release;
    fake.svc.LoadOrder.mockImplementationOnce(() => new Promise((r) => (release = () => r(fake.svc.mods(['1'])))));
    const scan = L.load(true);
    const moved = L.move({ id: '2' }, 1);
    expect(L.busy()).toBe(true);
    await Promise.resolve();
    expect(fake.svc.LoadOrderMove).not.toHaveBeenCalled();
    release();
    await scan;
    await moved;
    expect(s.view.order).toEqual(['2', '1']);
  });

  it('takes the user folder saved in Settings at once and reads its list (issue 46)', async () => {
    await L.arrive();
    fake.svc.LoadOrderFolders.mockResolvedValueOnce({ userDir: '/v', modsDir: '/v/mods', demoUserDir: '/demo' });
    await L.settingsSaved();
    await vi.waitFor(() => expect(fake.svc.LoadOrder).toHaveBeenLastCalledWith('/v', '/v/mods'));
    expect(s).toMatchObject({ userDir: '/v', modsDir: '/v/mods' });
  });
});
