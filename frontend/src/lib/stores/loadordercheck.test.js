import { describe, it, expect, vi, beforeEach } from 'vitest';

// Load order's "Check between mods" (issue 32): the report's findings join
// the rows' problems, by mod id, while the list is the one checked.
const fake = vi.hoisted(() => ({ svc: null }));
vi.mock('../bridge.js', () => {
  const mods = (order) => ({
    userDir: '/u', modsDir: '/u/mods', order, dirty: false,
    mods: ['1', '2', '3'].map((id) => ({ id, key: 'k' + id, active: order.includes(id), problems: id === '2' ? [{ code: 'x', severity: 'warning', message: 'old' }] : [] })),
  });
  const svc = {
    mods,
    LoadOrder: vi.fn(async () => mods(['1', '2'])),
    LoadOrderMove: vi.fn(async () => mods(['2', '1'])),
    CheckMods: vi.fn(async () => ({
      target: '', game: '', millis: 9,
      mods: [{ name: 'One', id: '1', place: 1 }, { name: 'Two', id: '2', place: 2 }],
      findings: [
        { mod: 'Two', kind: 'duplicate-unit-guid', severity: 'error', file: 'MEDIA/U.DAT', line: 64, message: 'UNIT_GUID 5 is also One’s MEDIA/V.DAT', other: 'One: MEDIA/V.DAT' },
        { mod: 'One', kind: 'reference', severity: 'info', file: 'MEDIA/A.DAT', line: 2, message: 'not checked' },
      ],
    })),
  };
  fake.svc = svc;
  return { loadOrder: () => svc, pickFolder: vi.fn(async () => '/picked') };
});

const L = await import('./loadorder.svelte.js');
const { loadOrder: s } = L;

beforeEach(() => {
  L.resetLoadOrder();
  vi.clearAllMocks();
});

describe('load-order store: check between mods', () => {
  it('runs over the active mods and adds the findings to the rows’ problems until the list changes', async () => {
    s.userDir = '/u';
    await L.load();
    await L.checkMods();
    expect(fake.svc.CheckMods).toHaveBeenCalledWith('', '');
    expect(s.status).toBe('Checked between mods: 1 error, 1 not checked in 2 mods (9 ms); without the game’s data, references into the game are not checked');
    const [one, two, three] = s.view.mods;
    expect(L.rowProblems(one).map((p) => [p.code, p.severity, p.message])).toEqual([['check-reference', 'info', 'MEDIA/A.DAT:2: not checked']]);
    expect(L.rowProblems(two).map((p) => p.code)).toEqual(['x', 'check-duplicate-unit-guid']);
    expect(L.rowProblems(two)[1].message).toBe('MEDIA/U.DAT:64: UNIT_GUID 5 is also One’s MEDIA/V.DAT');
    expect(L.rowProblems(three)).toEqual([]);
    expect(L.checkStale()).toBe(false);
    // The header's count is the rows drawn red: Two's error comes from the check (issue 46).
    expect(L.errorCount()).toBe(1);

    await L.move({ id: '2' }, 1);
    expect(L.checkStale()).toBe(true);
    expect(L.rowProblems(s.view.mods[1]).map((p) => p.code)).toEqual(['x']);
    expect(L.errorCount()).toBe(0);
  });

  it('does nothing without a list, and shows a failed check as the error', async () => {
    await L.checkMods();
    expect(fake.svc.CheckMods).not.toHaveBeenCalled();
    s.userDir = '/u';
    await L.load();
    fake.svc.CheckMods.mockRejectedValueOnce(new Error('check: no mod is active: nothing to check'));
    await L.checkMods();
    expect(s.error).toBe('check: no mod is active: nothing to check');
    expect(s.checking).toBe(false);
    expect(s.check).toBe(null);
  });
});
