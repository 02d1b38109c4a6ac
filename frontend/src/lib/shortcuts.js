// The window's keyboard shortcuts (the <svelte:window> keydown): opening
// works everywhere; the rest act on the active tab of the archives view,
// and not while a dialog asks something. Keys a text field uses (Ctrl+Z,
// Ctrl+A, Delete, F2) stay with the field being typed in.
import { workspace, browse, browseFolder } from './stores/workspace.svelte.js';
import { edit, askSaveAs, save, undoLast, removeSelected, askRename } from './stores/edit.svelte.js';
import { extract } from './stores/extract.svelte.js';
import { selectAll } from './stores/browse.svelte.js';

function typing(ev) {
  const t = ev.target;
  return t?.closest?.('input, textarea, select, [contenteditable=true]');
}

export function shortcut(ev) {
  const mod = ev.ctrlKey || ev.metaKey;
  const k = ev.key.toLowerCase();
  if (mod && k === 'o') {
    ev.preventDefault();
    return ev.shiftKey ? browseFolder() : browse();
  }
  if (mod && k === 'l') {
    ev.preventDefault();
    document.querySelector('[data-testid=open-path]')?.select();
    return;
  }
  if (workspace.mode !== 'archives' || !workspace.active || edit.dialog || extract.asking) return;
  if (mod && k === 'f') {
    ev.preventDefault();
    const f = document.querySelector('[data-testid=filter]');
    f?.focus();
    f?.select();
  } else if (mod && k === 's') {
    ev.preventDefault();
    if (ev.shiftKey) askSaveAs();
    else save();
  } else if (typing(ev)) {
    return; // the rest belong to the text field
  } else if (mod && k === 'z') {
    ev.preventDefault();
    undoLast();
  } else if (mod && k === 'a') {
    ev.preventDefault();
    selectAll();
  } else if (ev.key === 'Delete') {
    ev.preventDefault();
    removeSelected();
  } else if (ev.key === 'F2') {
    ev.preventDefault();
    askRename();
  }
}
