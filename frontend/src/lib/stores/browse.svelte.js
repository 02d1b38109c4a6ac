// Browsing the active tab: the context menu open on an entry, what Show in
// folder / Open with last handed the system, and the changes to a tab's
// selection, preview and query that more than one component makes (the
// selection, folder, filter and preview themselves live in the tab's view).
// Changed by the entry list, the tree, Find in files, the preview's links,
// the Findings and Changes panels, and the shortcuts.
import * as bridge from '../bridge.js';
import { count } from '../format.js';
import { workspace, fail } from './workspace.svelte.js';
import { askReplace, askRename, removeSelected } from './edit.svelte.js';
import { startExtract } from './extract.svelte.js';

export const browsing = $state({
  menu: null, // {x, y, items}: the context menu
  lastOpened: '', // what Show in folder / Open with last handed the system
});

/** Preview an entry of the active tab; with a line, scrolled to that line. */
export function show(path, line) {
  const v = workspace.view;
  v.previewPath = path;
  if (line !== undefined) v.previewLine = line;
}

/** Ctrl+A: select every entry the query matches (not only those loaded). */
export async function selectAll() {
  const { active, view: v } = workspace;
  if (!active) return;
  try {
    v.selected = await bridge.matchingPaths(active.id, { ...v.query, offset: 0, limit: 0 });
  } catch (e) {
    fail(e);
  }
}

export async function copyText(t) {
  try {
    if (window.runtime?.ClipboardSetText) await window.runtime.ClipboardSetText(t);
    else await navigator.clipboard.writeText(t);
  } catch {
    await navigator.clipboard?.writeText(t).catch(() => {});
  }
}

async function system(fn, entry) {
  try {
    browsing.lastOpened = await fn(workspace.active.id, entry);
  } catch (e) {
    fail(e);
  }
}

/** The menu's items for entry e in view v (edit caps decide what is enabled). */
export function entryItems(v, e) {
  const one = v.selected.length <= 1;
  const c = v.edit.caps;
  return [
    { id: 'preview', label: 'Preview', action: () => (v.previewPath = e.path) },
    { id: 'extract', label: one ? 'Extract…' : `Extract ${count(v.selected.length)} entries…`, action: () => startExtract('selected') },
    '-',
    { id: 'replace', label: 'Replace…', disabled: !c.replace || !one, action: () => askReplace(e.path) },
    { id: 'rename', label: 'Rename…', key: 'F2', disabled: !c.rename || !one, action: () => askRename(e.path) },
    { id: 'remove', label: one ? 'Remove' : `Remove ${count(v.selected.length)} entries`, key: 'Delete', disabled: !c.remove, action: removeSelected },
    '-',
    { id: 'copy-path', label: 'Copy path', action: () => copyText(e.path) },
    { id: 'show', label: 'Show in folder', action: () => system(bridge.showInFolder, e.path) },
    { id: 'open-with', label: 'Open with the system app', action: () => system(bridge.openWithSystem, e.path) },
  ];
}

/** Right click on an entry: its menu where the pointer is. */
export function entryMenu(ev, e) {
  browsing.menu = { x: ev.clientX, y: ev.clientY, items: entryItems(workspace.view, e) };
}

export function closeMenu() {
  browsing.menu = null;
}

/**
 * The active tab's filter, regex switch and folder reach its query (and so
 * the entry list) 120 ms after the last change. Call while a component
 * initialises: the effect lives as long as it does.
 */
export function debounceQuery() {
  let timer;
  $effect(() => {
    const v = workspace.view;
    if (!v) return;
    const f = v.filter,
      r = v.regex,
      d = v.folder;
    clearTimeout(timer);
    if (v.query.filter === f && v.query.regex === r && v.query.folder === d) return;
    timer = setTimeout(() => (v.query = { ...v.query, filter: f, regex: r, folder: d }), 120);
  });
}
