// The active tab's jobs over its entries: extracting (the Extract dialog
// that is open, and what it is asked to extract) and verifying (the
// findings land in the tab's view). Changed by the toolbar's Extract and
// Verify buttons, the context menu and the dialog itself.
import * as bridge from '../bridge.js';
import * as jobStore from '../jobs.svelte.js';
import { defaultExtractDir } from '../format.js';
import { workspace, fail } from './workspace.svelte.js';

/** The Extract dialog: null, or {what, n, paths|undefined, filtered|undefined}. */
export const extract = $state({ asking: null });

/**
 * What the dialog asks about for kind 'selected' (the selection), 'filtered'
 * (the entries the list shows) or 'all', in a view of a session.
 */
export function extractRequest(kind, view, session) {
  if (kind === 'selected') return { what: 'the selection', n: view.selected.length, paths: [...view.selected] };
  if (kind === 'filtered') return { what: 'the filtered entries', n: view.total, filtered: true };
  return { what: 'everything', n: session.entries, paths: [] };
}

/** Open the Extract dialog, into the tab's last folder or one next to the archive. */
export function startExtract(kind) {
  const { active, view: v } = workspace;
  if (!active) return;
  extract.asking = extractRequest(kind, v, active);
  v.extractDir = v.extractDir || defaultExtractDir(active.path);
}

/** What to extract as the back end takes it; opts: the dialog's conversions (decompile, png). */
export const extractTarget = (x, opts = {}) => ({
  paths: x.paths ?? [],
  filtered: !!x.filtered,
  query: { ...workspace.view.query, offset: 0, limit: 0 },
  convert: { decompile: !!opts.decompile, png: !!opts.png, overwrite: false },
});

/** Files the extraction would replace in dir (the dialog asks first). */
export const existing = (dir, opts) => bridge.extractExisting(workspace.active.id, extractTarget(extract.asking, opts), dir);

/** The dialog's confirm: start the extraction job (replace: over files already there). */
export async function doExtract(dir, replace = false, opts = {}) {
  const x = extract.asking;
  extract.asking = null;
  try {
    if (replace) await bridge.extractReplacing(workspace.active.id, extractTarget(x, opts), dir);
    else await bridge.extractWith(workspace.active.id, extractTarget(x, opts), dir);
  } catch (e) {
    fail(e);
  }
}

export function cancelExtract() {
  extract.asking = null;
}

/** Verify the active archive; its findings replace the tab's. */
export async function runVerify() {
  const v = workspace.view;
  try {
    v.findings = null;
    await jobStore.follow(() => bridge.verify(workspace.active.id), (st) => showVerify(st, v));
  } catch (e) {
    fail(e);
  }
}

function showVerify(st, v) {
  if (st.state === 'done') v.findings = st.result ?? [];
  if (st.state === 'failed') fail(st.error);
}
