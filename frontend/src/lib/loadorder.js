// Typed wrappers for the load-order methods (app/loadorder.go), in the
// pattern of bridge.js: components call these, never window.go directly.
// Mod ids are decimal strings (int64 does not fit a JavaScript number).

/** @returns {any} */
function svc() {
  const s = window.go?.app?.Service;
  if (!s) throw new Error('Packsmith back end is not connected');
  return s;
}

/**
 * @typedef {{code:string, severity:'error'|'warning', message:string}} Problem
 * @typedef {{name:string, id:string, version:number}} Dependency
 * @typedef {{key:string, id:string, title:string, author:string, version:number, file:string, rel:string,
 *   where:'mods'|'nested'|'user'|'install'|'missing', size:number, files:number, active:boolean, place:number,
 *   loaded:boolean, requires:Dependency[], wins:number, loses:number, unique:number, overridden:boolean,
 *   problems:Problem[]}} Mod
 * @typedef {{id:string, title:string, place:number}} ModRef
 * @typedef {{path:string, winner:ModRef, losers:ModRef[]}} Conflict
 * @typedef {{userDir:string, modsDir:string, installDir:string, schPath:string, schExists:boolean,
 *   schError:string, notes:string[], limit:number, order:string[], mods:Mod[], conflicts:Conflict[],
 *   problems:number, dirty:boolean, canUndo:boolean, undoWhat:string, scanMillis:number}} View
 * @typedef {{userDir:string, modsDir:string, installDir:string, defaultUserDir:string, demoUserDir:string}} Folders
 * @typedef {{path:string, backup:string, written:boolean, view:View}} Saved
 */

/** @returns {Promise<Folders>} */
export const folders = () => svc().LoadOrderFolders();
/** Scan a user folder (and its mods folder; '' = userDir/mods). @returns {Promise<View>} */
export const open = (userDir, modsDir = '') => svc().LoadOrder(userDir, modsDir);
/** @returns {Promise<View>} */
export const view = () => svc().LoadOrderView();
/** @returns {Promise<View>} */
export const reload = () => svc().LoadOrderReload();
/** Move to 1-based place `to` (≤ 0 = bottom); an inactive mod is enabled there. @returns {Promise<View>} */
export const move = (id, to) => svc().LoadOrderMove(String(id), to);
/** @returns {Promise<View>} */
export const enable = (id, on) => svc().LoadOrderEnable(String(id), !!on);
/** Replace the whole active list. @param {string[]} ids @returns {Promise<View>} */
export const setOrder = (ids) => svc().LoadOrderSetOrder(ids.map(String));
/** @returns {Promise<View>} */
export const undo = () => svc().LoadOrderUndo();
/** @returns {Promise<View>} */
export const revert = () => svc().LoadOrderRevert();
/** Write modlauncher.sch after a timestamped backup. @returns {Promise<Saved>} */
export const save = () => svc().LoadOrderSave();

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
