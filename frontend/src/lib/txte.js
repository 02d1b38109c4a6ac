// Reborn text tables: macro codes (private-use code points) travel as
// {U+XXXX} between Go and the window.

/** Splits text into plain runs and {U+XXXX} macro codes, to show codes apart. */
export function macroParts(text) {
  return text
    .split(/(\{U\+[0-9A-Fa-f]{4,6}\})/)
    .filter((p) => p !== '')
    .map((p) => ({ code: /^\{U\+/.test(p), text: p }));
}
