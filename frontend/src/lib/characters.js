// Load order → Characters (issue 48): typed wrappers for app/saves.go and
// the panel's pure helpers (what to warn about, which mods a move takes a
// character from, which mods it can go to). Mod ids are decimal strings.

import { loadOrder } from './bridge.js';

/**
 * @typedef {import('./jobresults').saves_List} List
 * @typedef {import('./jobresults').saves_Character} Character
 * @typedef {import('./jobresults').saves_BoundMod} BoundMod
 * @typedef {import('./jobresults').saves_MoveResult} MoveResult
 * @typedef {import('../../wailsjs/go/models').loadorder.View} View
 */

/** Every character of the user folder. @returns {Promise<List>} */
export const list = (userDir, modsDir = '') => loadOrder().Characters(userDir, modsDir);

/**
 * Bind the character saved at path to mod `to` instead of the `from` mods
 * (Go backs the save up first). @returns {Promise<MoveResult>}
 */
export const move = (userDir, modsDir, path, from, to) => loadOrder().MoveCharacter(userDir, modsDir, path, from.map(String), String(to));

/** A bound mod's name: its title, else its id. @param {BoundMod} m */
export const modName = (m) => m.title || `mod ${m.id}`;

/**
 * What the game will say about a character's mods, one sentence per mod
 * that is missing, not active, or of another version than it was played
 * with. @param {Character} c @returns {string[]}
 */
export function warnings(c) {
  const out = [];
  for (const m of c.bound ?? []) {
    if (m.status === 'missing') out.push(`${modName(m)} is not installed: the game refuses the character ("created with an unknown mod").`);
    else if (m.status === 'disabled') out.push(`${modName(m)} is installed but not active: the game asks to restart with it.`);
    if (m.changed) out.push(`${modName(m)} is version ${m.installed}; the character was played with version ${m.version}: the game warns that data may be lost.`);
  }
  return out;
}

/**
 * The mods a move takes the character from when it goes to `to`: the
 * bound mods that are not active, else (all active) every bound mod but
 * `to`. @param {Character} c @param {string} to @returns {string[]}
 */
export function moveFrom(c, to) {
  const bound = (c.bound ?? []).filter((m) => m.id !== to);
  const off = bound.filter((m) => m.status !== 'active');
  return (off.length ? off : bound).map((m) => m.id);
}

/**
 * The mods a character can move to: the installed ones, active first (in
 * load order), then the others by title. @param {View|null} view
 * @returns {{id: string, title: string, active: boolean}[]}
 */
export function targets(view) {
  const seen = new Set();
  const out = [];
  for (const m of view?.mods ?? []) {
    if (!m.file || m.where === 'missing' || seen.has(m.id)) continue;
    seen.add(m.id);
    out.push({ id: m.id, title: m.title || `mod ${m.id}`, active: m.active });
  }
  return out;
}
