import { describe, it, expect, vi } from 'vitest';

const fake = vi.hoisted(() => ({ calls: [] }));
vi.mock('./bridge.js', () => ({
  loadOrder: () => ({
    Characters: async (...args) => (fake.calls.push(['Characters', ...args]), { userDir: args[0], characters: [], stash: [] }),
    MoveCharacter: async (...args) => (fake.calls.push(['MoveCharacter', ...args]), { state: 'plays' }),
  }),
}));

const ch = await import('./characters.js');

const A = '101';
const B = '202';
const C = '-303';
const mod = (id, status, extra = {}) => ({ id, version: 2, title: { [A]: 'Alpha', [B]: 'Beta', [C]: 'Combined' }[id] ?? '', file: '', status, installed: 2, changed: false, ...extra });

describe('warnings', () => {
  it('says what the game does for a missing, a disabled and a changed mod', () => {
    const c = { bound: [mod(A, 'active', { changed: true, installed: 3 }), mod(B, 'disabled'), mod('999', 'missing')] };
    expect(ch.warnings(c)).toEqual([
      'Alpha is version 3; the character was played with version 2: the game warns that data may be lost.',
      'Beta is installed but not active: the game asks to restart with it.',
      'mod 999 is not installed: the game refuses the character ("created with an unknown mod").',
    ]);
  });
  it('has nothing to say about active mods of the same version', () => {
    expect(ch.warnings({ bound: [mod(A, 'active')] })).toEqual([]);
    expect(ch.warnings({ bound: [] })).toEqual([]);
  });
});

describe('moveFrom', () => {
  it('takes the mods that are not active', () => {
    expect(ch.moveFrom({ bound: [mod(A, 'active'), mod(B, 'disabled'), mod('999', 'missing')] }, C)).toEqual([B, '999']);
  });
  it('takes every bound mod but the target when all are active', () => {
    expect(ch.moveFrom({ bound: [mod(A, 'active'), mod(C, 'active')] }, C)).toEqual([A]);
  });
});

describe('targets', () => {
  it('lists installed mods once, without listed ids that have no file', () => {
    const view = { mods: [
      { id: A, title: 'Alpha', file: '/m/A.MOD', where: 'mods', active: true },
      { id: A, title: 'Alpha copy', file: '/m/A2.MOD', where: 'mods', active: false },
      { id: '31337', title: '', file: '', where: 'missing', active: true },
      { id: C, title: '', file: '/m/C.MOD', where: 'mods', active: false },
    ] };
    expect(ch.targets(view)).toEqual([
      { id: A, title: 'Alpha', active: true },
      { id: C, title: 'mod -303', active: false },
    ]);
    expect(ch.targets(null)).toEqual([]);
  });
});

describe('calls', () => {
  it('passes ids as strings', async () => {
    await ch.list('/u', '');
    expect(await ch.move('/u', '', '/u/modsave/W.SVB', [101, B], -303)).toEqual({ state: 'plays' });
    expect(fake.calls).toEqual([
      ['Characters', '/u', ''],
      ['MoveCharacter', '/u', '', '/u/modsave/W.SVB', ['101', B], '-303'],
    ]);
  });
});
