// Settings saved: every view that shows a folder Settings owns takes the
// new one at once (issue 46: one source of truth for folders). A view
// never shown reads them on arrival anyway.
import { applyTheme } from './ui.svelte.js';
import { settingsSaved as packSaved } from './pack.svelte.js';
import { settingsSaved as loadOrderSaved } from './loadorder.svelte.js';

/** The Settings panel saved `v` (its answer). */
export async function settingsSaved(v) {
  applyTheme(v.theme);
  await Promise.all([packSaved(), loadOrderSaved()]);
}
