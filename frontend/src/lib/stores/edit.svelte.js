// Write-back: the one path dialog that stages a change (replace, add,
// rename, save as) and the staging, undo, discard and save of a tab's
// pending changes. The changes themselves live in each tab's view (edit:
// caps and changes; saveJob while its save runs), as the back end returns
// them. Changed by the toolbar, the Changes panel, the context menu, the
// shortcuts and files dropped on the window.
import * as bridge from '../bridge.js';
import * as jobStore from '../jobs.svelte.js';
import { plural } from '../format.js';
import { workspace, fail, open, refreshSaved } from './workspace.svelte.js';
import { errors, dismiss } from './errors.svelte.js';

/** The open path dialog: null, or {kind, title, note, path, entry, target, confirm, …}. */
export const edit = $state({ dialog: null });

/** Where Save as suggests writing: the archive's name with _edited before its extension. */
export function saveAsDefault(path) {
  const dot = path.lastIndexOf('.');
  return dot > 0 ? path.slice(0, dot) + '_edited' + path.slice(dot) : path + '_edited';
}

/**
 * Take a staging call's answer (caps and changes) into the tab's view. A
 * failed staging's banner goes once the next staging succeeds: it is
 * about a change that was not made, and the one just made worked.
 */
export async function staged(p, v = workspace.view) {
  try {
    v.edit = await p;
    if (stagingError.id) dismiss(stagingError.id);
    stagingError.id = 0;
  } catch (e) {
    fail(e);
    stagingError.id = errors.list[0]?.id ?? 0;
  }
}
const stagingError = { id: 0 }; // the banner a failed staging showed

export function askReplace(entry = workspace.view?.selected[0]) {
  const { active, view } = workspace;
  if (!active || !entry || !view.edit.caps.replace) return;
  edit.dialog = { kind: 'replace', title: `Replace ${entry}`, note: 'The entry gets the bytes of this file when you save.', path: '', entry: null, target: entry, confirm: 'Replace' };
}

export function askAdd(dir = workspace.view?.folder) {
  const { active, view } = workspace;
  if (!active || !view.edit.caps.add) return;
  edit.dialog = { kind: 'add', title: 'Add a file', note: 'Leave the name ending in / to keep the file\'s own name.', path: '', entry: dir ? dir + '/' : '', confirm: 'Add' };
}

export function askRename(entry = workspace.view?.selected[0]) {
  const { active, view } = workspace;
  if (!active || !entry || !view.edit.caps.rename) return;
  edit.dialog = { kind: 'rename', title: `Rename ${entry}`, path: '', entry, target: entry, confirm: 'Rename', showPath: false, entryLabel: 'New name' };
}

export function askSaveAs() {
  const { active } = workspace;
  if (!active) return;
  edit.dialog = { kind: 'saveas', title: 'Save as', note: 'Writes a new archive; this one stays as it is.', path: saveAsDefault(active.path), entry: null, confirm: 'Save', pathLabel: 'New archive' };
}

/**
 * The dialog's Browse…: a tab's file dialogs start in the folder that tab
 * last chose a file from (at first: its archive's folder).
 */
export async function browseFor(kind) {
  const v = workspace.view;
  if (kind === 'saveas') return bridge.pickSaveAs('Save as', edit.dialog?.path ?? '');
  const p = await bridge.pickFileIn(kind === 'replace' ? 'Replace with…' : 'Add a file', v?.dialogDir ?? '');
  if (p && v) v.dialogDir = p;
  return p;
}

/** The dialog's confirm: stage what it asked for (or save as). */
export async function dialogOK() {
  const d = edit.dialog;
  edit.dialog = null;
  const id = workspace.active.id;
  if (d.kind === 'replace') await staged(bridge.replaceEntry(id, d.target, d.path.trim()));
  else if (d.kind === 'add') await staged(bridge.addEntry(id, d.entry.trim(), d.path.trim()));
  else if (d.kind === 'rename') await staged(bridge.renameEntry(id, d.target, d.entry.trim()));
  else if (d.kind === 'saveas') await save(d.path.trim());
}

export function cancelDialog() {
  edit.dialog = null;
}

export function removeSelected() {
  const { active, view } = workspace;
  if (active && view.selected.length && view.edit.caps.remove) staged(bridge.removeEntries(active.id, [...view.selected]));
}

/** Undo one change of the active tab (cid 0: the last one). */
export const undo = (cid) => staged(bridge.undoChange(workspace.active.id, cid));

/** Ctrl+Z: undo the last change, when there is one. */
export function undoLast() {
  if (workspace.view.edit.changes.length) undo(0);
}

export const discard = () => staged(bridge.discardChanges(workspace.active.id));

/**
 * Save the active tab's changes (out: a new archive, for Save as). A save
 * belongs to its tab: switching tabs while it runs changes nothing of
 * where its result goes.
 */
export async function save(out = '') {
  const v = workspace.view;
  const id = workspace.activeId;
  if (!workspace.active || v.saveJob) return;
  if (!out && !v.edit.changes.length) return;
  try {
    v.saveJob = 'starting';
    await jobStore.follow(() => bridge.saveChanges(id, out), (st) => {
      if (st.state === 'running') v.saveJob = st.id;
      else onSaved(st, id, v);
    });
  } catch (e) {
    v.saveJob = '';
    fail(e);
  }
}

async function onSaved(st, id, v) {
  if (st.state === 'running') return;
  v.saveJob = '';
  const name = workspace.sessions.find((s) => s.id === id)?.name ?? '';
  if (st.state === 'failed') fail(st.error, name);
  const bad = (st.result?.save?.checks ?? []).filter((c) => !c.ok);
  if (bad.length) fail(`Saved, but ${plural(bad.length, 'change')} did not read back as planned: ${bad.map((c) => `${c.change.path}: ${c.message}`).join('; ')}`, name);
  const info = st.result?.info;
  const fid = info?.id ?? id;
  try {
    await refreshSaved(info ?? (await bridge.sessionInfo(fid)));
  } catch (e) {
    fail(e, name);
  }
}

/**
 * Files dropped on the native window at (x, y): on an entry it replaces
 * it, on a folder (or the list) they are added there; elsewhere they open.
 */
export async function filesDropped(paths, x, y) {
  const { active, view, mode } = workspace;
  const el = typeof x === 'number' ? document.elementFromPoint(x, y) : null;
  const row = el?.closest?.('[data-testid=entry-list] [data-path]');
  const dir = el?.closest?.('[data-folder]');
  const inList = el?.closest?.('[data-testid=entry-list]');
  if (active && mode === 'archives' && view.edit.caps.replace && (row || dir || inList)) {
    const v = view;
    try {
      const r = await bridge.dropFiles(active.id, row ? row.dataset.path : '', row ? '' : dir ? dir.dataset.folder : v.folder, paths);
      v.edit = { caps: r.caps, changes: r.changes };
      for (const p of r.open) await open(p);
    } catch (e) {
      fail(e);
    }
    return;
  }
  for (const p of paths) await open(p);
}
