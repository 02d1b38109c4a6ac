// Closing the window with unsaved changes (issue 34). Go keeps the window
// open and sends "close-asked" ({changes, archives, loadOrder}); this asks
// in the app's own dialog: Save and close (every tab with changes, and the
// load order, saved; the window stays if a save fails), Discard and close,
// or Cancel (the window stays). Save and Discard end in bridge.closeWindow,
// after which Go lets the close through without asking again.
import * as bridge from '../bridge.js';
import { plural } from '../format.js';
import { choose } from './ask.svelte.js';
import { workspace, isDirty, fail } from './workspace.svelte.js';
import { wait } from '../jobs.svelte.js';
import { loadOrder, save as saveLoadOrder } from './loadorder.svelte.js';

export const closing = $state({ asking: false });

/** What the question says is unsaved. */
export function closeText(c) {
  const parts = [];
  if (c.changes) parts.push(`${plural(c.changes, 'unsaved change')} in ${plural(c.archives || 1, 'archive')}`);
  if (c.loadOrder) parts.push('an unsaved load order');
  return `${parts.join(' and ') || 'Unsaved changes'}. Save before closing?`;
}

/** Save every tab with changes, then the load order; false when one failed. */
export async function saveAll() {
  for (const s of workspace.sessions) {
    if (!isDirty(s.id)) continue;
    const st = await wait(() => bridge.saveChanges(s.id, ''));
    if (st.state !== 'done') {
      fail(st.error || st.state, s.name);
      return false;
    }
  }
  if (loadOrder.view?.dirty) {
    await saveLoadOrder();
    if (loadOrder.error) return false;
  }
  return true;
}

/** The "close-asked" event: ask once (a second close while asking is ignored). */
export async function closeAsked(c) {
  if (closing.asking) return;
  closing.asking = true;
  try {
    const k = await choose({ title: 'Unsaved changes', text: closeText(c ?? {}), ok: 'Save and close', alt: 'Discard and close', cancel: 'Cancel' });
    if (k === 'cancel') return;
    if (k === 'ok' && !(await saveAll())) return;
    await bridge.closeWindow();
  } finally {
    closing.asking = false;
  }
}
