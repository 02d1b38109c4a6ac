import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import * as lo from './loadorder.js';

// Ids are decimal strings: int64 ids do not fit a JavaScript number.
const A = '-4629700416936869888';
const B = '1234567890123456789';
const C = '7311940106741268738';
const D = '42';

describe('dropInto', () => {
  const order = [A, B, C, D];

  it('moves a row up, before the row it is dropped on', () => {
    expect(lo.dropInto(order, C, 0)).toEqual([C, A, B, D]);
    expect(lo.dropInto(order, D, 1)).toEqual([A, D, B, C]);
  });

  it('moves a row down: the gap it leaves shifts the target', () => {
    // Dropped before the row at index 3 (D): it lands just above D.
    expect(lo.dropInto(order, A, 3)).toEqual([B, C, A, D]);
    expect(lo.dropInto(order, B, 3)).toEqual([A, C, B, D]);
  });

  it('drops at the end with before = order.length', () => {
    expect(lo.dropInto(order, A, order.length)).toEqual([B, C, D, A]);
    expect(lo.dropInto(order, D, order.length)).toEqual(order);
  });

  it('leaves the order alone when a row is dropped on itself or just below itself', () => {
    for (let i = 0; i < order.length; i++) {
      expect(lo.dropInto(order, order[i], i)).toEqual(order);
      expect(lo.dropInto(order, order[i], i + 1)).toEqual(order);
    }
  });

  it('enables an inactive mod at the place it is dropped', () => {
    expect(lo.dropInto(order, '9001', 0)).toEqual(['9001', A, B, C, D]);
    expect(lo.dropInto(order, '9001', 2)).toEqual([A, B, '9001', C, D]);
    expect(lo.dropInto(order, '9001', order.length)).toEqual([...order, '9001']);
    expect(lo.dropInto([], '9001', 0)).toEqual(['9001']);
  });

  it('clamps a target outside the list', () => {
    expect(lo.dropInto(order, C, -5)).toEqual([C, A, B, D]);
    expect(lo.dropInto(order, B, 99)).toEqual([A, C, D, B]);
    expect(lo.dropInto(order, '9001', 99)).toEqual([...order, '9001']);
  });

  it('does not touch its input, and keeps every id once', () => {
    const copy = [...order];
    for (const id of [...order, '9001']) {
      for (let at = 0; at <= order.length; at++) {
        const out = lo.dropInto(order, id, at);
        expect(order).toEqual(copy);
        expect(out).toContain(id);
        expect(new Set(out).size).toBe(out.length);
        expect(out.length).toBe(order.includes(id) ? order.length : order.length + 1);
        // The others keep their relative order.
        expect(out.filter((x) => x !== id)).toEqual(order.filter((x) => x !== id));
      }
    }
  });

  it('compares ids as strings, exactly', () => {
    // Ids that are equal as JavaScript numbers are different mods.
    const big = ['9007199254740993', '9007199254740992'];
    expect(lo.dropInto(big, '9007199254740992', 0)).toEqual(['9007199254740992', '9007199254740993']);
  });
});

describe('wrappers', () => {
  /** @type {any[]} */
  let calls;
  beforeEach(() => {
    calls = [];
    const rec = (name) => (...args) => {
      calls.push([name, ...args]);
      return Promise.resolve({ name });
    };
    globalThis.window = {
      // Reading the folders is a job (LoadOrder, LoadOrderReload): its
      // status says it is done, with what the call resolves to.
      runtime: { EventsOnMultiple: () => () => {} },
      go: {
        app: {
          LoadOrderService: new Proxy({}, { get: (_, name) => rec(String(name)) }),
          SettingsService: { Job: async (id) => ({ id, state: 'done', result: id }) },
        },
      },
    };
  });
  afterEach(() => {
    delete globalThis.window;
  });

  it('passes ids as strings and coerces the rest', async () => {
    await lo.move(42, 3);
    await lo.enable(A, 1);
    await lo.enable(B, undefined);
    await lo.setOrder([42, A]);
    await lo.open('/u');
    await lo.open('/u', '/m');
    expect(calls).toEqual([
      ['LoadOrderMove', '42', 3],
      ['LoadOrderEnable', A, true],
      ['LoadOrderEnable', B, false],
      ['LoadOrderSetOrder', ['42', A]],
      ['LoadOrder', '/u', ''],
      ['LoadOrder', '/u', '/m'],
    ]);
  });

  it('calls the matching service methods', async () => {
    await lo.folders();
    await lo.view();
    await lo.reload();
    await lo.undo();
    await lo.revert();
    await lo.save();
    expect(calls.map((c) => c[0])).toEqual([
      'LoadOrderFolders',
      'LoadOrderView',
      'LoadOrderReload',
      'LoadOrderUndo',
      'LoadOrderRevert',
      'LoadOrderSave',
    ]);
  });

  it('says so when the back end is not connected', () => {
    delete globalThis.window;
    globalThis.window = {};
    expect(() => lo.view()).toThrow('Packsmith back end is not connected');
  });
});

describe('buildsByMod', () => {
  const b = (id, modId, title, version, of) => ({ id, kind: 'mod', of, time: id, size: 10, build: { title, modId, version } });
  it('groups .MOD copies by the file they go back to, newest first, and leaves other backups out', () => {
    const list = [
      b('a3', A, 'Alpha', 3, '/m/ALPHA.MOD'),
      { id: 'sch', kind: 'modlauncher.sch', of: '/u/modlauncher.sch', time: 't4', size: 1 },
      b('b1', B, 'Beta', 1, '/m/BETA.MOD'),
      b('a2', C, 'Alpha old', 2, '/m/ALPHA.MOD'), // another MOD_ID: a build packed without one
      { id: 'zip', kind: 'archive', of: '/x/demo.zip', time: 't1', size: 1 },
    ];
    const got = lo.buildsByMod(list);
    expect(got.map((m) => [m.of, m.title, m.builds.map((e) => e.id)])).toEqual([
      ['/m/ALPHA.MOD', 'Alpha', ['a3', 'a2']],
      ['/m/BETA.MOD', 'Beta', ['b1']],
    ]);
  });
  it('folds names as Windows does: one file, one mod', () => {
    const got = lo.buildsByMod([b('x', A, 'Same', 1, 'C:\\Mods\\Same.MOD'), b('y', A, 'Same', 2, 'c:/mods/SAME.mod'), b('z', A, 'Same', 1, 'C:\\Other\\Same.MOD')]);
    expect(got.map((m) => m.builds.length)).toEqual([2, 1]);
  });
  it('is empty for no list', () => {
    expect(lo.buildsByMod(null)).toEqual([]);
    expect(lo.buildsByMod([])).toEqual([]);
  });
});

describe('userDirHint (issue 46)', () => {
  it('names the user folder the way the system at hand keeps it', () => {
    expect(lo.userDirHint('Mozilla/5.0 (Windows NT 10.0; Win64; x64)')).toBe('Documents\\My Games\\Runic Games\\Torchlight 2');
    expect(lo.userDirHint('Mozilla/5.0 (X11; Linux x86_64)')).toMatch(/^Steam Play \(Proton\): ~\/\.local\/share\/Steam\/steamapps\/compatdata\/200710\/pfx\//);
    expect(lo.userDirHint('Mozilla/5.0 (X11; Linux x86_64)')).not.toMatch(/\\/);
    expect(lo.userDirHint('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0)')).toMatch(/Library\/Application Support/);
  });
});

describe('mergedLabel', () => {
  const a = { id: A, title: 'Mod A', place: 2 };
  const b = { id: B, title: 'Mod B', place: 3 };
  const c = { id: C, title: 'Mod C', place: 4 };
  const conf = (lost, mergedStale = false) => ({ path: 'MEDIA/X.DAT', merged: [a, b], lost, mergedStale });

  it('says merged when the mod lost nothing in the file (or it is not known)', () => {
    expect(lo.mergedLabel(conf([]), a).text).toBe('⇄ 2. Mod A (merged into the patch)');
    expect(lo.mergedLabel(conf(undefined), a)).toMatchObject({ text: '⇄ 2. Mod A (merged into the patch)', lost: false });
    expect(lo.mergedLabel(conf([], true), a).text).toBe('⇄ 2. Mod A (merged into the patch, may be out of date)');
  });

  it('names what the mod lost inside the merged file, and to whom (issue 43)', () => {
    const lost = [{ id: B, title: 'Mod B', place: 3, conflicts: 2, to: [a] }];
    expect(lo.mergedLabel(conf(lost), a).text).toBe('⇄ 2. Mod A (merged into the patch)');
    const l = lo.mergedLabel(conf(lost), b);
    expect(l.text).toBe('⇄ 3. Mod B (merged; 2 changes lost to 2. Mod A)');
    expect(l.lost).toBe(true);
    expect(l.title).toContain('2 changes of this mod are lost to 2. Mod A');
    expect(lo.mergedLabel(conf([{ ...lost[0], conflicts: 1 }], true), b).text).toBe('⇄ 3. Mod B (merged; 1 change lost to 2. Mod A, may be out of date)');
    expect(lo.mergedLabel(conf([{ ...lost[0], to: [a, c] }]), b).text).toBe('⇄ 3. Mod B (merged; 2 changes lost to 2. Mod A and 4. Mod C)');
  });
});
