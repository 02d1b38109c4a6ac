// Find in files, for FindPanel (issue 31: components talk to stores and
// lib/ modules, never to bridge.js or wailsjs). The job itself is followed
// and cancelled through the job store (jobs.svelte.js).
import * as bridge from './bridge.js';

/** Start Find in files in a session; resolves to the job id. @param {import('./bridge.js').SearchOptions} opts */
export const findInFiles = (id, opts) => bridge.findInFiles(id, opts);
/** Hits as they stream in: fn gets {job, hits}; returns the unsubscribe function. */
export const onHits = (fn) => bridge.on('search-hits', fn);
