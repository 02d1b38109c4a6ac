// The 3D view's data: a "PSM1" pack from /api/mesh or /api/level
// (backend/view/meshview/pack.go): magic, u32 JSON length, the JSON header,
// then a blob of little-endian arrays the header points into by byte
// offset. Views into the blob, no copies.

/** @param {ArrayBuffer} buf */
export function parsePack(buf) {
  if (buf.byteLength < 8) throw new Error('the 3D data is cut short');
  const magic = String.fromCharCode(...new Uint8Array(buf, 0, 4));
  if (magic !== 'PSM1') throw new Error(`not 3D data (starts with ${JSON.stringify(magic)})`);
  const n = new DataView(buf).getUint32(4, true);
  if (8 + n > buf.byteLength) throw new Error(`the 3D data's header claims ${n} bytes, ${buf.byteLength - 8} are there`);
  const header = JSON.parse(new TextDecoder().decode(new Uint8Array(buf, 8, n)));
  const base = 8 + n;
  const check = (off, bytes) => {
    if (off < 0 || base + off + bytes > buf.byteLength) throw new Error(`array at ${off} (${bytes} bytes) outside the 3D data`);
  };
  return {
    header,
    /** float32 × count at off, or null for -1 */
    f32(off, count) {
      if (off == null || off < 0) return null;
      check(off, 4 * count);
      return new Float32Array(buf, base + off, count);
    },
    u32(off, count) {
      check(off, 4 * count);
      return new Uint32Array(buf, base + off, count);
    },
    u8(off, count) {
      check(off, count);
      return new Uint8Array(buf, base + off, count);
    },
  };
}

/**
 * Fetch and parse a pack; a failed answer's text is the error. signal
 * (an AbortController's) ends the request: the Go side's context ends with
 * it, so a view closed while a large unit loads stops the work (issue 44).
 */
export async function fetchPack(url, signal) {
  const r = await fetch(url, { signal });
  if (!r.ok) throw new Error(await r.text());
  return parsePack(await r.arrayBuffer());
}

/** Whether err is a request ended by its AbortController (the view went away): not an error to show. */
export const aborted = (err) => err?.name === 'AbortError';

/** "16.30 × 14.00 × 15.80" for a bounds size. */
export const sizeText = (s) => (s || [0, 0, 0]).map((v) => Number(v).toFixed(2)).join(' × ');

/** The RGBA bytes of a walk grid overlay: one texel per cell, the grid view's colours (void transparent). */
export function gridTexels(cells, colors) {
  const hex = (h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
  const walk = hex(colors.walkable), wall = hex(colors.wall);
  const out = new Uint8Array(cells.length * 4);
  for (let i = 0; i < cells.length; i++) {
    const c = cells[i] === 0 ? walk : cells[i] === 1 ? wall : null;
    if (c) out.set([c[0], c[1], c[2], 255], 4 * i);
  }
  return out;
}

/**
 * How a submesh draws its texture's alpha, from the material facts the pack
 * carries (meshview.PackSubmesh: blend, alphaCut): cut is the lowest texel
 * alpha drawn as a 0–1 fraction (0: no test; alpha_rejection), blend is
 * 'alpha' (blended by the texel's alpha), 'add' (added, for glows) or ''
 * (opaque). Issue 46: a blended texture's transparent texels drew black.
 */
export function alphaFlags(s) {
  const cut = Math.min(Math.max(Number(s?.alphaCut) || 0, 0), 256);
  const blend = s?.blend === 'alpha' || s?.blend === 'add' ? s.blend : '';
  // A cut of 256 (always_fail) draws nothing; a hair above 1 says so in the shader.
  return { cut: cut >= 256 ? 1.01 : cut / 255, blend };
}

/**
 * What the level view says about its pieces' problems (issue 46: "99 of
 * 99 pieces have a problem" read as if every piece were broken when 3
 * meshes were missing): per problem, how many pieces it touches and how
 * many distinct meshes (or piece GUIDs) are behind it, most pieces first.
 * @param {{problem?: string, mesh?: string, collision?: string, guid?: any}[]} pieces
 * @returns {{problem: string, pieces: number, sources: number}[]}
 */
export function pieceProblems(pieces) {
  const by = new Map();
  for (const p of pieces ?? []) {
    if (!p.problem) continue;
    const g = by.get(p.problem) ?? { problem: p.problem, pieces: 0, set: new Set() };
    g.pieces++;
    const src = /collision/.test(p.problem) ? p.collision : /visual/.test(p.problem) ? p.mesh : `guid ${p.guid}`;
    g.set.add(src ?? '');
    by.set(p.problem, g);
  }
  return [...by.values()].map((g) => ({ problem: g.problem, pieces: g.pieces, sources: g.set.size })).sort((a, b) => b.pieces - a.pieces);
}

/** "3 visual meshes missing: 99 of 99 pieces use them" for a pieceProblems row. */
export function pieceProblemText(g, total) {
  const what = { 'visual mesh missing': ['visual mesh', 'visual meshes'], 'collision mesh missing': ['collision mesh', 'collision meshes'], 'piece GUID in no LEVELSETS .DAT': ['piece GUID', 'piece GUIDs'] }[g.problem];
  if (!what) return `${g.pieces} of ${total} pieces: ${g.problem}`;
  const [one, many] = what;
  const where = g.problem.startsWith('piece') ? 'in no LEVELSETS .DAT' : 'missing';
  return `${g.sources} ${g.sources === 1 ? one : many} ${where}: ${g.pieces} of ${total} pieces use ${g.sources === 1 ? 'it' : 'them'}`;
}
