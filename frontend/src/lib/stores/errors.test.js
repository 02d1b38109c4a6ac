import { describe, it, expect } from 'vitest';
import { errors, report, dismiss, clear } from './errors.svelte.js';

describe('the error banner', () => {
  it('holds the latest error only, with its plain words', () => {
    report(new Error('first'), 'a.mod');
    report('open b.mod: no such file or directory', 'b.mod');
    expect(errors.list).toHaveLength(1);
    expect(errors.list[0]).toMatchObject({ msg: 'open b.mod: no such file or directory', about: 'b.mod', open: false });
    expect(errors.list[0].summary).toBe('The file is not there: it was moved, renamed or deleted. Check the path.');
    expect(errors.list[0].detail).toBe('open b.mod: no such file or directory');
  });
  it('dismiss and clear take it off', () => {
    report('x');
    dismiss(errors.list[0].id + 1);
    expect(errors.list).toHaveLength(1);
    dismiss(errors.list[0].id);
    expect(errors.list).toEqual([]);
    report('y');
    clear();
    expect(errors.list).toEqual([]);
  });
});
