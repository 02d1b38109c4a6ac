import { describe, it, expect, vi, beforeEach, afterEach } from 'vitest';
import * as mg from './merge.js';

const conflict = (path, block, property, winner, values) => ({
  key: `${path}|${block}|${property}`, path, block, property, winner, base: '1000', basePresent: true,
  values: values.map(([mod, value, present = true]) => ({ mod, value, present, changed: true, type: 'INTEGER' })),
});

describe('byFile', () => {
  it('groups conflicts by file, in the order given', () => {
    const cs = [
      conflict('B.DAT', 'X', 'P', 'A', [['A', '1'], ['B', '2']]),
      conflict('A.DAT', 'X', 'Q', 'A', [['A', '1'], ['B', '2']]),
      conflict('B.DAT', 'X', 'R', 'B', [['A', '1'], ['B', '2']]),
    ];
    const g = mg.byFile(cs);
    expect(g.map((f) => f.path)).toEqual(['B.DAT', 'A.DAT']);
    expect(g[0].conflicts.map((c) => c.property)).toEqual(['P', 'R']);
    expect(mg.byFile(null)).toEqual([]);
  });
});

describe('choices and shown', () => {
  it('lists every mod with its value and marks the winner and the losers', () => {
    const c = { ...conflict('A.DAT', 'SKILL', 'COOLDOWNMS', 'Mod B', [['Mod A', '5000'], ['Mod B', '', false]]), losers: ['Mod A'] };
    expect(mg.choices(c)).toEqual([
      { mod: 'Mod A', value: '5000', winner: false, lost: true },
      { mod: 'Mod B', value: '(absent)', winner: true, lost: false },
    ]);
  });
  it('says which mod lost, never "merged into the patch" (issue 43)', () => {
    const prop = { ...conflict('A.DAT', 'SKILL', 'COOLDOWNMS', 'Mod A', [['Mod A', '5000'], ['Mod B', '200'], ['Mod C', '7']]), losers: ['Mod B', 'Mod C'] };
    expect(mg.lostText(prop)).toBe("Mod B and Mod C's change is lost (Mod A wins)");
    const removed = { ...conflict('FX.LAYOUT', 'L/OBJECTS/BASEOBJECT#ID=2', '', 'Mod A', [['Mod A', '[BASEOBJECT] with 9 properties'], ['Mod B', '', false]]), losers: ['Mod B'] };
    expect(mg.lostText(removed)).toBe("Mod B's removal is lost (Mod A wins)");
    const kept = { ...conflict('FX.LAYOUT', 'L/OBJECTS/BASEOBJECT#ID=2', '', 'Mod B', [['Mod A', '[BASEOBJECT] with 9 properties'], ['Mod B', '', false]]), losers: ['Mod A'] };
    expect(mg.lostText(kept)).toBe("Mod A's changed block is lost (Mod B wins)");
    expect(mg.lostText({ ...prop, losers: [] })).toBe('');
  });
});

describe('applyFile', () => {
  const view = () => ({
    files: [{ path: 'A.DAT' }, { path: 'C.DAT' }],
    conflicts: [conflict('A.DAT', 'X', 'P', 'M0', []), conflict('B.DAT', 'X', 'P', 'M0', []), conflict('C.DAT', 'X', 'P', 'M0', [])],
    leftOut: 1, winners: {},
  });
  it("replaces one file's row and conflicts in place, the rest untouched", () => {
    const v = view();
    const r = { path: 'B.DAT', file: { path: 'B.DAT', status: 'conflict' }, conflicts: [{ ...conflict('B.DAT', 'X', 'P', 'M1', []), overridden: true }], winners: { 'B.DAT|X|P': 'M1' } };
    const out = mg.applyFile(v, r);
    expect(out.files.map((f) => f.path)).toEqual(['A.DAT', 'B.DAT', 'C.DAT']);
    expect(out.conflicts.map((c) => `${c.path}:${c.winner}`)).toEqual(['A.DAT:M0', 'B.DAT:M1', 'C.DAT:M0']);
    expect(out.leftOut).toBe(0);
    expect(out.winners).toEqual({ 'B.DAT|X|P': 'M1' });
    expect(out.conflicts[0]).toBe(v.conflicts[0]);
  });
  it('drops the row of a file the patch now leaves out', () => {
    const out = mg.applyFile(view(), { path: 'C.DAT', file: null, conflicts: [conflict('C.DAT', 'X', 'P', 'M0', [])], winners: {} });
    expect(out.files.map((f) => f.path)).toEqual(['A.DAT']);
    expect(out.conflicts.map((c) => c.path)).toEqual(['A.DAT', 'B.DAT', 'C.DAT']);
    expect(out.leftOut).toBe(2);
  });
  it('names the place of a block conflict', () => {
    expect(mg.where({ block: 'SKILL/LEVEL1', property: '' })).toBe('SKILL/LEVEL1 (whole block)');
    expect(mg.where({ block: 'SKILL', property: 'COOLDOWNMS' })).toBe('SKILL › COOLDOWNMS');
    expect(mg.where({ block: 'Layout/OBJECTS/BASEOBJECT#ID=5/PROPERTIES', label: 'Sound "Boom"', property: 'RADIUS' })).toBe('Sound "Boom" › RADIUS');
  });
});

describe('lineDiff', () => {
  it('keeps common lines and marks removed and added ones', () => {
    const d = mg.lineDiff('[A]\r\n\t<INTEGER>X:1\r\n\t<INTEGER>Y:2\r\n[/A]\r\n', '[A]\r\n\t<INTEGER>X:5\r\n\t<INTEGER>Y:2\r\n\t<STRING>Z:n\r\n[/A]\r\n');
    expect(d).toEqual([
      { kind: ' ', text: '[A]' },
      { kind: '-', text: '\t<INTEGER>X:1' },
      { kind: '+', text: '\t<INTEGER>X:5' },
      { kind: ' ', text: '\t<INTEGER>Y:2' },
      { kind: '+', text: '\t<STRING>Z:n' },
      { kind: ' ', text: '[/A]' },
    ]);
  });
  it('handles empty sides and falls back past the size limit', () => {
    expect(mg.lineDiff('', 'a\nb')).toEqual([{ kind: '+', text: 'a' }, { kind: '+', text: 'b' }]);
    expect(mg.lineDiff('a', '')).toEqual([{ kind: '-', text: 'a' }]);
    expect(mg.lineDiff('a\nb\nc', 'a\nb\nc', 2).filter((l) => l.kind === ' ')).toEqual([]);
  });
});

describe('bridge calls', () => {
  let calls;
  beforeEach(() => {
    calls = [];
    globalThis.window = globalThis.window ?? {};
    window.go = { app: { LoadOrderService: {}, SettingsService: { Job: async (id) => ({ id, state: 'done', result: { built: id } }) } } };
    // Every call that merges is a job (app/merge.go): the bound call answers
    // its id, the bridge waits for its end (here: the status asked for) and
    // resolves to its result.
    window.runtime = { EventsOnMultiple: () => () => {} };
    for (const [n, id] of [['MergedPatch', 'job-4'], ['MergedPatchDiff', 'job-5'], ['MergedPatchSetWinner', 'job-6'], ['MergedPatchBuild', 'job-7']]) {
      window.go.app.LoadOrderService[n] = (...args) => { calls.push([n, ...args]); return Promise.resolve(id); };
    }
  });
  afterEach(() => { delete window.go; delete window.runtime; });

  it('forwards to the bound methods with their arguments', async () => {
    expect(await mg.preview('/u')).toEqual({ built: 'job-4' });
    expect(await mg.diff('/u', '', '/g', 'MEDIA/X.DAT')).toEqual({ built: 'job-5' });
    expect(await mg.setWinner('/u', '', '/g', 'K', undefined)).toEqual({ built: 'job-6' });
    expect(await mg.build('/u', '/m', '/g')).toEqual({ built: 'job-7' });
    expect(calls).toEqual([
      ['MergedPatch', '/u', '', ''],
      ['MergedPatchDiff', '/u', '', '/g', 'MEDIA/X.DAT'],
      ['MergedPatchSetWinner', '/u', '', '/g', 'K', ''],
      ['MergedPatchBuild', '/u', '/m', '/g'],
    ]);
  });
});

describe('conflictRows (issue 46: one line a row, for a list that draws only the rows in view)', () => {
  it('gives a file row, then per conflict its place, a row per version and a reset row when picked by hand', () => {
    const a = conflict('B.DAT', 'X', 'P', 'A', [['A', '1'], ['B', '2']]);
    const b = { ...conflict('B.DAT', 'X', 'R', 'B', [['A', '1'], ['B', '2']]), overridden: true };
    const rows = mg.conflictRows([a, b]);
    expect(rows.map((r) => r.kind)).toEqual(['file', 'where', 'choice', 'choice', 'where', 'choice', 'choice', 'reset']);
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
    expect(rows[3].ch).toEqual({ mod: 'B', value: '2', winner: false, lost: false });
    expect(mg.conflictRows(undefined)).toEqual([]);
  });
});

describe('staleText (issue 46: messages for people, from Go’s reason as data)', () => {
  it('names the window’s button, never the command line, and each mod by its title and place', () => {
    const order = { what: 'order', mod: '-4010838031969834176', title: 'Walk Mod B', placeThen: 1, placeNow: 2, row: 3, other: '7', otherTitle: 'Walk Mod A' };
    expect(mg.staleText(order)).toBe('the load order changed since it was built: "Walk Mod B" was #1 of the mods it was built from and is #2 now (row 3); "Walk Mod A" is #1: build it again (Merged patch → Build and deploy)');
    expect(mg.staleText({ what: 'order', mod: '99', placeThen: 2, other: '7', otherTitle: 'X' }))
      .toBe('the load order changed since it was built: the mod with id 99 was #2 of the mods it was built from and is not loaded now; "X" is #2: build it again (Merged patch → Build and deploy)');
    expect(mg.staleText({ what: 'changed', mod: '7', title: 'Walk Mod A' })).toBe('"Walk Mod A" changed since it was built: build it again (Merged patch → Build and deploy)');
    expect(mg.staleText({ what: 'count', built: 2, loaded: 3 })).toBe('it was built from 2 mods and 3 are loaded now: build it again (Merged patch → Build and deploy)');
    expect(mg.staleText(null)).toBe('');
    for (const w of ['unlisted', 'order', 'changed', 'count', 'unreadable']) expect(mg.staleText({ what: w, mod: '1' })).not.toMatch(/packsmith|-?\d{6,}/);
  });
  it('finds the reason on the view or on the patch row, and words a row problem from it', () => {
    const why = { what: 'changed', mod: '7', title: 'A' };
    expect(mg.staleReason({ mergedPatch: { staleWhy: why }, mods: [] })).toBe(why);
    const p = { code: 'merged-patch-stale', message: 'The merged patch is out of date: … (packsmith merge).', stale: why };
    expect(mg.staleReason({ mergedPatch: { stale: '' }, mods: [{ problems: [] }, { problems: [p] }] })).toBe(why);
    expect(mg.staleReason({ mods: [] })).toBe(null);
    expect(mg.problemText(p)).toBe('The merged patch is out of date: "A" changed since it was built: build it again (Merged patch → Build and deploy).');
    expect(mg.problemText({ code: 'x', message: 'as Go said' })).toBe('as Go said');
  });

  it('says why Build and deploy has nothing to write (issue 46 day: the button was greyed with no word)', () => {
    expect(mg.nothingToPatchText({ files: [], leftOut: 3329 })).toBe(
      "No patch is needed: all 3329 shared text files merge to what the load order already gives (the first mod's copy), so Build and deploy has nothing to write.");
    expect(mg.nothingToPatchText({ files: [], leftOut: 1 })).toMatch(/^No patch is needed: the one shared text file merges to/);
    expect(mg.nothingToPatchText({ files: [{ path: 'A' }], leftOut: 5 })).toBe('');
    expect(mg.nothingToPatchText({ files: [], leftOut: 0 })).toBe('');
    expect(mg.nothingToPatchText(null)).toBe('');
  });
});
