import { describe, it, expect } from 'vitest';
import { macroParts } from './txte.js';

describe('macroParts', () => {
  it('splits macro codes from text and joins back to the same text', () => {
    const t = 'Denam {U+F8FF}speaks{U+E012}.';
    const parts = macroParts(t);
    expect(parts.map((p) => p.code)).toEqual([false, true, false, true, false]);
    expect(parts.map((p) => p.text).join('')).toBe(t);
    expect(macroParts('no codes')).toEqual([{ code: false, text: 'no codes' }]);
  });
});
