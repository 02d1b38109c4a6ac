// The window's keyboard shortcuts (the <svelte:window> keydown), from one
// table that the `?` overlay also lists, so the list cannot drift from what
// the keys do. Opening works everywhere; `tab` ones act on the active tab of
// the archives view. None acts while a dialog is open (lib/modal.js): Ctrl+L
// behind Rename typed into the path box. Keys a text field uses (Ctrl+Z,
// Ctrl+A, Delete, F2, ?) stay with the field being typed in (`field: false`).
import { workspace, browse, browseFolder, select, closeTab } from './stores/workspace.svelte.js';
import { edit, askSaveAs, save, undoLast, removeSelected, askRename, askReplace, askAdd } from './stores/edit.svelte.js';
import { extract, startExtract } from './stores/extract.svelte.js';
import { selectAll } from './stores/browse.svelte.js';
import { ui } from './stores/ui.svelte.js';
import { modalOpen } from './modal.js';

/**
 * The next (step 1) or previous (-1) tab, round the end: issue 46's day
 * of six tabs by keyboard alone had no key to move between them.
 */
function cycleTab(step) {
  const tabs = workspace.sessions;
  if (tabs.length < 2) return;
  const at = tabs.findIndex((s) => s.id === workspace.activeId);
  select(tabs[(at + step + tabs.length) % tabs.length].id);
}

function typing(ev) {
  const t = ev.target;
  return t?.closest?.('input, textarea, select, [contenteditable=true]');
}

function focusSelect(testid) {
  const f = document.querySelector(`[data-testid=${testid}]`);
  f?.focus();
  f?.select?.();
}

/**
 * Escape outside a dialog: close the panel or menu on top, the Recent menu
 * first, then the active tab's Find or Compare (issue 46: the list said
 * Escape closes them; it did not, nor with the cursor in Find's box).
 * Returns whether something closed.
 */
export function closePanel() {
  if (ui.recentOpen) {
    ui.recentOpen = false;
    return true;
  }
  const v = workspace.mode === 'archives' && workspace.active ? workspace.view : null;
  if (v?.finding) v.finding = false;
  else if (v?.comparing) v.comparing = false;
  else return false;
  return true;
}

/**
 * Every shortcut: keys as shown (and matched: "Ctrl+Shift+O", "F2", "?"),
 * what it does, where (`tab`: the archives view with a tab open), whether
 * it works while typing in a field, and run. Rows without run are handled
 * where they act (the list, dialogs, the text editor) and only listed.
 */
export const SHORTCUTS = [
  { group: 'Window', keys: 'Ctrl+O', what: 'Open an archive…', run: () => browse() },
  { group: 'Window', keys: 'Ctrl+Shift+O', what: 'Open a folder…', run: () => browseFolder() },
  { group: 'Window', keys: 'Ctrl+L', what: 'Go to the path box (type a path, Enter opens it)', run: () => focusSelect('open-path') },
  { group: 'Window', keys: 'Ctrl+,', what: 'Settings…', run: () => (ui.settingsOpen = true) },
  { group: 'Window', keys: 'Escape', what: 'Close the Recent menu, Find in files or Compare', run: closePanel },
  { group: 'Window', keys: '?', what: 'Show or hide this list of shortcuts', field: false, run: () => (ui.helpOpen = !ui.helpOpen) },
  { group: 'Archive tab', keys: 'Ctrl+Tab', what: 'Next tab', tab: true, run: () => cycleTab(1) },
  { group: 'Archive tab', keys: 'Ctrl+Shift+Tab', what: 'Previous tab', tab: true, run: () => cycleTab(-1) },
  { group: 'Archive tab', keys: 'Ctrl+W', what: 'Close the tab (asks first when it has unsaved changes)', tab: true, run: () => closeTab(workspace.activeId) },
  { group: 'Archive tab', keys: 'Ctrl+F', what: 'Filter the entries', tab: true, run: () => focusSelect('filter') },
  { group: 'Archive tab', keys: 'Ctrl+S', what: 'Save the changes into the archive', tab: true, run: () => save() },
  { group: 'Archive tab', keys: 'Ctrl+Shift+S', what: 'Save as a new archive…', tab: true, run: () => askSaveAs() },
  { group: 'Archive tab', keys: 'Ctrl+Z', what: 'Undo the last change', tab: true, field: false, run: () => undoLast() },
  { group: 'Archive tab', keys: 'Ctrl+A', what: 'Select every entry shown', tab: true, field: false, run: () => selectAll() },
  { group: 'Archive tab', keys: 'Delete', what: 'Remove the selected entries', tab: true, field: false, run: () => removeSelected() },
  { group: 'Archive tab', keys: 'F2', what: 'Rename the selected entry…', tab: true, field: false, run: () => askRename() },
  { group: 'Archive tab', keys: 'Ctrl+R', what: 'Replace the selected entry with a file…', tab: true, run: () => askReplace() },
  { group: 'Archive tab', keys: 'Insert', what: 'Add a file…', tab: true, field: false, run: () => askAdd() },
  { group: 'Archive tab', keys: 'Ctrl+E', what: 'Extract the selected entries…', tab: true, run: () => workspace.view.selected.length && startExtract('selected') },
  { group: 'Archive tab', keys: 'Ctrl+Shift+E', what: 'Extract every entry…', tab: true, run: () => startExtract('all') },
  { group: 'Archive tab', keys: 'Ctrl+Shift+F', what: 'Find in files (the decoded text of every entry)', tab: true, run: () => (workspace.view.finding = !workspace.view.finding) },
  { group: 'Archive tab', keys: '↑ / ↓', what: 'Previous / next entry (in the list)' },
  { group: 'Text editor', keys: 'Ctrl+Z / Ctrl+Y', what: 'Undo / redo' },
  { group: 'Text editor', keys: 'Ctrl+F, Enter', what: 'Find, find the next (Shift+Enter: the one before)' },
  { group: 'Text editor', keys: 'Ctrl+S', what: 'Save the text into the archive' },
  { group: 'Dialogs', keys: 'Tab / Shift+Tab', what: "Next / previous field (stays inside the dialog)" },
  { group: 'Dialogs', keys: 'Enter', what: 'Confirm (in a field), or press the focused button' },
  { group: 'Dialogs', keys: 'Escape', what: 'Close the dialog, menu or this list' },
  { group: 'Everywhere', keys: 'Tab / Shift+Tab', what: 'Every button and field, in order; Enter or Space presses a button' },
];

/** Parses "Ctrl+Shift+O" into {mod, shift, key} (key in lower case). */
export function parseKeys(keys) {
  const parts = keys.split('+');
  const key = parts.pop().toLowerCase();
  return { mod: parts.includes('Ctrl'), shift: parts.includes('Shift'), key };
}

/** Whether the event is the row's keys. Shift only counts for letters and named keys ("?" is Shift+/). */
export function matches(row, ev) {
  if (!row.run) return false;
  const k = parseKeys(row.keys);
  const mod = !!(ev.ctrlKey || ev.metaKey);
  if (mod !== k.mod || ev.altKey) return false;
  if (String(ev.key).toLowerCase() !== k.key) return false;
  const shiftMatters = k.key.length > 1 || /[a-z]/.test(k.key);
  return !shiftMatters || !!ev.shiftKey === k.shift;
}

export function shortcut(ev) {
  if (modalOpen()) return; // the dialog has the keyboard (lib/modal.js)
  const row = SHORTCUTS.find((r) => matches(r, ev));
  if (!row) return;
  if (row.tab && (workspace.mode !== 'archives' || !workspace.active || edit.dialog || extract.asking)) return;
  if (row.field === false && typing(ev)) return; // it belongs to the text field
  if (row.run === closePanel) return closePanel() && ev.preventDefault(); // an Escape that closed nothing stays the page's
  ev.preventDefault();
  return row.run();
}
