import { describe, it, expect } from 'vitest';
import { inspect, hexRow } from './inspect.js';

const get = (rows, name) => rows.find((r) => r.name === name).value;

describe('inspect', () => {
  it('reads little and big endian', () => {
    const b = new Uint8Array([0x01, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff]);
    const le = inspect(b, true);
    expect(get(le, 'u8')).toBe('1');
    expect(get(le, 'u16')).toBe('1');
    expect(get(le, 'u32')).toBe('1');
    expect(get(le, 'i64')).toBe('-4294967295');
    expect(get(le, 'u64')).toBe('18446744069414584321');
    const be = inspect(b, false);
    expect(get(be, 'u16')).toBe('256');
    expect(get(be, 'u32')).toBe('16777216');
    expect(get(be, 'i32')).toBe('16777216');
  });
  it('reads floats', () => {
    expect(get(inspect(new Uint8Array([0, 0, 0x80, 0x3f]), true), 'f32')).toBe('1');
    expect(get(inspect(new Uint8Array([0x3f, 0x80, 0, 0]), false), 'f32')).toBe('1');
    expect(get(inspect(new Uint8Array([0, 0, 0, 0, 0, 0, 0xf0, 0x3f]), true), 'f64')).toBe('1');
    expect(get(inspect(new Uint8Array([0xcd, 0xcc, 0xcc, 0x3d]), true), 'f32')).toBe('0.100000001');
    expect(get(inspect(new Uint8Array([0, 0, 0x80, 0x7f]), true), 'f32')).toBe('+Inf');
  });
  it('marks types that do not fit', () => {
    const r = inspect(new Uint8Array([0xff, 0x7f]), true);
    expect(get(r, 'i8')).toBe('-1');
    expect(get(r, 'i16')).toBe('32767');
    expect(get(r, 'u32')).toBe('—');
    expect(get(r, 'f64')).toBe('—');
  });
});

describe('hexRow', () => {
  it('formats a short row', () => {
    const r = hexRow(0x10, new Uint8Array([0x41, 0x00, 0x7f]));
    expect(r.offset).toBe('00000010');
    expect(r.hex.slice(0, 4)).toEqual(['41', '00', '7F', '  ']);
    expect(r.ascii).toBe('A..' + ' '.repeat(13));
  });
});
