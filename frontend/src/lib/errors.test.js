import { describe, it, expect } from 'vitest';
import { explain } from './errors.js';

describe('explain', () => {
  it('puts plain words first and keeps the technical message', () => {
    const r = explain('open /x/missing.zip: no such file or directory');
    expect(r.summary).toMatch(/not there/);
    expect(r.detail).toBe('open /x/missing.zip: no such file or directory');
  });
  it('a job cancelled from the job bar says so, not "cancelled" alone', () => {
    expect(explain('cancelled').summary).toMatch(/cancelled from the job bar/);
    expect(explain('the file was cancelled by the game').summary).not.toMatch(/job bar/);
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
  it('names the pack a wrong password was given for, the check byte under Details', () => {
    const msg = 'locked.iop: data/a.txt (offset 0x0): wrong password (the password check byte decrypts to 0x1F, expected 0x8C)';
    const r = explain(msg, 'locked.iop');
    expect(r.summary).toMatch(/^Wrong password for locked\.iop\./);
    expect(r.summary).not.toMatch(/check byte|0x/);
    expect(r.detail).toBe(msg);
    expect(explain(msg).summary).toMatch(/^Wrong password\./);
  });
  it('tells a busy file from a file named locked', () => {
    expect(explain('/m/X.MOD is in use by another Packsmith (waited 2s)').summary).toMatch(/Another program is using this file/);
    expect(explain('open C:\\m\\X.MOD: The process cannot access the file because it is being used by another process.').summary).toMatch(/Another program/);
    expect(explain('locked.iop: data/a.txt: entry is damaged').summary).not.toMatch(/Another program/);
  });
  it('says how to fix a picture of the wrong size with what the Replace dialog has', () => {
    const r = explain('replace textures/a.dds: dds: the picture is 60×30 but the texture is 64×32 (ask for a resize to scale it) (at offset 12)');
    expect(r.summary).toBe('The picture is 60×30 but the texture is 64×32: scale the picture to 64×32 in an image editor, then replace again.');
    expect(r.detail).toBe('replace textures/a.dds: dds: the picture is 60×30 but the texture is 64×32 (at offset 12)');
    expect(r.summary + r.detail).not.toMatch(/resize/);
  });
});
