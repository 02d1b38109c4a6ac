// Lost Saga packs in the window: jobs that replace a pack on disk
// (optimize) or make one (create), and what to tell the user afterwards.
import * as bridge from './bridge.js';
import { wait } from './jobs.svelte.js';

/** The last optimize or create outcome, shown by IopBar for its path. */
export const notice = $state({ path: '', text: '', error: false });

/** Resolve with a job's final status (done, failed or cancelled): the job store's wait. */
export const waitJob = wait;

/**
 * A pack's delete list in a few words: how many of its names the game
 * hides, or why the list could not be read.
 * @param {{path: string, error?: string, hidden: string[]}} dl  Info.deleteList
 */
export function hiddenText(dl) {
  if (dl.error) return `delete list unreadable: ${dl.error}`;
  const n = dl.hidden?.length ?? 0;
  return n === 1 ? 'delete list: 1 name hidden' : `delete list: ${n} names hidden`;
}

export const bytes = (n) => Number(n ?? 0).toLocaleString('en-US') + ' bytes';

/**
 * Optimize the pack at path: release closes the tabs holding it, reopen
 * opens again what they showed.
 */
export async function optimize(path, release, reopen) {
  await release();
  let st;
  try {
    st = await waitJob(() => bridge.optimizePack(path, '', ''));
  } finally {
    await reopen();
  }
  const name = path.split(/[\\/]/).pop();
  if (st.state !== 'done') {
    Object.assign(notice, { path, text: `Optimize ${name}: ${st.error || st.state}`, error: true });
    return st;
  }
  const r = st.result;
  Object.assign(notice, {
    path,
    error: false,
    text: `Optimized ${name}: ${r.entriesBefore} → ${r.entriesAfter} entries, ${bytes(r.sizeBefore)} → ${bytes(r.sizeAfter)}` +
      (r.backup ? ` (backup: ${r.backupId || r.backup.split(/[\\/]/).pop()})` : ''),
  });
  return st;
}

/** Start making a pack at out from folder dir (encrypted when a password is given); resolves to the job id. */
export const createPack = (out, dir, password = '') => bridge.createPack(out, dir, password);

/** Forget the remembered password of the pack at path; the notice says so (or why not). */
export async function forgetPassword(path) {
  try {
    await bridge.forgetPassword(path);
    const name = path.split(/[\\/]/).pop();
    Object.assign(notice, { path, error: false, text: `The password of ${name} is forgotten: the next open asks for it.` });
  } catch (e) {
    Object.assign(notice, { path, error: true, text: String(e?.message ?? e) });
  }
}
