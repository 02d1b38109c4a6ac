// The merged patch (issue 32): typed wrappers for app/merge.go, in the
// pattern of loadorder.js (components call these, never the bindings), and
// the pure helpers the Merged patch panel draws with.

import { loadOrder } from './bridge.js';

/**
 * @typedef {import('./jobresults').app_MergedPatchView} View
 * @typedef {import('./jobresults').app_MergedPatchDiff} Diff
 * @typedef {import('./jobresults').merge_Conflict} Conflict
 * @typedef {import('./jobresults').mergepatch_File} File
 * @typedef {import('./jobresults').app_MergedPatchFile} FileResult
 */

/** Preview: merge what the active mods share (nothing written; a job, with Cancel). base '' = the game folder of Settings. @returns {Promise<View>} */
export const preview = (userDir, modsDir = '', base = '') => loadOrder().MergedPatch(userDir, modsDir, base);
/** One merged file's base, each mod's and the merged text. @returns {Promise<Diff>} */
export const diff = (userDir, modsDir, base, path) => loadOrder().MergedPatchDiff(userDir, modsDir, base, path);
/**
 * Keep `mod` as the winner of conflict `key` ('' = the load order decides):
 * only that conflict's file is merged again; applyFile puts the answer in
 * the view. @returns {Promise<FileResult>}
 */
export const setWinner = (userDir, modsDir, base, key, mod) =>
  loadOrder().MergedPatchSetWinner(userDir, modsDir, base, key, mod ?? '');

/**
 * The view with one file merged again (after a pick): that file's
 * conflicts and row replaced in place (files and conflicts stay in path
 * order), its row removed when the patch now leaves it out (file null:
 * the load order alone gives it), the winners as kept.
 * @param {View} view
 * @param {FileResult} r
 * @returns {View}
 */
export function applyFile(view, r) {
  const before = (p) => p < r.path;
  const conflicts = (view.conflicts ?? []).filter((c) => c.path !== r.path);
  const at = conflicts.findIndex((c) => !before(c.path));
  conflicts.splice(at < 0 ? conflicts.length : at, 0, ...(r.conflicts ?? []));
  const files = (view.files ?? []).filter((f) => f.path !== r.path);
  if (r.file) {
    const i = files.findIndex((f) => !before(f.path));
    files.splice(i < 0 ? files.length : i, 0, r.file);
  }
  const wasIn = (view.files ?? []).some((f) => f.path === r.path);
  const leftOut = Math.max(0, (view.leftOut ?? 0) + (wasIn && !r.file ? 1 : 0) - (!wasIn && r.file ? 1 : 0));
  return { ...view, conflicts, files, leftOut, winners: r.winners ?? view.winners };
}
/** Build the patch and deploy it, first in modlauncher.sch (a job: the job bar shows it, with Cancel). @returns {Promise<View>} */
export const build = (userDir, modsDir = '', base = '') => loadOrder().MergedPatchBuild(userDir, modsDir, base);

/**
 * Conflicts grouped by file, files in the order given, for the list.
 * @param {Conflict[]} conflicts
 * @returns {{path: string, conflicts: Conflict[]}[]}
 */
export function byFile(conflicts) {
  /** @type {Map<string, Conflict[]>} */
  const m = new Map();
  for (const c of conflicts ?? []) {
    if (!m.has(c.path)) m.set(c.path, []);
    m.get(c.path).push(c);
  }
  return [...m].map(([path, cs]) => ({ path, conflicts: cs }));
}

/**
 * How a value reads in the list: the value, "(absent)" when the version
 * has no such property or block.
 * @param {{present: boolean, value: string}} v
 */
export function shown(v) {
  return v.present ? v.value : '(absent)';
}

/**
 * Where a conflict is, for a player: "BLOCK › PROPERTY" (the block alone when
 * the whole block conflicts); a layout object named by its label
 * (`Sound "Boom"`) rather than its id path.
 */
export function where(c) {
  const place = c.label || c.block;
  return c.property ? `${place} › ${c.property}` : `${place} (whole block)`;
}

/**
 * A line diff of `from` to `to` (longest common subsequence of lines):
 * each line with its kind, ' ' same, '-' only in from, '+' only in to.
 * Lines end at CRLF or LF. Large inputs (past `max` lines each) fall back
 * to a plain before/after listing so the window never stalls.
 * @param {string} from
 * @param {string} to
 * @returns {{kind: ' ' | '-' | '+', text: string}[]}
 */
export function lineDiff(from, to, max = 4000) {
  const a = split(from);
  const b = split(to);
  if (a.length > max || b.length > max) {
    return [...a.map((text) => ({ kind: '-', text })), ...b.map((text) => ({ kind: '+', text }))];
  }
  const n = a.length;
  const m = b.length;
  // lcs[i][j] = LCS length of a[i:], b[j:], in one flat array.
  const w = m + 1;
  const lcs = new Uint32Array((n + 1) * w);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i * w + j] = a[i] === b[j] ? lcs[(i + 1) * w + j + 1] + 1 : Math.max(lcs[(i + 1) * w + j], lcs[i * w + j + 1]);
    }
  }
  /** @type {{kind: ' ' | '-' | '+', text: string}[]} */
  const out = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      out.push({ kind: ' ', text: a[i] });
      i++;
      j++;
    } else if (lcs[(i + 1) * w + j] >= lcs[i * w + j + 1]) {
      out.push({ kind: '-', text: a[i++] });
    } else {
      out.push({ kind: '+', text: b[j++] });
    }
  }
  while (i < n) out.push({ kind: '-', text: a[i++] });
  while (j < m) out.push({ kind: '+', text: b[j++] });
  return out;
}

function split(s) {
  if (!s) return [];
  const lines = s.split(/\r?\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/**
 * The mods a user can pick as a conflict's winner: every mod with a value,
 * the current winner marked.
 * @param {Conflict} c
 * @returns {{mod: string, value: string, winner: boolean}[]}
 */
export function choices(c) {
  const lost = new Set(c.losers ?? []);
  return (c.values ?? []).map((v) => ({ mod: v.mod, value: shown(v), winner: v.mod === c.winner, lost: lost.has(v.mod) }));
}

/**
 * Why Build and deploy has nothing to write: every shared text source
 * merges to what the load order alone gives (Go leaves such files out of
 * the patch and refuses to build an empty one). '' when there is a file to
 * patch or nothing was previewed.
 * @param {{files?: unknown[], leftOut?: number}|null} view
 */
export function nothingToPatchText(view) {
  if (!view || view.files?.length || !view.leftOut) return '';
  const n = view.leftOut;
  return `No patch is needed: ${n === 1 ? 'the one shared text file merges' : `all ${n} shared text files merge`} to what the load order already gives (the first mod's copy), so Build and deploy has nothing to write.`;
}

/**
 * Who lost a conflict, for a player: "Mod B's change is lost" (issue 43:
 * the losing mod's block read as "merged into the patch"); '' when no mod
 * lost (every changer made the winner's change).
 * @param {Conflict} c
 */
export function lostText(c) {
  const l = c.losers ?? [];
  if (!l.length) return '';
  const names = l.length === 1 ? l[0] : `${l.slice(0, -1).join(', ')} and ${l[l.length - 1]}`;
  const what = c.property ? 'change' : c.values?.find((v) => v.mod === l[0])?.present ? 'changed block' : 'removal';
  return `${names}'s ${what} is lost (${c.winner} wins)`;
}

/**
 * The conflicts column as rows of one line each, for a list that draws
 * only the rows in view: per file a 'file' row, per conflict a 'where'
 * row, a 'choice' row per version, and a 'reset' row when the winner was
 * picked by hand.
 * @returns {{kind: 'file'|'where'|'choice'|'reset', key: string, path?: string, c?: Conflict, ch?: any}[]}
 */
export function conflictRows(conflicts) {
  const rows = [];
  for (const g of byFile(conflicts)) {
    rows.push({ kind: 'file', key: 'f:' + g.path, path: g.path });
    for (const c of g.conflicts) {
      rows.push({ kind: 'where', key: 'w:' + c.key, c });
      for (const ch of choices(c)) rows.push({ kind: 'choice', key: `c:${c.key}:${ch.mod}`, c, ch });
      if (c.overridden) rows.push({ kind: 'reset', key: 'r:' + c.key, c });
    }
  }
  return rows;
}

const BUILD = 'build it again (Merged patch → Build and deploy)';
const nth = (n) => `#${n}`;
const named = (id, title) => (title ? `"${title}"` : `the mod with id ${id}`);

/**
 * Why the merged patch is out of date, in the window's words (issue 46),
 * from the reason Go gives as data (loadorder.StaleReason: what changed,
 * which mod, its title, its place then and now) rather than from the
 * command line's sentence: the window names its own button and a mod by
 * its title, and its row as the list shows it.
 * @param {{what: string, mod?: string, title?: string, placeThen?: number, placeNow?: number,
 *   row?: number, other?: string, otherTitle?: string, built?: number, loaded?: number, err?: string}|null|undefined} why
 */
export function staleText(why) {
  if (!why) return '';
  switch (why.what) {
    case 'unlisted':
      return `its header does not list the mods it was built from: ${BUILD}`;
    case 'count':
      return `it was built from ${why.built} mods and ${why.loaded} are loaded now: ${BUILD}`;
    case 'order': {
      const now = why.placeNow
        ? `is ${nth(why.placeNow)} now${why.row ? ` (row ${why.row})` : ''}`
        : 'is not loaded now';
      return `the load order changed since it was built: ${named(why.mod, why.title)} was ${nth(why.placeThen)} of the mods it was built from and ${now}; ${named(why.other, why.otherTitle)} is ${nth(why.placeThen)}: ${BUILD}`;
    }
    case 'changed':
      return `${named(why.mod, why.title)} changed since it was built: ${BUILD}`;
  }
  return `${named(why.mod, why.title)} could not be read (${why.err ?? 'unknown error'}): ${BUILD}`;
}

/**
 * The merged patch's stale reason in a load order view: the loaded
 * patch's (view.mergedPatch), else the one on the patch's row (a patch the
 * game does not load). null when it is current.
 * @param {{mergedPatch?: {staleWhy?: object}, mods?: {problems?: {code: string, stale?: object}[]}[]}} view
 */
export function staleReason(view) {
  if (view?.mergedPatch?.staleWhy) return view.mergedPatch.staleWhy;
  for (const m of view?.mods ?? []) {
    const p = (m.problems ?? []).find((p) => p.code === 'merged-patch-stale' && p.stale);
    if (p) return p.stale;
  }
  return null;
}

/**
 * A load order row's problem as the window says it: the stale patch's from
 * its reason, every other as Go wrote it.
 * @param {{code: string, message: string, stale?: object}} p
 */
export function problemText(p) {
  return p.stale ? `The merged patch is out of date: ${staleText(p.stale)}.` : p.message;
}
