import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { kindOf, groupFindings, foldFindings } from './findings.js';

const w = (file, message, check) => ({ severity: 'warning', file, message, check });

describe('findings of one kind', () => {
  it('takes names, numbers and quoted values out of a message', () => {
    expect(kindOf('UNIQUE_GUID "339886767DIE31069" is not a number; packed as 339886767')).toBe(kindOf('UNIQUE_GUID "12abc" is not a number; packed as 12'));
    expect(kindOf('block holds 17689 bytes, manifest says 0x4510')).toBe('block holds # bytes, manifest says #');
    expect(kindOf('unknown property FOO')).not.toBe(kindOf('lower-case key level'));
  });
  it('groups 2,800 of one kind into one row and keeps the others apart', () => {
    const fs = [];
    for (let i = 0; i < 2800; i++) fs.push(w(`MEDIA/UNITS/U${i}.DAT`, `line ${i + 1}: unknown property "SHADOWS"`));
    fs.push(w('MEDIA/A.DAT', 'lower-case key level: the engine never reads it'));
    fs.push({ severity: 'error', file: 'MEDIA/B.DAT', message: `line 3: unknown property "SHADOWS"` });
    const g = foldFindings(fs);
    expect(g.map((x) => [x.severity, x.items.length, x.folded])).toEqual([
      ['warning', 2800, true],
      ['warning', 1, false],
      ['error', 1, false],
    ]);
    expect(g[0].items[1].file).toBe('MEDIA/UNITS/U1.DAT');
  });
  it('keeps two of a kind unfolded, and tells checks apart', () => {
    const g = foldFindings([w('A', 'x 1', 'crc'), w('B', 'x 2', 'crc'), w('C', 'x 3', 'inflate')]);
    expect(g.map((x) => [x.items.length, x.folded])).toEqual([[2, false], [1, false]]);
    expect(groupFindings([]).length).toBe(0);
  });
});

describe('the kinds the CLI folds by (testdata/fold/kinds.json)', () => {
  const v = JSON.parse(readFileSync(new URL('../../../testdata/fold/kinds.json', import.meta.url), 'utf8'));
  it('has the cases', () => expect(v.kinds.length).toBeGreaterThanOrEqual(5));
  for (const [msg, kind] of v.kinds) it(msg.slice(0, 60), () => expect(kindOf(msg)).toBe(kind));
  it('folds 1,667 guessed units, each naming its own base file and fields, into one row', () => {
    const fs = [];
    for (let i = 0; i < 1667; i++)
      fs.push(w(`MEDIA/UNITS/U${i}.DAT`, `UNITDATA.RAW: GUESSED: inherits from MEDIA/UNITS/B${i % 7}.DAT, which could not be read, so F${i % 5} were guessed`));
    const g = foldFindings(fs);
    expect(g.map((x) => [x.items.length, x.folded])).toEqual([[1667, true]]);
  });
});
