// The editor pane's logic, apart from the DOM (components/preview/TextEditor.svelte):
// an undo history that coalesces typing, find, and where a line starts.

/** Undo history of a text: snapshots with the caret, typing coalesced. */
export class History {
  constructor(text, caret = 0, coalesceMs = 600) {
    this.stack = [{ text, caret }];
    this.at = 0;
    this.coalesceMs = coalesceMs;
    this.last = 0;
  }
  /** Records text after an edit; edits within coalesceMs of the last one join it. */
  record(text, caret, now = Date.now()) {
    if (text === this.stack[this.at].text) return;
    this.stack.length = this.at + 1;
    if (this.at > 0 && now - this.last < this.coalesceMs) this.stack[this.at] = { text, caret };
    else {
      this.stack.push({ text, caret });
      this.at++;
    }
    this.last = now;
  }
  get canUndo() {
    return this.at > 0;
  }
  get canRedo() {
    return this.at < this.stack.length - 1;
  }
  undo() {
    if (this.canUndo) this.at--;
    this.last = 0;
    return this.stack[this.at];
  }
  redo() {
    if (this.canRedo) this.at++;
    this.last = 0;
    return this.stack[this.at];
  }
}

/** Offsets of every match of query in text (case-insensitive unless caseSensitive). */
export function findAll(text, query, caseSensitive = false) {
  if (!query) return [];
  const hay = caseSensitive ? text : text.toLowerCase();
  const needle = caseSensitive ? query : query.toLowerCase();
  const out = [];
  for (let i = hay.indexOf(needle); i >= 0; i = hay.indexOf(needle, i + Math.max(needle.length, 1))) out.push(i);
  return out;
}

/** The match after (or, backwards, before) offset from, wrapping around; -1 for none. */
export function nextMatch(matches, from, backwards = false) {
  if (!matches.length) return -1;
  if (backwards) {
    for (let i = matches.length - 1; i >= 0; i--) if (matches[i] < from) return i;
    return matches.length - 1;
  }
  for (let i = 0; i < matches.length; i++) if (matches[i] >= from) return i;
  return 0;
}

/** 1-based line of an offset. */
export function lineAt(text, offset) {
  let n = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** Offset where 1-based line n starts (the end of the text past the last line). */
export function lineStart(text, n) {
  let off = 0;
  for (let i = 1; i < n; i++) {
    const j = text.indexOf('\n', off);
    if (j < 0) return text.length;
    off = j + 1;
  }
  return off;
}

/** Marks grouped by line: {line: [mark…]}; marks without a line under 0. */
export function marksByLine(marks) {
  const out = {};
  for (const m of marks ?? []) (out[m.line || 0] ??= []).push(m);
  return out;
}
