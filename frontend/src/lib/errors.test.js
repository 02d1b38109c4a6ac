import { describe, it, expect } from 'vitest';
import { explain } from './errors.js';

describe('explain', () => {
  it('puts plain words first and keeps the technical message', () => {
    const r = explain('open /x/missing.zip: no such file or directory');
    expect(r.summary).toMatch(/not there/);
    expect(r.detail).toBe('open /x/missing.zip: no such file or directory');
  });
  it('reads Error objects', () => {
    expect(explain(new Error('a.MOD: MEDIA/X.DAT (offset 0x10): unexpected EOF')).summary).toMatch(/ends early/);
  });
  it('passes unknown messages through as the summary', () => {
    expect(explain('something odd')).toEqual({ summary: 'something odd', detail: '' });
  });
  it('says what to do for a write-back refusal', () => {
    expect(explain('x.dat: #9: reborn-dat archives keep their entries in a fixed order: only replacing an entry is possible').summary).toMatch(/replaced, not added/);
  });
});
