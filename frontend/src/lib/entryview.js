// An archive's entries and what the views show of one entry (the entry
// list, the preview and its editors, saving a preview), for components
// (issue 31: components talk to stores and lib/ modules, never to
// bridge.js or wailsjs).
import * as bridge from './bridge.js';

/** A page of a session's entries for a query. @param {import('./bridge.js').Query} q */
export const list = (id, q) => bridge.list(id, q);
/** For each path, the archive's entry (any case, / or \), or "". */
export const entriesExist = (id, paths) => bridge.entriesExist(id, paths);
/** What an entry is and which views it has. */
export const describe = (id, path) => bridge.describe(id, path);
/** Text view of an entry: {text, encoding, truncated}. */
export const text = (session, path) => bridge.text(session, path);
/** An entry's image view: an object URL of the PNG and its meta. */
export const image = (session, path, opts = {}) => bridge.image(session, path, opts);
/** An audio entry as a blob: URL for an <audio> element. */
export const audioObjectURL = (session, path) => bridge.audioObjectURL(session, path);
/** Raw bytes [off, off+len) of an entry, for the hex view. */
export const rawBytes = (session, path, off, len) => bridge.rawBytes(session, path, off, len);
/** A walk grid baked to a picture. */
export const bakeGrid = (id, path) => bridge.bakeGrid(id, path);

/** The editable text of an entry. */
export const entryText = (id, entry) => bridge.entryText(id, entry);
/** Problems in an edited text, before it is staged. */
export const lintText = (id, entry, text) => bridge.lintText(id, entry, text);
/** Stage an edited text; resolves to the session's pending changes. */
export const setEntryText = (id, entry, text) => bridge.setEntryText(id, entry, text);
/** A Tactics Ogre Reborn text table's rows. */
export const rebornTexts = (id, path) => bridge.tableTexts(id, path);
/** Stage one row of a Reborn text table. */
export const rebornSetText = (id, path, index, text) => bridge.tableSetText(id, path, index, text);

/** The file name a saved preview gets by default. */
export const previewFileName = (id, path, view) => bridge.previewFileName(id, path, view);
/** Save a preview to a file. */
export const savePreview = (id, path, view, opts, target, overwrite) => bridge.savePreview(id, path, view, opts, target, overwrite);
