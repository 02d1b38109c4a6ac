import { describe, it, expect } from 'vitest';
import { dropdownAt } from './ui.svelte.js';

describe('the Recent dropdown', () => {
  it('opens under its button', () => {
    expect(dropdownAt({ bottom: 30, left: 100 }, 1280)).toEqual({ top: 34, left: 100 });
  });
  it('moves left to stay inside the window, never past its left margin', () => {
    expect(dropdownAt({ bottom: 30, left: 900 }, 1280)).toEqual({ top: 34, left: 1280 - 520 - 8 });
    expect(dropdownAt({ bottom: 30, left: 300 }, 400)).toEqual({ top: 34, left: 8 });
  });
});
