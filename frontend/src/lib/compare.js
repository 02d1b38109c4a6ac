// Comparing two archives, for CompareView (issue 31: components talk to
// stores and lib/ modules, never to bridge.js or wailsjs).
import * as bridge from './bridge.js';

/** Open the other archive by path (no password); resolves to its session. */
export const openArchive = (path, password = '') => bridge.openArchive(path, password);
/** Close a session this view opened. */
export const closeArchive = (id) => bridge.closeArchive(id);
/** Start comparing two sessions; resolves to the job id (its result is a diff.Result). */
export const compare = (idA, idB) => bridge.compare(idA, idB);
/** What changed inside one entry: a line diff, or which picture view to show. */
export const compareEntry = (idA, pathA, idB, pathB) => bridge.compareEntry(idA, pathA, idB, pathB);
/** Two walk grids compared: an object URL of the picture and its meta. */
export const gridDiff = (sA, pA, sB, pB, scale = 1) => bridge.gridDiff(sA, pA, sB, pB, scale);
/** One side's picture: an object URL and its meta. */
export const image = (session, path, opts = {}) => bridge.image(session, path, opts);
