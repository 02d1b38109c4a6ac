// The first screen (issue 46): what Packsmith is for, the game folders
// found on this system and the bundled samples of each game, one click
// each. Components call these, never the bridge (nobridge.test.js).
import * as bridge from './bridge.js';

/** The game folders found on this system: {game, what, path, from, opens}. */
export const foundFolders = () => bridge.foundFolders();

const name = (p) => p.split(/[\\/]/).pop();

// Which game a bundled sample belongs to, and what it is, by its name.
const SAMPLES = [
  [/^DATA\.PAK$/i, 'Torchlight II', "the game's data, a small DATA.PAK"],
  [/\.MOD$/i, 'Torchlight II', 'a packed mod (.MOD)'],
  [/^reborn$/i, 'Tactics Ogre: Reborn', 'a game folder (Data/ with FileTable.bin)'],
  [/^reborn.*\.dat$/i, 'Tactics Ogre: Reborn', 'a .dat pack with text tables'],
  [/^lostsaga_game$/i, 'Lost Saga', 'a game folder of .iop packs'],
  [/^locked\.iop$/i, 'Lost Saga', 'a pack with its own password'],
  [/\.iop$/i, 'Lost Saga', 'a pack (.iop)'],
];

/** The games in the order the screen shows them. */
export const GAMES = ['Torchlight II', 'Tactics Ogre: Reborn', 'Lost Saga', 'Other archives'];

/**
 * The bundled samples grouped by game, in GAMES order, each {path, name,
 * what}; a game with none is left out. Anything unknown is "Other archives".
 */
export function samplesByGame(paths) {
  const by = new Map(GAMES.map((g) => [g, []]));
  for (const p of paths ?? []) {
    const n = name(p);
    const hit = SAMPLES.find(([re]) => re.test(n));
    by.get(hit ? hit[1] : 'Other archives').push({ path: p, name: n, what: hit ? hit[2] : 'a zip archive' });
  }
  return GAMES.map((game) => ({ game, items: by.get(game) })).filter((g) => g.items.length);
}
