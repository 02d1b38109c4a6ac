// Load order → Combine into one mod (issue 43, with 48's characters):
// typed wrappers for app/combine.go and the panel's pure helpers (what
// changes for the player, how to go back). Mod ids are decimal strings.

import { combining } from './bridge.js';

/**
 * @typedef {import('./jobresults').combine_Deployed} Deployed
 * @typedef {import('./jobresults').combine_Character} Character
 * @typedef {import('../../wailsjs/go/models').app.CombineRequest} Request
 * @typedef {import('../../wailsjs/go/models').loadorder.View} View
 */

/** The characters bound to the mods a combine would hold. @param {Request} req @returns {Promise<Character[]>} */
export const boundCharacters = (req) => combining().CombineCharacters(req);

/** Combine the active mods, deploy, keep the setup as a profile. @param {Request} req @returns {Promise<Deployed>} */
export const combineMods = (req) => combining().Combine(req);

/**
 * The mods a combine takes: the active mods with a file, in load order,
 * those past the game's cap too (putting them in one slot is the point).
 * @param {View|null} view @returns {{id: string, title: string}[]}
 */
export function constituents(view) {
  const seen = new Set();
  return (view?.mods ?? [])
    .filter((m) => m.active && m.file && !seen.has(m.id) && seen.add(m.id))
    .sort((a, b) => a.place - b.place)
    .map((m) => ({ id: m.id, title: m.title || `mod ${m.id}` }));
}

/**
 * The active combined mods that are out of date (a mod they hold is gone
 * or changed: the combined-stale problem on their row). Combining again
 * rebuilds them. @param {View|null} view
 * @returns {{id: string, title: string, message: string}[]}
 */
export function staleCombined(view) {
  return (view?.mods ?? []).filter((m) => m.active).flatMap((m) =>
    (m.problems ?? []).filter((p) => p.code === 'combined-stale').map((p) => ({ id: m.id, title: m.title, message: p.message })));
}

/**
 * What changes for the player, in one sentence, before the combine.
 * @param {number} n how many mods
 */
export function whatChanges(n) {
  return `The ${n} active mods become one mod: the game sees the same files, under one mod id instead of ${n}, ` +
    `so it takes one of its 10 slots. The mods stay in the mods folder, no longer active; ` +
    `the setup before is kept as a profile, and using that profile goes back.`;
}

/**
 * The sentence after a combine: where it went, what the list holds now,
 * how to go back, and what happened to the characters.
 * @param {Deployed} d
 */
export function doneText(d) {
  const chars = d.characters ?? [];
  const moved = chars.filter((c) => c.moved);
  const left = chars.filter((c) => !c.moved);
  let s = `Combined ${d.sources?.length ?? 0} mods into "${d.title}" (${d.deployed}); modlauncher.sch lists it ` +
    `at place ${d.place} instead of ${d.replaced?.length ?? 0} mods. To go back, use the profile "${d.profile}".`;
  if (d.unmerged) s += ` ${d.unmerged}.`;
  if (moved.length) s += ` Moved to it: ${moved.map((c) => c.name).join(', ')} (the old saves are in History).`;
  if (left.length) s += ` Still bound to the old mods (the game refuses them until moved): ${left.map((c) => c.name).join(', ')}.`;
  return s;
}
