// Paths written in Torchlight II text (TEXTURE:MEDIA/…/X.DDS,
// BASEFILE:MEDIA\UNITS\…\X.DAT) become links to the entry they name.

const PATH = /MEDIA[\\/][^\s"'<>|*?:,;]*\.[A-Za-z0-9]{1,8}(?![A-Za-z0-9])/gi;

/** The key a written path is looked up by: / for \, upper case. */
export const pathKey = (p) => p.replace(/\\/g, '/').replace(/^\/+/, '').toUpperCase();

/** Distinct paths written in text (at most max), as written. */
export function findPaths(text, max = 500) {
  const seen = new Map();
  for (const m of text.matchAll(PATH)) {
    if (!isStart(text, m.index)) continue;
    const k = pathKey(m[0]);
    if (!seen.has(k)) seen.set(k, m[0]);
    if (seen.size >= max) break;
  }
  return [...seen.values()];
}

// A path starts a value: not the tail of a longer word (XMEDIA/…).
function isStart(s, i) {
  return i === 0 || !/[A-Za-z0-9_]/.test(s[i - 1]);
}

/**
 * Splits a string into plain text and written paths:
 * [{ text }, { text, path }] where path is the text as written.
 */
export function segments(s) {
  const out = [];
  let last = 0;
  for (const m of s.matchAll(PATH)) {
    if (!isStart(s, m.index)) continue;
    if (m.index > last) out.push({ text: s.slice(last, m.index) });
    out.push({ text: m[0], path: m[0] });
    last = m.index + m[0].length;
  }
  if (last < s.length || !out.length) out.push({ text: s.slice(last) });
  return out;
}
