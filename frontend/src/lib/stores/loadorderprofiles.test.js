import { describe, it, expect, vi, beforeEach } from 'vitest';

// Profiles in the load-order store, against a fake LoadOrderService whose
// LoadOrderProfile answers as app.ProfileAnswer does.
const fake = vi.hoisted(() => ({ svc: null }));
vi.mock('../bridge.js', () => {
  const view = (order, dirty = false) => ({ userDir: '/u', modsDir: '/u/mods', order, dirty, mods: [] });
  const svc = {
    view,
    LoadOrderFolders: vi.fn(async () => ({ userDir: '/u', modsDir: '' })),
    LoadOrderView: vi.fn(async () => { throw new Error('none'); }),
    LoadOrder: vi.fn(async () => view(['1', '2'])),
    LoadOrderMove: vi.fn(async () => view(['2', '1'], true)),
    LoadOrderProfile: vi.fn(async (action, name) => {
      if (action === 'save') return { profiles: [{ name, mods: 2 }], saved: { name, mods: [{}, {}] } };
      if (action === 'use') {
        return {
          profiles: [{ name, mods: 2 }],
          view: view(['9']),
          use: { profile: name, order: ['9'], save: { written: true, backupId: 'b1' },
            needs: [{ kind: 'gone', id: '5', message: '"Five" (id 5) is gone' }] },
        };
      }
      if (action === 'rm') return { profiles: [] };
      if (action === 'move-characters') {
        return {
          profiles: [{ name, mods: 3 }],
          view: view(['1', '2', '3']),
          characters: [
            { file: 'modsave/HERO.SVB', name: 'Hero', bound: ['77'], swap: { combined: '77', back: true, from: ['77'], to: ['1', '2', '3'] },
              moved: { restored: true, objects: 0 } },
            { file: 'modsave/ASH.SVB', name: 'Ash', bound: ['77'], swap: { combined: '77', back: true, from: ['77'], to: ['1', '2', '3'] },
              moved: null, error: 'the save is locked' },
          ],
        };
      }
      return { profiles: [{ name: 'A', mods: 1 }] };
    }),
  };
  fake.svc = svc;
  return { loadOrder: () => svc, pickFolder: vi.fn() };
});

const L = await import('./loadorder.svelte.js');
const { loadOrder: s } = L;

beforeEach(() => {
  L.resetLoadOrder();
  vi.clearAllMocks();
});

describe('load-order profiles', () => {
  it('asks about the characters a use strands and moves them when told (issue 48)', async () => {
    const stranded = [{ file: 'modsave/HERO.SVB', name: 'Hero', bound: ['77'], swap: { combined: '77', back: true, from: ['77'], to: ['1', '2', '3'] }, moved: null }];
    fake.svc.LoadOrderProfile.mockImplementationOnce(async (action, name) => ({
      profiles: [{ name, mods: 3 }], view: fake.svc.view(['1', '2', '3']), characters: stranded,
      use: { profile: name, order: ['1', '2', '3'], save: { written: true }, needs: [], redeployed: null },
    }));
    await L.arrive();
    s.profile = 'Before';
    await L.useProfile('Before');
    expect(s.profileStranded.map((c) => c.name)).toEqual(['Hero']);
    expect(s.profileUses).toBe(1); // the Combine panel closes on it
    expect(s.profileMoved).toBe(false);
    await L.moveStrandedCharacters();
    expect(fake.svc.LoadOrderProfile).toHaveBeenLastCalledWith('move-characters', 'Before');
    expect(s.profileMoved).toBe(true);
    expect(s.status).toBe('Moved 1 character (1 restored as before, not played since); 1 could not be moved (below).');
    L.leaveStrandedCharacters();
    expect(s.profileStranded).toEqual([]);
  });

  it('lists, saves the list as shown, uses (the list read again, what is gone shown), deletes', async () => {
    await L.arrive();
    await L.listProfiles();
    expect(s.profiles.map((p) => p.name)).toEqual(['A']);
    await L.saveProfile('  Coop ');
    expect(fake.svc.LoadOrderProfile).toHaveBeenLastCalledWith('save', 'Coop');
    expect(s.profile).toBe('Coop');
    expect(s.status).toBe('Saved profile "Coop": 2 mods.');
    await L.useProfile('Coop');
    expect(fake.svc.LoadOrderProfile).toHaveBeenLastCalledWith('use', 'Coop');
    expect(s.view.order).toEqual(['9']);
    expect(s.profileNeeds.map((n) => n.kind)).toEqual(['gone']);
    expect(s.status).toMatch(/^Profile "Coop": 1 mod active; wrote modlauncher.sch \(the old list is kept as backup b1, History\) — 1 mod not as saved/);
    await L.removeProfile('Coop');
    expect(s.profiles).toEqual([]);
    expect(s.profile).toBe('');
  });

  it('does not use a profile over unsaved changes', async () => {
    await L.arrive();
    await L.move({ id: '2' }, 1);
    expect(s.view.dirty).toBe(true);
    L.useProfile('A');
    expect(fake.svc.LoadOrderProfile).not.toHaveBeenCalledWith('use', 'A');
    expect(s.error).toMatch(/unsaved changes/);
  });
});
