import { describe, it, expect, vi, beforeEach } from 'vitest';

// The pack store's "Between mods" check (issue 32): after each inspect the
// folder is checked against the active mods (LoadOrderService.CheckMods);
// a report for a folder no longer shown is dropped.
const fake = vi.hoisted(() => ({ svc: null, lo: null, resolve: [] }));
vi.mock('../bridge.js', () => {
  const svc = {
    InspectMod: vi.fn(async (dir) => ({ modDir: dir, output: dir + '/out.MOD', mod: { name: 'M' }, findings: [] })),
  };
  const lo = {
    CheckMods: vi.fn((target) => new Promise((res, rej) => fake.resolve.push({ target, res, rej }))),
  };
  Object.assign(fake, { svc, lo });
  return { packing: () => svc, loadOrder: () => lo, ready: vi.fn(async () => {}), on: vi.fn(() => () => {}), job: vi.fn(async () => null) };
});

const P = await import('./pack.svelte.js');
const { pack } = P;
const tick = () => new Promise((r) => setTimeout(r, 0));
const report = (target) => ({
  target, game: '', millis: 3,
  mods: [{ name: target, id: '1', place: 1, target: true }, { name: 'X', id: '2', place: 2 }],
  findings: [
    { mod: 'X', kind: 'duplicate-unit-guid', severity: 'error', file: 'MEDIA/X.DAT', line: 64, message: 'dup', other: target + ': MEDIA/C.DAT' },
    { mod: target, kind: 'reference', severity: 'info', file: 'MEDIA/A.DAT', line: 2, message: 'not checked' },
    { mod: 'X', kind: 'reference', severity: 'error', file: 'MEDIA/Y.DAT', line: 5, message: 'X’s own' },
  ],
});

beforeEach(() => {
  P.resetPack();
  vi.clearAllMocks();
  fake.resolve.length = 0;
});

describe('pack store: between mods', () => {
  it('checks the inspected folder with the game folder (else the base folder) and lists what concerns it', async () => {
    pack.baseDir = '/base';
    await P.inspect('/mods/a');
    expect(fake.lo.CheckMods).toHaveBeenCalledWith('/mods/a', '/base');
    expect(pack.checking).toBe(true);
    fake.resolve[0].res(report('A'));
    await tick();
    expect(pack.checking).toBe(false);
    expect(P.betweenFindings().map((f) => [f.severity, f.file, f.line])).toEqual([
      ['error', 'X: MEDIA/X.DAT', 64],
      ['info', 'MEDIA/A.DAT', 2],
    ]);
    pack.gameDir = '/game';
    P.checkBetween();
    expect(fake.lo.CheckMods).toHaveBeenLastCalledWith('/mods/a', '/game');
    expect(pack.between).toBe(null);
  });

  it('drops the report of a folder no longer shown, and says why a check failed', async () => {
    await P.inspect('/mods/a');
    await P.inspect('/mods/b');
    fake.resolve[0].res(report('A'));
    await tick();
    expect(pack.between).toBe(null);
    expect(pack.checking).toBe(true);
    fake.resolve[1].rej(new Error('check: bad --base'));
    await tick();
    expect(pack.checkError).toBe('check: bad --base');
    expect(pack.checking).toBe(false);
    expect(pack.error).toBe(''); // packing is not blocked
    expect(P.hasErrors()).toBe(false);
  });
});
