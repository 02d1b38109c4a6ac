import { describe, it, expect } from 'vitest';
import { size, count, baseName, dirName, percent, defaultExtractDir } from './format.js';

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
});
