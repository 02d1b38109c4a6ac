// The error banner: at most one, the latest error, in plain words first
// with the technical message under Details, naming the file it is about.
// Anything that fails reports here (through the workspace store's fail,
// which fills in the active archive's name); the banner's ✕ dismisses it;
// opening another archive clears it. The unknown-file hint names the
// families the app opens (Hello's formats, given once at start).
import { explain } from '../errors.js';

/**
 * The banner's errors: [] or one {id, msg, about, summary, detail, open};
 * formats: the families the app opens (app.Format[]), for the hints.
 */
export const errors = $state({ list: [], formats: [] });

/** The families the app opens, from Hello (the workspace's start). */
export function knowFormats(formats) {
  errors.formats = formats ?? [];
}

/** Show e (an Error or a message) as the one banner, about a file name. */
export function report(e, about = '') {
  const msg = String(e?.message ?? e);
  errors.list = [{ id: Date.now() + Math.random(), msg, about, ...explain(msg, about, errors.formats), open: false }];
}

/** Take one error off the banner. */
export function dismiss(id) {
  errors.list = errors.list.filter((x) => x.id !== id);
}

/** The next archive opened: old errors are gone. */
export function clear() {
  errors.list = [];
}
