import { describe, it, expect, vi, afterEach } from 'vitest';

const fake = vi.hoisted(() => ({ calls: [] }));
vi.mock('./bridge.js', () => ({
  loadOrder: () => ({
    CheckMods: async (...args) => {
      fake.calls.push(args);
      return { target: 'T', mods: [], findings: [], errors: 0, notChecked: 0, millis: 1, game: '' };
    },
  }),
}));

const ck = await import('./check.js');

// A report as app.CheckMods gives it: target T first, XOVER second (ids
// are decimal strings), a duplicate GUID reported on XOVER's file naming
// T's, T's missing texture and note, and XOVER's own notes.
const f = (mod, kind, severity, file, line, message, other = '') => ({ mod, kind, severity, file, line, message, other, status: severity === 'info' ? 'not checked' : '' });
const report = () => ({
  target: 'T',
  game: '',
  millis: 17,
  mods: [
    { name: 'T', path: '/t', id: '3003', place: 1, target: true },
    { name: 'XOVER', path: '/m/X.MOD', id: '-2318989449992446293', place: 2 },
  ],
  findings: [
    f('T', 'reference', 'info', 'MEDIA/UNITS/A.DAT', 2, 'BASEFILE MEDIA/B.DAT: not checked'),
    f('T', 'reference', 'error', 'MEDIA/U/T.MATERIAL', 7, 'texture MEDIA/U/GONE.DDS: missing'),
    f('XOVER', 'duplicate-unit-guid', 'error', 'MEDIA/UNITS/X/HUM_F.DAT', 64, 'UNIT_GUID 1 is also T’s MEDIA/C/HUM_F.DAT', 'T: MEDIA/C/HUM_F.DAT'),
    ...[1, 2, 3, 4, 5].map((n) => f('XOVER', 'reference', 'info', 'MEDIA/M/HUM_M.ANIMATION', n * 10, `animation FILE S${n}.SKELETON: not checked`)),
  ],
});

afterEach(() => {
  fake.calls.length = 0;
});

describe('check wrapper', () => {
  it('calls CheckMods with the target and base, empty strings for none', async () => {
    await ck.run('/mods/t', '/game');
    await ck.run();
    await ck.run(null, undefined);
    expect(fake.calls).toEqual([['/mods/t', '/game'], ['', ''], ['', '']]);
  });
});

describe('targetFindings', () => {
  it('keeps what concerns the target, errors first, another mod’s file named with its mod', () => {
    expect(ck.targetFindings(report())).toEqual([
      { severity: 'error', message: 'texture MEDIA/U/GONE.DDS: missing', file: 'MEDIA/U/T.MATERIAL', line: 7, check: 'reference' },
      { severity: 'error', message: 'UNIT_GUID 1 is also T’s MEDIA/C/HUM_F.DAT', file: 'XOVER: MEDIA/UNITS/X/HUM_F.DAT', line: 64, check: 'duplicate-unit-guid' },
      { severity: 'info', message: 'BASEFILE MEDIA/B.DAT: not checked', file: 'MEDIA/UNITS/A.DAT', line: 2, check: 'reference' },
    ]);
    expect(ck.targetFindings(null)).toEqual([]);
  });
  it('does not take a mod whose name only starts like the target’s', () => {
    const r = report();
    r.findings = [f('TT', 'duplicate-unit-guid', 'error', 'A.DAT', 1, 'm', 'TT: B.DAT')];
    expect(ck.targetFindings(r)).toEqual([]);
  });
});

describe('problemsById', () => {
  it('gives each mod its problems by id, folding more than three of a kind into one with the count', () => {
    const p = ck.problemsById(report());
    expect([...p.keys()]).toEqual(['3003', '-2318989449992446293']);
    expect(p.get('3003')).toEqual([
      { code: 'check-reference', severity: 'error', message: 'MEDIA/U/T.MATERIAL:7: texture MEDIA/U/GONE.DDS: missing' },
      { code: 'check-reference', severity: 'info', message: 'MEDIA/UNITS/A.DAT:2: BASEFILE MEDIA/B.DAT: not checked' },
    ]);
    const x = p.get('-2318989449992446293');
    expect(x.map((q) => [q.severity, q.count ?? 1])).toEqual([['error', 1], ['info', 5]]);
    expect(x[1].message).toBe('5 references into the game not checked (the game’s data was not given); the first: MEDIA/M/HUM_M.ANIMATION:10: animation FILE S1.SKELETON: not checked');
    expect(ck.problemsById(report(), 10).get('-2318989449992446293')).toHaveLength(6);
    expect(ck.problemsById(null).size).toBe(0);
  });
});

describe('summary', () => {
  it('counts errors and notes, and says when the game’s data was missing', () => {
    expect(ck.summary(report())).toBe('2 errors, 6 not checked in 2 mods (17 ms); without the game’s data, references into the game are not checked');
    expect(ck.summary({ ...report(), game: '/g/PAKS/DATA.PAK' }, ck.targetFindings(report()))).toBe('2 errors, 1 not checked in 2 mods (17 ms)');
    expect(ck.summary(null)).toBe('');
  });
});
