import { describe, it, expect } from 'vitest';
import { size, count, baseName, dirName, percent, defaultExtractDir, plural, jobFigures } from './format.js';

describe('format', () => {
  it('sizes', () => {
    expect(size(0)).toBe('0 B');
    expect(size(1023)).toBe('1023 B');
    expect(size(1536)).toBe('1.5 KB');
    expect(size(678207)).toBe('662 KB');
    expect(size(3 * 1024 ** 3)).toBe('3.0 GB');
    expect(size(-1)).toBe('?');
  });
  it('counts', () => {
    expect(count(100000)).toBe('100,000');
    expect(count(47)).toBe('47');
  });
  it('paths', () => {
    expect(baseName('MEDIA/UNITS/A.DAT')).toBe('A.DAT');
    expect(baseName('C:\\mods\\X.MOD')).toBe('X.MOD');
    expect(dirName('MEDIA/UNITS/A.DAT')).toBe('MEDIA/UNITS');
    expect(dirName('A.DAT')).toBe('');
  });
  it('percent', () => {
    expect(percent(50, 200)).toBe(25);
    expect(percent(5, 0)).toBe(null);
    expect(percent(300, 200)).toBe(100);
  });
  it('default extract dir keeps the platform separator', () => {
    expect(defaultExtractDir('/home/u/demo.zip')).toBe('/home/u/demo_extracted');
    expect(defaultExtractDir('C:\\Games\\mods\\X.MOD')).toBe('C:\\Games\\mods\\X_extracted');
  });
  it('says one entry, two entries', () => {
    expect(plural(1, 'entry')).toBe('1 entry');
    expect(plural(0, 'entry')).toBe('0 entries');
    expect(plural(2, 'entry')).toBe('2 entries');
    expect(plural(1200, 'hit')).toBe('1,200 hits');
    expect(plural(1, 'hit')).toBe('1 hit');
    expect(plural(3, 'match')).toBe('3 matches');
    expect(plural(2, 'key')).toBe('2 keys');
    expect(plural(1, 'text entry', 'text entries')).toBe('1 text entry');
  });
  it('never shows a job as 0 / 0', () => {
    expect(jobFigures({ kind: 'pack', done: 0, total: 0 })).toBe('starting…');
    expect(jobFigures({ kind: 'search', done: 7, total: 0 })).toBe('7');
    expect(jobFigures({ kind: 'search', done: 7, total: 1200 })).toBe('7 / 1,200');
    expect(jobFigures({ kind: 'extract', done: 1536, total: 3072 })).toBe('1.5 KB / 3.0 KB');
    expect(jobFigures({ kind: 'extract', done: 0, total: 0 })).toBe('starting…');
  });
});
