// The one place the front end talks to Go. Components import these typed
// functions; they call the bindings Wails generates from the bound Go
// service (frontend/wailsjs, `make bindings`), never window.go by hand.
// The types are the generated models (wailsjs/go/models.ts).

import * as Service from '../../wailsjs/go/app/Service.js';
import { EventsOn } from '../../wailsjs/runtime/runtime.js';

/**
 * @typedef {import('../../wailsjs/go/models').app.AppInfo} AppInfo
 * @typedef {import('../../wailsjs/go/models').session.Info} SessionInfo
 * @typedef {import('../../wailsjs/go/models').session.Query} Query
 * @typedef {import('../../wailsjs/go/models').session.Page} Page
 * @typedef {import('../../wailsjs/go/models').session.Folder} Folder
 * @typedef {import('../../wailsjs/go/models').preview.Description} Description
 * @typedef {import('../../wailsjs/go/models').jobs.Status} JobStatus
 * @typedef {import('../../wailsjs/go/models').convert.Saved} Saved
 * @typedef {import('../../wailsjs/go/models').diff.EntryDiff} EntryDiff
 * @typedef {import('../../wailsjs/go/models').search.Options} SearchOptions
 */

/**
 * The generated bindings of the Go service (app.Service), once Wails has
 * connected them; a clear error before.
 * @returns {typeof Service}
 */
export function svc() {
  if (!window.go?.app?.Service) throw new Error('Packsmith back end is not connected');
  return Service;
}

/** Wait until Wails has injected the bindings (the dev server loads them async). */
export async function ready(timeoutMs = 10000) {
  const t0 = Date.now();
  while (!window.go?.app?.Service || !window.runtime) {
    if (Date.now() - t0 > timeoutMs) throw new Error('Packsmith back end did not answer');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** @returns {Promise<AppInfo>} */
export const hello = () => svc().Hello();
export const demoFiles = () => svc().DemoFiles();
/** @returns {Promise<SessionInfo>} */
export const openArchive = (path, password = '') => svc().Open(path, password);
export const closeArchive = (id) => svc().Close(id);
export const pickArchive = () => svc().PickArchive();
export const pickFolder = (title) => svc().PickFolder(title);
export const recent = () => svc().Recent();
/** @param {string} id @param {Query} q @returns {Promise<Page>} */
export const list = (id, q) => svc().List(id, q);
/** @returns {Promise<Folder>} */
export const tree = (id) => svc().Tree(id);
/** @returns {Promise<Description>} */
export const describe = (id, path) => svc().Describe(id, path);
export const extract = (id, paths, dir) => svc().Extract(id, paths, dir);
export const extractFiltered = (id, q, dir) => svc().ExtractFiltered(id, q, dir);
/** @param {{paths:string[],filtered:boolean,query:any}} t — files an extract would replace */
export const extractExisting = (id, t, dir) => svc().ExtractExisting(id, t, dir);
export const extractReplacing = (id, t, dir) => svc().ExtractReplacing(id, t, dir);
export const verify = (id) => svc().Verify(id);
export const cancelJob = (jobId) => svc().CancelJob(jobId);
export const rebornTexts = (id, path) => svc().RebornTexts(id, path);
export const rebornSetText = (id, path, index, text) => svc().RebornSetText(id, path, index, text);
export const bakeGrid = (id, path) => svc().BakeGrid(id, path);
export const bakeLayoutFile = (layoutPath) => svc().BakeLayoutFile(layoutPath);
export const job = (jobId) => svc().Job(jobId);
// Lost Saga packs
export const optimizePack = (path, out = '', password = '') => svc().OptimizePack(path, out, password);
export const createPack = (out, dir, password = '') => svc().CreatePack(out, dir, password);
export const forgetPassword = (path) => svc().ForgetPassword(path);

// Write-back: pending changes per open archive (app/edits.go). Each returns
// the archive's EditState {caps, changes}.
export const changes = (id) => svc().Changes(id);
export const replaceEntry = (id, entry, file) => svc().ReplaceEntry(id, entry, file);
export const addEntry = (id, entry, file) => svc().AddEntry(id, entry, file);
export const dropFiles = (id, onEntry, folder, files) => svc().DropFiles(id, onEntry, folder, files);
export const removeEntries = (id, entries) => svc().RemoveEntries(id, entries);
export const renameEntry = (id, entry, to) => svc().RenameEntry(id, entry, to);
export const undoChange = (id, changeId) => svc().UndoChange(id, changeId);
export const discardChanges = (id) => svc().DiscardChanges(id);
/** Starts the save job (out "" = in place); returns its id. */
export const saveChanges = (id, out) => svc().SaveChanges(id, out);
export const sessionInfo = (id) => svc().SessionInfo(id);
export const pickFile = (title) => svc().PickFile(title);
export const pickSaveAs = (title, defaultPath) => svc().PickSaveAs(title, defaultPath);
// Context menu and Ctrl+A (app/system.go).
export const matchingPaths = (id, q) => svc().MatchingPaths(id, q);
export const showInFolder = (id, entry) => svc().ShowInFolder(id, entry);
export const openWithSystem = (id, entry) => svc().OpenWithSystem(id, entry);
// Settings panel (app/settingsview.go).
export const preferences = () => svc().Preferences();
export const savePreferences = (p) => svc().SavePreferences(p);

// Export, compare, find in files (app/export.go, app/compare.go, app/search.go).
/** Extract converting as target.convert says ({decompile, png}); existing files refused. @returns {Promise<string>} the job id */
export const extractWith = (id, target, dir) => svc().ExtractWith(id, target, dir);
/** Writes a preview's view to target (exists: a file is there, nothing written). @returns {Promise<Saved>} */
export const savePreview = (id, path, view, opts, target, overwrite) => svc().SavePreview(id, path, view, opts, target, overwrite);
export const previewFileName = (id, path, view) => svc().PreviewFileName(id, path, view);
/** @returns {Promise<JobStatus>} */
export const jobStatus = (jobId) => svc().Job(jobId);
/** Starts a job comparing two open archives; its result is a diff.Result. */
export const compare = (idA, idB) => svc().Compare(idA, idB);
/** What changed inside one entry. @returns {Promise<EntryDiff>} */
export const compareEntry = (idA, pathA, idB, pathB) => svc().CompareEntry(idA, pathA, idB, pathB);
/** Starts Find in files; hits stream as 'search-hits' events {job, hits}; the job's result (search.Result) has them all. @param {SearchOptions} opts */
export const findInFiles = (id, opts) => svc().FindInFiles(id, opts);
/** For each path, the archive's entry (any case, / or \), or "". */
export const entriesExist = (id, paths) => svc().EntriesExist(id, paths);

/** Subscribe to a Go event; returns the unsubscribe function. */
export function on(event, fn) {
  return EventsOn(event, fn);
}

function apiURL(kind, session, path, extra = {}) {
  const q = new URLSearchParams({ s: session, p: path, ...extra });
  return `/api/${kind}?${q}`;
}

/** URL of an audio entry for an <audio> element (whole entry, Range support). */
export const audioURL = (session, path) => apiURL('audio', session, path);

/** Raw bytes [off, off+len) of an entry, for the hex view. */
export async function rawBytes(session, path, off, len) {
  const r = await fetch(apiURL('raw', session, path, { off: String(off), len: String(len) }));
  if (!r.ok) throw new Error(await r.text());
  return new Uint8Array(await r.arrayBuffer());
}

/** Text view of an entry. */
export async function text(session, path) {
  const r = await fetch(apiURL('text', session, path));
  const body = await r.text();
  if (!r.ok) throw new Error(body);
  return { text: body, encoding: r.headers.get('X-Encoding') || '', truncated: r.headers.get('X-Truncated') === 'true' };
}

/** URL of an entry's image view (a PNG streamed by Go). */
export const imageURL = (session, path, opts = {}) => apiURL('image', session, path, opts);

/** Fetch image metadata and check that it decodes, returning an object URL. */
export async function image(session, path, opts = {}) {
  const r = await fetch(imageURL(session, path, opts));
  if (!r.ok) throw new Error(await r.text());
  const meta = JSON.parse(r.headers.get('X-Meta') || '{}');
  const blob = await r.blob();
  return { url: URL.createObjectURL(blob), meta };
}


/** Two walk grids of two sessions compared: an object URL of the picture and its meta. */
export async function gridDiff(sA, pA, sB, pB, scale = 1) {
  const q = new URLSearchParams({ s: sA, p: pA, s2: sB, p2: pB, scale: String(scale) });
  const r = await fetch(`/api/griddiff?${q}`);
  if (!r.ok) throw new Error(await r.text());
  const meta = JSON.parse(r.headers.get('X-Meta') || '{}');
  return { url: URL.createObjectURL(await r.blob()), meta };
}
