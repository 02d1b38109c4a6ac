import { describe, it, expect } from 'vitest';
import { parsePack, sizeText, gridTexels, alphaFlags, pieceProblems, pieceProblemText, fetchPack, aborted } from './pack3d.js';

function pack(header, blob) {
  let js = new TextEncoder().encode(JSON.stringify(header));
  const pad = (4 - (js.length % 4)) % 4;
  const out = new Uint8Array(8 + js.length + pad + blob.byteLength);
  out.set(new TextEncoder().encode('PSM1'));
  new DataView(out.buffer).setUint32(4, js.length + pad, true);
  out.set(js, 8);
  out.fill(32, 8 + js.length, 8 + js.length + pad);
  out.set(new Uint8Array(blob), 8 + js.length + pad);
  return out.buffer;
}

describe('parsePack', () => {
  it('reads the header and views into the blob', () => {
    const blob = new ArrayBuffer(20);
    new Float32Array(blob, 0, 3).set([1, 2.5, -3]);
    new Uint32Array(blob, 12, 2).set([7, 9]);
    const p = parsePack(pack({ kind: 'mesh', x: 'é' }, blob));
    expect(p.header).toEqual({ kind: 'mesh', x: 'é' });
    expect([...p.f32(0, 3)]).toEqual([1, 2.5, -3]);
    expect([...p.u32(12, 2)]).toEqual([7, 9]);
    expect(p.f32(-1, 3)).toBe(null);
    expect(() => p.u32(16, 2)).toThrow(/outside the 3D data/);
  });
  it('refuses what is not a pack', () => {
    expect(() => parsePack(new TextEncoder().encode('PNG\x89....').buffer)).toThrow(/not 3D data/);
    const b = pack({}, new ArrayBuffer(0));
    new DataView(b).setUint32(4, 999, true);
    expect(() => parsePack(b)).toThrow(/claims 999 bytes/);
  });
});

it('sizeText and gridTexels', () => {
  expect(sizeText([16.3044, 14, 15.8])).toBe('16.30 × 14.00 × 15.80');
  const t = gridTexels(new Uint8Array([0, 1, 255]), { walkable: '#D9E8C4', wall: '#8A4B2E', void: '#1B1E2B' });
  expect([...t]).toEqual([0xd9, 0xe8, 0xc4, 255, 0x8a, 0x4b, 0x2e, 255, 0, 0, 0, 0]);
});

describe('alpha as the material says (issue 46)', () => {
  it('turns blend and alphaCut into the shader flags; anything else draws opaque', () => {
    expect(alphaFlags({ blend: 'alpha', alphaCut: 201 })).toEqual({ cut: 201 / 255, blend: 'alpha' });
    expect(alphaFlags({ alphaCut: 128 })).toEqual({ cut: 128 / 255, blend: '' });
    expect(alphaFlags({ blend: 'add' })).toEqual({ cut: 0, blend: 'add' });
    expect(alphaFlags({ blend: 'modulate', alphaCut: -4 })).toEqual({ cut: 0, blend: '' });
    expect(alphaFlags({ alphaCut: 256 }).cut).toBeGreaterThan(1);
    expect(alphaFlags(null)).toEqual({ cut: 0, blend: '' });
  });
});

describe('the level view’s piece problems (issue 46)', () => {
  it('counts the missing meshes behind the pieces, not only the pieces', () => {
    const pieces = [
      ...Array.from({ length: 96 }, (_, i) => ({ problem: 'visual mesh missing', mesh: `M/${i % 3}.MESH` })),
      { problem: 'collision mesh missing', collision: 'C.MESH' },
      { problem: 'piece GUID in no LEVELSETS .DAT', guid: 5 },
      { problem: '' },
    ];
    const g = pieceProblems(pieces);
    expect(g).toEqual([
      { problem: 'visual mesh missing', pieces: 96, sources: 3 },
      { problem: 'collision mesh missing', pieces: 1, sources: 1 },
      { problem: 'piece GUID in no LEVELSETS .DAT', pieces: 1, sources: 1 },
    ]);
    expect(g.map((x) => pieceProblemText(x, 99))).toEqual([
      '3 visual meshes missing: 96 of 99 pieces use them',
      '1 collision mesh missing: 1 of 99 pieces use it',
      '1 piece GUID in no LEVELSETS .DAT: 1 of 99 pieces use it',
    ]);
    expect(pieceProblemText({ problem: 'odd', pieces: 2, sources: 1 }, 9)).toBe('2 of 9 pieces: odd');
  });
});

describe('fetchPack', () => {
  it('passes the signal on, so closing the view ends the request, and an ended request is no error to show', async () => {
    const seen = [];
    globalThis.fetch = (url, init) => {
      seen.push(init?.signal);
      return new Promise((_, reject) => init.signal.addEventListener('abort', () => reject(new DOMException('gone', 'AbortError'))));
    };
    const ac = new AbortController();
    const p = fetchPack('/api/mesh?s=1', ac.signal);
    ac.abort();
    const err = await p.catch((e) => e);
    expect(seen[0]).toBe(ac.signal);
    expect(aborted(err)).toBe(true);
    expect(aborted(new Error('skeleton not found'))).toBe(false);
  });
});
