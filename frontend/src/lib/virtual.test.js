import { describe, it, expect } from 'vitest';
import { windowOf, scrollToRow } from './virtual.js';

describe('the rows a long list draws (issue 46)', () => {
  it('draws the rows in view and a few either side, whatever the total', () => {
    expect(windowOf(0, 220, 20, 30000, 6)).toEqual({ first: 0, last: 17 });
    expect(windowOf(20 * 15000, 220, 20, 30000, 6)).toEqual({ first: 14994, last: 15017 });
    expect(windowOf(20 * 29990, 220, 20, 30000, 6)).toEqual({ first: 29984, last: 30000 });
    expect(windowOf(0, 220, 20, 5, 6)).toEqual({ first: 0, last: 5 });
    expect(windowOf(0, 220, 20, 0, 6)).toEqual({ first: 0, last: 0 });
  });
  it('draws a screenful before the box is measured, never a negative or inverted window', () => {
    expect(windowOf(0, 0, 20, 30000, 0)).toEqual({ first: 0, last: 40 });
    expect(windowOf(-50, 200, 20, 30000, 6)).toEqual({ first: 0, last: 16 });
    expect(windowOf(1e9, 200, 20, 100, 6)).toEqual({ first: 100, last: 100 });
  });
  it('scrolls a row into view only when it is out of it', () => {
    expect(scrollToRow(3, 0, 200, 20)).toBe(0);
    expect(scrollToRow(20, 0, 200, 20)).toBe(220);
    expect(scrollToRow(2, 100, 200, 20)).toBe(40);
  });
});
