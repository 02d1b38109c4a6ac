// The workspace: which view the window shows (mode), the open archives (a
// tab each, in tab order), the active tab, the view every tab keeps
// (lib/tabs.js), the welcome screen's path box, the Recent and demo lists
// and the app's info. Changed by the functions here (open, select,
// closeTab…), by the edit store (a save swaps in the session's fresh info)
// and by the components bound to a tab's view (filter, selection,
// preview, open panels).
import * as bridge from '../bridge.js';
import { baseName, plural } from '../format.js';
import { newView } from '../tabs.js';
import { report, clear, knowFormats } from './errors.svelte.js';
import { ask } from './ask.svelte.js';

class Workspace {
  mode = $state('archives'); // 'archives' | 'pack' | 'loadorder'
  info = $state(null); // app.AppInfo: version, theme, startup paths
  sessions = $state([]); // open archives (session.Info)
  activeId = $state('');
  // Every tab keeps what it shows and holds in its own view (lib/tabs.js):
  // folder, filter, selection, preview, open panels, pending changes, the
  // path box and the folder its file dialogs start in. Switching tabs
  // switches views; nothing of one tab leaks into another.
  views = $state({}); // session id → view
  home = $state({ pathBox: '' }); // the path box of the welcome screen (no tab open)
  recent = $state([]);
  demo = $state([]);

  active = $derived(this.sessions.find((s) => s.id === this.activeId));
  view = $derived(this.views[this.activeId]);
  /** What the top bar's path box edits: the active tab's, else the welcome screen's. */
  box = $derived(this.view ?? this.home);
  /** The active tab's pending changes by entry path (the entry list marks them). */
  pending = $derived(Object.fromEntries((this.view?.edit.changes ?? []).map((c) => [c.path, c])));
}

export const workspace = new Workspace();

/** Report an error on the banner, by default about the active archive. */
export function fail(e, about = workspace.active?.name ?? '') {
  report(e, about);
}

/** Whether a tab holds unsaved changes. */
export const isDirty = (id) => (workspace.views[id]?.edit.changes.length ?? 0) > 0;

/**
 * Open a path in a tab (an archive, a file or a folder); one already open
 * is switched to. With a password, an error is thrown to the caller (the
 * password prompt shows it); replaceId swaps that tab for the new session.
 * Resolves to false when the path did not open.
 */
export async function open(path, password = '', replaceId = '') {
  if (!path) return;
  const w = workspace;
  w.mode = 'archives';
  const existing = w.sessions.find((s) => s.path === path && s.id !== replaceId);
  if (existing) return select(existing.id);
  try {
    const s = await bridge.openArchive(path, password);
    clear();
    if (replaceId) {
      await bridge.closeArchive(replaceId).catch(() => {});
      w.sessions = w.sessions.map((x) => (x.id === replaceId ? s : x));
      delete w.views[replaceId];
    } else w.sessions = [...w.sessions, s];
    w.views[s.id] = newView(s);
    await select(s.id);
    w.recent = await bridge.recent();
    // A loose file opens straight into its preview.
    if (s.singleFile) {
      const pg = await bridge.list(s.id, { ...w.views[s.id].query, offset: 0, limit: 1 });
      if (pg.entries[0]) {
        w.views[s.id].selected = [pg.entries[0].path];
        w.views[s.id].previewPath = pg.entries[0].path;
      }
    }
  } catch (e) {
    // Cancelled from the job bar: the user knows; nothing to report.
    if (String(e?.message ?? e) === 'cancelled') return false;
    if (password) throw e;
    fail(e, baseName(path));
    return false;
  }
}

/**
 * A path typed in a tab's box opens in a tab of its own: the box it was
 * typed in is emptied, the path being open.
 */
export async function openFromBox(b) {
  const p = b.pathBox.trim();
  if (p && (await open(p)) !== false) b.pathBox = '';
}

/**
 * Switch to a tab: it shows its view as it was left; a new tab's tree and
 * pending changes are read once.
 */
export async function select(id) {
  workspace.activeId = id;
  const v = workspace.views[id];
  if (!v || v.loaded) return;
  v.loaded = true;
  try {
    v.treeRoot = await bridge.tree(id);
    v.edit = await bridge.changes(id);
  } catch (e) {
    fail(e);
  }
}

/** A tab's click: back to the archives, on that tab. */
export function showTab(id) {
  workspace.mode = 'archives';
  select(id);
}

/**
 * Close a tab (after asking, when it holds unsaved changes), with what its
 * Compare opened; the next tab takes its place, else the one before.
 */
export async function closeTab(id) {
  const w = workspace;
  const s = w.sessions.find((x) => x.id === id);
  const n = w.views[id]?.edit.changes.length ?? 0;
  if (n && !(await ask({ title: 'Unsaved changes', text: `${plural(n, 'unsaved change')} to ${s?.name}. Close and lose them?`, ok: 'Close and lose them', cancel: 'Keep the tab', danger: true }))) return;
  // The tab leaves the window at once, before the back end has closed the
  // session: a path typed in the box right after the click goes to the
  // box that is then showing, not to the closing tab's (and is not lost).
  const opened = w.views[id]?.compare?.opened ?? [];
  const at = w.sessions.findIndex((x) => x.id === id);
  w.sessions = w.sessions.filter((x) => x.id !== id);
  delete w.views[id];
  if (w.activeId === id) {
    if (w.sessions.length) select(w.sessions[Math.min(at, w.sessions.length - 1)].id);
    else w.activeId = '';
  }
  for (const o of opened) bridge.closeArchive(o).catch(() => {});
  await bridge.closeArchive(id).catch((e) => fail(e, s?.name));
}

/** Open… (Ctrl+O): the native file dialog. */
export async function browse() {
  try {
    const p = await bridge.pickArchive();
    if (p) open(p);
  } catch (e) {
    fail(e);
  }
}

/** Folder… (Ctrl+Shift+O): the native folder dialog. */
export async function browseFolder() {
  try {
    const p = await bridge.pickFolder('Open a folder');
    if (p) open(p);
  } catch (e) {
    fail(e);
  }
}

/**
 * After a save: the session's fresh info (a save as may have opened
 * another), its tree and changes read again, its list reloaded; the
 * selection keeps the entries the saved archive still has, and the
 * preview shows the saved entry (cleared only when it is gone). The
 * Recent list read again.
 */
export async function refreshSaved(fresh) {
  const w = workspace;
  w.sessions = w.sessions.map((s) => (s.id === fresh.id ? fresh : s));
  const v = w.views[fresh.id];
  if (v) {
    v.treeRoot = await bridge.tree(fresh.id);
    v.edit = await bridge.changes(fresh.id);
    const asked = [...new Set([...v.selected, ...(v.previewPath ? [v.previewPath] : [])])];
    let got = [];
    try {
      if (asked.length) got = await bridge.entriesExist(fresh.id, asked);
    } catch {
      got = null; // not known: nothing kept
    }
    const kept = new Set(got ? asked.filter((_, i) => got[i]) : []);
    v.selected = v.selected.filter((p) => kept.has(p));
    if (!kept.has(v.previewPath)) v.previewPath = '';
    v.listVersion++;
  }
  w.recent = await bridge.recent();
}

/**
 * Go read these sessions again after another tab saved a file they show
 * (event sessions-refreshed, issue 46): each tab lists the new sizes, and
 * its preview (hex, text, picture) reloads, keeping what is still there
 * selected.
 * @param {string[]} ids
 */
export async function sessionsRefreshed(ids) {
  for (const id of ids ?? []) {
    const v = workspace.views[id];
    if (!v) continue;
    try {
      await refreshSaved(await bridge.sessionInfo(id));
      v.revision = (v.revision ?? 0) + 1;
    } catch (e) {
      fail(e);
    }
  }
}

/**
 * The window's start: once the bindings answer, the app's info; wire(info)
 * hooks the window up (theme, job bar, file drops); then the Recent and
 * demo lists, and the paths the app was started with, opened in turn.
 */
export async function start(wire) {
  const w = workspace;
  await bridge.ready();
  w.info = await bridge.hello();
  knowFormats(w.info.formats);
  wire(w.info);
  w.recent = await bridge.recent();
  w.demo = await bridge.demoFiles();
  for (const p of w.info.startup ?? []) await open(p);
}
