// The one place the front end talks to Go. Stores and lib/ modules import
// these typed functions (components import those, never this file:
// src/nobridge.test.js); they call the bindings Wails generates from the
// bound Go services (frontend/wailsjs, `make bindings`), never window.go by hand.
// The types are the generated models (wailsjs/go/models.ts).

import * as Browse from '../../wailsjs/go/app/BrowseService.js';
import * as Edit from '../../wailsjs/go/app/EditService.js';
import * as Export from '../../wailsjs/go/app/ExportService.js';
import * as Tools from '../../wailsjs/go/app/ToolsService.js';
import * as Packing from '../../wailsjs/go/app/PackService.js';
import * as LoadOrder from '../../wailsjs/go/app/LoadOrderService.js';
import * as Combine from '../../wailsjs/go/app/CombineService.js';
import * as Settings from '../../wailsjs/go/app/SettingsService.js';
import { EventsOn } from '../../wailsjs/runtime/runtime.js';
import { audioType } from './audio.js';

/**
 * @typedef {import('../../wailsjs/go/models').app.AppInfo} AppInfo
 * @typedef {import('../../wailsjs/go/models').session.Info} SessionInfo
 * @typedef {import('../../wailsjs/go/models').session.Query} Query
 * @typedef {import('../../wailsjs/go/models').session.Page} Page
 * @typedef {import('../../wailsjs/go/models').session.Folder} Folder
 * @typedef {import('../../wailsjs/go/models').preview.Description} Description
 * @typedef {import('../../wailsjs/go/models').jobs.Status} JobStatus
 * @typedef {import('../../wailsjs/go/models').search.Options} SearchOptions
 * @typedef {import('./jobresults').JobResults} JobResults the result of each kind of job (app.JobResults; make bindings writes it)
 */

// The Go side binds one service per concern (app/service.go): browse,
// edit, export, tools (compare, bake, pack tools), packing, the load order,
// combine, and settings with the window-wide calls (hello, jobs, the folder dialog).
function connected(name, mod) {
  if (!window.go?.app?.[name]) throw new Error('Packsmith back end is not connected');
  return mod;
}
// Calls that can take more than about 100 ms start a job on the Go side
// and answer its id (app/calljobs.go); these wrappers wait for the job's
// end, so every function here still resolves to the call's result (the
// job bar shows the job meanwhile, with Cancel). A failed job rejects with
// its error, a cancelled one with "cancelled", as unpack's wait does.
const jobCalls = {
  BrowseService: ['Open', 'ImageView', 'GridDiffView'],
  ExportService: ['SavePreview'],
  ToolsService: ['BakeGrid', 'BakeLayoutFile', 'CompareEntry'],
  EditService: ['TableTexts', 'TableSetText'],
  PackService: ['InspectMod', 'DeployHeld'],
  LoadOrderService: ['LoadOrder', 'LoadOrderReload', 'RestoreBackup', 'CheckMods', 'MergedPatchBuild', 'Characters', 'MoveCharacter', 'LoadOrderProfile', 'MergedPatch', 'MergedPatchDiff', 'MergedPatchSetWinner'],
  CombineService: ['CombineCharacters', 'Combine'],
};
function service(name, mod) {
  connected(name, mod);
  const calls = jobCalls[name];
  if (!calls) return mod;
  const out = { ...mod };
  for (const fn of calls) out[fn] = (...args) => jobResult(() => mod[fn](...args));
  return out;
}

/** Start a job with start() (resolving to its id) and resolve with its result. */
async function jobResult(start) {
  let id = null;
  const ended = new Map(); // final statuses seen, also before the id came back
  let settle;
  const end = new Promise((resolve) => (settle = resolve));
  const off = on('job', (st) => {
    if (st.state === 'running') return;
    if (id === null) ended.set(st.id, st);
    else if (st.id === id) settle(st);
  });
  try {
    id = await start();
    if (ended.has(id)) settle(ended.get(id));
    // The final event may have come before the listener was there.
    else job(id).then((st) => st && st.state !== 'running' && settle(st)).catch(() => {});
    const st = await end;
    if (st.state !== 'done') throw new Error(st.error || st.state);
    return st.result;
  } finally {
    off();
  }
}

/** @returns {typeof Browse} (Open, ImageView and GridDiffView resolve to their job's result) */
export const browse = () => service('BrowseService', Browse);
/** @returns {typeof Edit} (TableTexts and TableSetText resolve to their job's result) */
export const edit = () => service('EditService', Edit);
/** @returns {typeof Export} (SavePreview resolves to its job's result) */
export const exporting = () => service('ExportService', Export);
/** @returns {typeof Tools} (BakeGrid, BakeLayoutFile and CompareEntry resolve to their job's result) */
export const tools = () => service('ToolsService', Tools);
/** Everything an open archive offers (browse, edit, export, tools), as the one service it once was. */
export const archives = () => ({ ...browse(), ...edit(), ...exporting(), ...tools() });
/** @returns {typeof Packing} (InspectMod and DeployHeld resolve to their job's result) */
export const packing = () => service('PackService', Packing);
/** @returns {typeof LoadOrder} (LoadOrder, LoadOrderReload, RestoreBackup, CheckMods, MergedPatchBuild, Characters, MoveCharacter, LoadOrderProfile, MergedPatch, MergedPatchDiff and MergedPatchSetWinner resolve to their job's result) */
export const loadOrder = () => service('LoadOrderService', LoadOrder);
/** @returns {typeof Combine} (CombineCharacters and Combine resolve to their job's result) */
export const combining = () => service('CombineService', Combine);
/** @returns {typeof Settings} */
export const settings = () => service('SettingsService', Settings);

/** Wait until Wails has injected the bindings (the dev server loads them async). */
export async function ready(timeoutMs = 10000) {
  const t0 = Date.now();
  while (!window.go?.app?.SettingsService || !window.go?.app?.BrowseService || !window.runtime) {
    if (Date.now() - t0 > timeoutMs) throw new Error('Packsmith back end did not answer');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** @returns {Promise<AppInfo>} */
export const hello = () => settings().Hello();
export const demoFiles = () => settings().DemoFiles();
/** @returns {Promise<JobResults['open']>} */
export const openArchive = (path, password = '') => browse().Open(path, password);
export const closeArchive = (id) => browse().Close(id);
export const pickArchive = () => browse().PickArchive();
export const pickFolder = (title) => settings().PickFolder(title);
export const recent = () => browse().Recent();
/** @param {string} id @param {Query} q @returns {Promise<Page>} */
export const list = (id, q) => browse().List(id, q);
/** @returns {Promise<Folder>} */
export const tree = (id) => browse().Tree(id);
/** @returns {Promise<Description>} */
export const describe = (id, path) => browse().Describe(id, path);
export const extract = (id, paths, dir) => exporting().Extract(id, paths, dir);
export const extractFiltered = (id, q, dir) => exporting().ExtractFiltered(id, q, dir);
/** @param {{paths:string[],filtered:boolean,query:any}} t — files an extract would replace */
export const extractExisting = (id, t, dir) => exporting().ExtractExisting(id, t, dir);
export const extractReplacing = (id, t, dir) => exporting().ExtractReplacing(id, t, dir);
export const verify = (id) => browse().Verify(id);
export const cancelJob = (jobId) => settings().CancelJob(jobId);
/** A family's text table (a Reborn txte; its jobs are named by the family: 'reborn-read').
 * @returns {Promise<JobResults['reborn-read']>} */
export const tableTexts = (id, path) => edit().TableTexts(id, path);
export const tableSetText = (id, path, index, text) => edit().TableSetText(id, path, index, text);
/** Bake a level's walk grid: the BakeView, its pictures (image, against.image) as object URLs. */
export const bakeGrid = (id, path) => tools().BakeGrid(id, path).then(bakePictures);
export const bakeLayoutFile = (layoutPath) => tools().BakeLayoutFile(layoutPath).then(bakePictures);
export const job = (jobId) => settings().Job(jobId);
// Lost Saga packs
export const optimizePack = (path, out = '', password = '') => tools().OptimizePack(path, out, password);
export const createPack = (out, dir, password = '') => tools().CreatePack(out, dir, password);
export const forgetPassword = (path) => tools().ForgetPassword(path);

// Write-back: pending changes per open archive (app/edits.go). Each returns
// the archive's EditState {caps, changes}.
export const changes = (id) => edit().Changes(id);
export const replaceEntry = (id, entry, file) => edit().ReplaceEntry(id, entry, file);
export const addEntry = (id, entry, file) => edit().AddEntry(id, entry, file);
export const dropFiles = (id, onEntry, folder, files) => edit().DropFiles(id, onEntry, folder, files);
export const removeEntries = (id, entries) => edit().RemoveEntries(id, entries);
export const renameEntry = (id, entry, to) => edit().RenameEntry(id, entry, to);
export const undoChange = (id, changeId) => edit().UndoChange(id, changeId);
export const discardChanges = (id) => edit().DiscardChanges(id);
// Edit as text (app/textedit.go): the entry's text, lint as you type, and
// the text saved as a pending change (compiled on the way in).
export const entryText = (id, entry) => edit().EntryText(id, entry);
export const lintText = (id, entry, text) => edit().LintText(id, entry, text);
export const setEntryText = (id, entry, text) => edit().SetEntryText(id, entry, text);
/** Starts the save job (out "" = in place); returns its id. */
export const saveChanges = (id, out) => edit().SaveChanges(id, out);
/** Close the window after the unsaved-changes question was answered (no question again). */
export const closeWindow = () => settings().CloseWindow();
export const sessionInfo = (id) => browse().SessionInfo(id);
/** The open dialog for Replace…/Add…, starting in from's folder (a tab's own). */
export const pickFileIn = (title, from = '') => edit().PickFile(title, from);
export const pickSaveAs = (title, defaultPath) => exporting().PickSaveAs(title, defaultPath);
// Context menu and Ctrl+A (app/system.go).
export const matchingPaths = (id, q) => browse().MatchingPaths(id, q);
export const showInFolder = (id, entry) => browse().ShowInFolder(id, entry);
export const openWithSystem = (id, entry) => browse().OpenWithSystem(id, entry);
// Settings panel (app/settingsview.go).
export const preferences = () => settings().Preferences();
export const savePreferences = (p) => settings().SavePreferences(p);
/** The game folders found on this system, for the first screen (app/firstscreen.go). */
export const foundFolders = () => settings().FoundFolders();

// Export, compare, find in files (app/export.go, app/compare.go, app/search.go).
/** Extract converting as target.convert says ({decompile, png}); existing files refused. @returns {Promise<string>} the job id */
export const extractWith = (id, target, dir) => exporting().ExtractWith(id, target, dir);
/** Writes a preview's view to target (exists: a file is there, nothing written). @returns {Promise<JobResults['save-preview']>} */
export const savePreview = (id, path, view, opts, target, overwrite) => exporting().SavePreview(id, path, view, opts, target, overwrite);
export const previewFileName = (id, path, view) => exporting().PreviewFileName(id, path, view);
/** Starts a job comparing two open archives; its result is a diff.Result. */
export const compare = (idA, idB) => tools().Compare(idA, idB);
/** What changed inside one entry. @returns {Promise<JobResults['compare-entry']>} */
export const compareEntry = (idA, pathA, idB, pathB) => tools().CompareEntry(idA, pathA, idB, pathB);
/** Starts Find in files; hits stream as 'search-hits' events {job, hits}; the job's result (search.Result) has them all. @param {SearchOptions} opts */
export const findInFiles = (id, opts) => browse().FindInFiles(id, opts);
/** For each path, the archive's entry (any case, / or \), or "". */
export const entriesExist = (id, paths) => browse().EntriesExist(id, paths);

/** Subscribe to a Go event; returns the unsubscribe function. */
export function on(event, fn) {
  let hub = hubs.get(event);
  if (!hub || hub.runtime !== globalThis.window?.runtime) {
    const fns = new Set();
    hub = { fns, runtime: globalThis.window?.runtime, off: null, closing: false };
    hub.off = EventsOn(event, (...data) => {
      for (const f of [...fns]) if (fns.has(f)) f(...data);
    });
    hubs.set(event, hub);
  }
  const h = hub;
  h.fns.add(fn);
  let done = false;
  return () => {
    if (done) return;
    done = true;
    h.fns.delete(fn);
    if (h.fns.size > 0 || h.closing) return;
    // Let the delivery under way end first (see hubs).
    h.closing = true;
    setTimeout(() => {
      h.closing = false;
      if (h.fns.size > 0 || hubs.get(event) !== h) return;
      hubs.delete(event);
      h.off();
    }, 0);
  };
}

// Wails' runtime (v2 events.js, notifyListeners) delivers an event to a
// copy of its listener list and then stores that copy back: a listener
// added while the event is delivered is lost, and one removed then comes
// back. Handlers here add and remove listeners as they run (a pack's end
// starts the inspect that re-reads MOD.DAT, whose job result then never
// came: e2e loop#40 under load), so bridge holds one Wails listener per
// event and its own set of handlers; the Wails one is let go only after the
// set stayed empty past the delivery under way.
const hubs = new Map(); // event → {fns, runtime, off, closing}

function apiURL(kind, session, path, extra = {}) {
  const q = new URLSearchParams({ s: session, p: path, ...extra });
  return `/api/${kind}?${q}`;
}

/** URL of an audio entry (whole entry, Range support). */
export const audioURL = (session, path) => apiURL('audio', session, path);

/** An audio entry as a blob: URL for an <audio> element (WebKitGTK's player takes no wails:// URL). */
export async function audioObjectURL(session, path) {
  const r = await fetch(audioURL(session, path));
  const buf = new Uint8Array(await r.arrayBuffer());
  const type = audioType(buf);
  if (!type) throw new Error(new TextDecoder().decode(buf.slice(0, 2000)) || `${path}: no audio arrived`);
  return URL.createObjectURL(new Blob([buf], { type }));
}

/** Raw bytes [off, off+len) of an entry, for the hex view. */
export async function rawBytes(session, path, off, len) {
  const r = await fetch(apiURL('raw', session, path, { off: String(off), len: String(len) }));
  if (!r.ok) throw new Error(await r.text());
  return new Uint8Array(await r.arrayBuffer());
}

// No view reads a response header or status: WebKitGTK's legacy asset path
// (and any proxy) may drop them. Metadata and errors come with a bound
// call (app/rendered.go); bodies come from /api/.

/** The bytes at a one-shot URL an ImageView/GridDiffView call gave, as an object URL. */
async function fetchRendered(r) {
  const res = await fetch(r.url);
  const blob = await res.blob();
  if (!blob.size || !blob.type.startsWith('image/')) throw new Error(`the picture did not arrive (${r.url})`);
  return { url: URL.createObjectURL(blob), meta: r.meta ?? {} };
}

/** A bake's pictures come as one-shot /api/ URLs (never base64 in JSON): fetched here, as every picture is. */
async function bakePictures(v) {
  if (v?.image) v.image = (await fetchRendered({ url: v.image })).url;
  if (v?.against?.image) v.against.image = (await fetchRendered({ url: v.against.image })).url;
  return v;
}

/** Text view of an entry: {text, encoding, truncated}. */
export const text = (session, path) => browse().TextView(session, path);

/** An entry's image view: an object URL of the PNG and its meta (sizes, mips, grid stats). */
export async function image(session, path, opts = {}) {
  return fetchRendered(await browse().ImageView(session, path, opts));
}

/** Two walk grids of two sessions compared: an object URL of the picture and its meta. */
export async function gridDiff(sA, pA, sB, pB, scale = 1) {
  return fetchRendered(await browse().GridDiffView(sA, pA, sB, pB, scale));
}
