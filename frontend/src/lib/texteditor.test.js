import { describe, it, expect } from 'vitest';
import { History, findAll, nextMatch, lineAt, lineStart, marksByLine } from './texteditor.js';

describe('History', () => {
  it('coalesces quick typing and undoes to the start', () => {
    const h = new History('a');
    h.record('ab', 2, 1000);
    h.record('abc', 3, 1100); // joins the last edit
    h.record('abcd', 4, 5000); // a new step
    expect(h.undo().text).toBe('abc');
    expect(h.undo().text).toBe('a');
    expect(h.canUndo).toBe(false);
    expect(h.redo().text).toBe('abc');
    h.record('abcX', 4, 9000); // drops the redo branch
    expect(h.canRedo).toBe(false);
    expect(h.undo().text).toBe('abc');
  });
  it('ignores a record of the same text', () => {
    const h = new History('x');
    h.record('x', 0, 1);
    expect(h.canUndo).toBe(false);
  });
});

describe('find', () => {
  it('finds every match, case-insensitively by default', () => {
    expect(findAll('Level LEVEL level', 'level')).toEqual([0, 6, 12]);
    expect(findAll('Level LEVEL level', 'level', true)).toEqual([12]);
    expect(findAll('aaa', '')).toEqual([]);
  });
  it('wraps around both ways', () => {
    const m = [2, 8, 20];
    expect(nextMatch(m, 9)).toBe(2);
    expect(nextMatch(m, 21)).toBe(0);
    expect(nextMatch(m, 8, true)).toBe(0);
    expect(nextMatch(m, 1, true)).toBe(2);
    expect(nextMatch([], 0)).toBe(-1);
  });
});

describe('lines', () => {
  const t = 'one\ntwo\nthree';
  it('maps offsets and lines', () => {
    expect(lineAt(t, 0)).toBe(1);
    expect(lineAt(t, 4)).toBe(2);
    expect(lineAt(t, 9)).toBe(3);
    expect(lineStart(t, 3)).toBe(8);
    expect(lineStart(t, 9)).toBe(t.length);
  });
  it('groups marks by line', () => {
    expect(marksByLine([{ line: 3, message: 'a' }, { line: 0, message: 'b' }, { line: 3, message: 'c' }])).toEqual({ 3: [{ line: 3, message: 'a' }, { line: 3, message: 'c' }], 0: [{ line: 0, message: 'b' }] });
  });
});
