import { describe, it, expect } from 'vitest';
import { tabLabels, newView } from './tabs.js';

describe('tabLabels', () => {
  it('keeps a unique name as it is', () => {
    expect(tabLabels([{ id: 'a', name: 'A.MOD', path: '/m/x/A.MOD' }, { id: 'b', name: 'B.MOD', path: '/m/x/B.MOD' }])).toEqual({ a: 'A.MOD', b: 'B.MOD' });
  });
  it('adds the parent folder where two tabs share a name', () => {
    const got = tabLabels([
      { id: '1', name: 'MEDIA', path: '/w/sample_mod/MEDIA' },
      { id: '2', name: 'MEDIA', path: '/w/other_mod/MEDIA' },
      { id: '3', name: 'DATA.PAK', path: '/g/DATA.PAK' },
    ]);
    expect(got).toEqual({ 1: 'MEDIA — sample_mod', 2: 'MEDIA — other_mod', 3: 'DATA.PAK' });
  });
  it('goes up until the names differ (Windows paths too)', () => {
    const got = tabLabels([
      { id: '1', name: 'X.MOD', path: 'C:\\a\\b\\c\\X.MOD' },
      { id: '2', name: 'X.MOD', path: 'C:\\d\\b\\c\\X.MOD' },
    ]);
    expect(got['1']).toBe('X.MOD — a/b/c');
    expect(got['2']).toBe('X.MOD — d/b/c');
    expect(new Set(Object.values(got)).size).toBe(2);
  });
});

describe('newView', () => {
  it('starts each tab with its own scroll and preview memory', () => {
    const a = newView({ path: '/a' });
    const b = newView({ path: '/b' });
    a.list.scroll = 240;
    a.preview.image.zoom = 4;
    expect(b.list).toEqual({ scroll: 0, anchor: -1 });
    expect(b.preview.image).toEqual({});
  });
});
