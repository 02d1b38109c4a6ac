// Typed wrappers for the load-order methods (app/loadorder.go), in the
// pattern of bridge.js: components call these, never the bindings directly.
// Mod ids are decimal strings (int64 does not fit a JavaScript number).

import { loadOrder } from './bridge.js';

// The types are the generated models of the Go structs (make bindings).
/**
 * @typedef {import('../../wailsjs/go/models').loadorder.Problem} Problem
 * @typedef {import('../../wailsjs/go/models').mod.Dependency} Dependency
 * @typedef {import('../../wailsjs/go/models').loadorder.Mod} Mod
 * @typedef {import('../../wailsjs/go/models').loadorder.ModRef} ModRef
 * @typedef {import('../../wailsjs/go/models').loadorder.Conflict} Conflict
 * @typedef {import('../../wailsjs/go/models').loadorder.View} View
 * @typedef {import('../../wailsjs/go/models').app.LoadOrderFolders} Folders
 * @typedef {import('../../wailsjs/go/models').app.LoadOrderSaved} Saved
 * @typedef {import('../../wailsjs/go/models').app.BackupList} BackupList
 * @typedef {import('../../wailsjs/go/models').backups.Entry} Backup
 * @typedef {import('../../wailsjs/go/models').backups.Restored} Restored
 */

/** @returns {Promise<Folders>} */
export const folders = () => loadOrder().LoadOrderFolders();
/** Scan a user folder (and its mods folder; '' = userDir/mods). @returns {Promise<View>} */
export const open = (userDir, modsDir = '') => loadOrder().LoadOrder(userDir, modsDir);
/** @returns {Promise<View>} */
export const view = () => loadOrder().LoadOrderView();
/** @returns {Promise<View>} */
export const reload = () => loadOrder().LoadOrderReload();
/** Move to 1-based place `to` (≤ 0 = bottom); an inactive mod is enabled there. @returns {Promise<View>} */
export const move = (id, to) => loadOrder().LoadOrderMove(String(id), to);
/** @returns {Promise<View>} */
export const enable = (id, on) => loadOrder().LoadOrderEnable(String(id), !!on);
/** Replace the whole active list. @param {string[]} ids @returns {Promise<View>} */
export const setOrder = (ids) => loadOrder().LoadOrderSetOrder(ids.map(String));
/** @returns {Promise<View>} */
export const undo = () => loadOrder().LoadOrderUndo();
/** @returns {Promise<View>} */
export const revert = () => loadOrder().LoadOrderRevert();
/** Write modlauncher.sch after a backup (into the backups folder). @returns {Promise<Saved>} */
export const save = () => loadOrder().LoadOrderSave();
/**
 * Profiles (named setups): action 'list' (name unused), 'save' (the open list, as shown), 'use' (writes
 * modlauncher.sch after a backup; refused with unsaved changes; answers the characters it strands),
 * 'move-characters' (moves those characters) or 'rm'.
 * @param {'list'|'save'|'use'|'move-characters'|'rm'} action @param {string} name
 * @returns {Promise<import('./jobresults').app_ProfileAnswer>}
 */
export const profile = (action, name = '') => loadOrder().LoadOrderProfile(action, name);
/** History: every backup Packsmith kept, newest first. @returns {Promise<BackupList>} */
export const backups = () => loadOrder().Backups();
/** Put a backup back where it came from (what is there is backed up first). @returns {Promise<Restored>} */
export const restore = (id) => loadOrder().RestoreBackup(id);

/**
 * History's builds (issue 34): the backups that are .MOD builds (a deployed
 * build a newer one replaced, a .MOD edited in place), grouped by mod: the
 * file they go back to (the name folded, as Windows does), so that the
 * builds of a mod packed without a MOD_ID, each with an id of its own, are
 * one mod. Newest mod first, each mod's builds newest first, as `backups`
 * lists them; the title is the newest build's. Pure, for tests.
 * @param {Backup[]} list newest first
 * @returns {{key: string, title: string, of: string, builds: Backup[]}[]}
 */
export function buildsByMod(list) {
  /** @type {Map<string, {key: string, title: string, of: string, builds: Backup[]}>} */
  const mods = new Map();
  for (const e of list ?? []) {
    if (!e.build) continue;
    const key = e.of.replaceAll('\\', '/').toLowerCase();
    let m = mods.get(key);
    if (!m) {
      m = { key, title: e.build.title, of: e.of, builds: [] };
      mods.set(key, m);
    }
    m.builds.push(e);
  }
  return [...mods.values()];
}

/**
 * The active list after dragging the mod `id` before the row at index
 * `before` of `order` (before = order.length: to the end). Pure, for tests.
 * @param {string[]} order @param {string} id @param {number} before
 */
export function dropInto(order, id, before) {
  const from = order.indexOf(id);
  const out = order.filter((x) => x !== id);
  let at = before;
  if (from >= 0 && from < before) at--;
  at = Math.max(0, Math.min(out.length, at));
  out.splice(at, 0, id);
  return out;
}

/**
 * Where Torchlight II keeps its user folder on the system the window runs
 * on, in words (issue 46: on Linux the box showed a Windows path). ua: the
 * user agent (navigator.userAgent in the window).
 */
export function userDirHint(ua = globalThis.navigator?.userAgent ?? '') {
  if (/Windows/i.test(ua)) return 'Documents\\My Games\\Runic Games\\Torchlight 2';
  if (/Mac OS X|Macintosh/i.test(ua)) return '~/Library/Application Support/Steam/steamapps/common/Torchlight II/my games/runic games/torchlight 2';
  return "Steam Play (Proton): ~/.local/share/Steam/steamapps/compatdata/200710/pfx/drive_c/users/steamuser/Documents/My Games/Runic Games/Torchlight 2";
}

/**
 * How the conflicts view names a mod whose version of a shared file the
 * merged patch holds (c.merged): "⇄ 2. Mod A (merged into the patch)", or,
 * when the patch's merge lost some of its changes there to another mod's
 * (c.lost, issue 43), "⇄ 3. Mod B (merged; 2 changes lost to 2. Mod A)";
 * the command line words it the same (loadorder.LostRef.LostText). text is
 * the row, title its tooltip.
 * @param {Conflict} c
 * @param {ModRef} m one of c.merged
 * @returns {{text: string, title: string, lost: boolean}}
 */
export function mergedLabel(c, m) {
  const stale = c.mergedStale ? ', may be out of date' : '';
  const staleTip = c.mergedStale ? ' The patch is out of date: build it again.' : '';
  const l = (c.lost ?? []).find((x) => x.id === m.id && x.conflicts > 0);
  if (!l) {
    return { text: `⇄ ${m.place}. ${m.title} (merged into the patch${stale})`, title: `Merged into the patch: its changes are kept there.${staleTip}`, lost: false };
  }
  const what = l.conflicts === 1 ? '1 change' : `${l.conflicts} changes`;
  const to = (l.to ?? []).map((w) => `${w.place}. ${w.title}`);
  const whom = !to.length ? '' : ` to ${to.length === 1 ? to[0] : `${to.slice(0, -1).join(', ')} and ${to[to.length - 1]}`}`;
  return {
    text: `⇄ ${m.place}. ${m.title} (merged; ${what} lost${whom}${stale})`,
    title: `Merged into the patch, but where ${l.conflicts === 1 ? 'it and another mod change the same thing' : 'it and other mods change the same things'}, the patch keeps the other mod's change: ${what} of this mod ${l.conflicts === 1 ? 'is' : 'are'} lost${whom}. Pick another winner in Merged patch to keep it.${staleTip}`,
    lost: true,
  };
}
