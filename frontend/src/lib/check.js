// Checks between mods (issue 32): the typed wrapper for app/check.go's
// CheckMods (components call this, never the bindings) and the pure
// helpers that turn its report into the Pack view's "Between mods"
// findings and Load order's row problems.

import { loadOrder } from './bridge.js';

/**
 * @typedef {import('./jobresults').check_Report} Report
 * @typedef {import('./jobresults').check_Finding} Finding
 * @typedef {{severity: string, message: string, file: string, line: number, check: string}} Shown
 * @typedef {{code: string, severity: string, message: string}} Problem
 */

/**
 * Check `target` (a mod folder or a .MOD; '' = the active mods alone)
 * against the load order open in the window (else the user folder of
 * Settings) and the game's data (`base`: the game or a MEDIA folder; '' =
 * Settings' game folder). Resolves to the report when the job ends.
 * @returns {Promise<Report>}
 */
export const run = (target = '', base = '') => loadOrder().CheckMods(target ?? '', base ?? '');

/** Whether a finding is about the mod named `name`: in its files, or another mod's duplicate of its GUID. */
export function concerns(f, name) {
  return f.mod === name || (f.other ?? '').startsWith(name + ': ');
}

/** "file:line" of a finding. */
export function where(f) {
  return f.line ? `${f.file}:${f.line}` : f.file;
}

/**
 * The findings about the report's target, as the Pack view lists findings
 * ({severity, message, file, line, check}): a finding in another mod's
 * file (a duplicate of one of the target's GUIDs) names that mod before
 * its file. Errors first, in the report's order.
 * @param {Report|null} r
 * @returns {Shown[]}
 */
export function targetFindings(r) {
  if (!r) return [];
  const out = (r.findings ?? [])
    .filter((f) => concerns(f, r.target))
    .map((f) => ({
      severity: f.severity,
      message: f.message,
      file: f.mod === r.target ? f.file : `${f.mod}: ${f.file}`,
      line: f.line ?? 0,
      check: f.kind,
    }));
  return [...out.filter((f) => f.severity === 'error'), ...out.filter((f) => f.severity !== 'error')];
}

const labels = {
  'duplicate-unit-guid error': 'units share a UNIT_GUID with another mod’s',
  'duplicate-skill-guid error': 'skills share a UNIQUE_GUID with another mod’s',
  'reference error': 'references no active mod and not the game provide',
  'reference info': 'references into the game not checked (the game’s data was not given)',
};

/**
 * The report's findings as load-order row problems, by mod id (a decimal
 * string): {code: 'check-<kind>', severity, message: "FILE:LINE: message"}.
 * A row reads like the Pack view's findings fold: more than `fold` of one
 * kind and severity (a mod naming hundreds of the game's animation files)
 * are one problem with their count and the first of them.
 * @param {Report|null} r
 * @returns {Map<string, Problem[]>}
 */
export function problemsById(r, fold = 3) {
  /** @type {Map<string, Finding[]>} */
  const byMod = new Map();
  if (!r) return new Map();
  const idOf = new Map((r.mods ?? []).map((m) => [m.name, String(m.id)]));
  for (const f of r.findings ?? []) {
    const id = idOf.get(f.mod);
    if (id === undefined) continue;
    if (!byMod.has(id)) byMod.set(id, []);
    byMod.get(id).push(f);
  }
  /** @type {Map<string, Problem[]>} */
  const out = new Map();
  for (const [id, fs] of byMod) {
    /** @type {Map<string, Finding[]>} */
    const groups = new Map();
    for (const f of fs) {
      const k = `${f.kind} ${f.severity}`;
      if (!groups.has(k)) groups.set(k, []);
      groups.get(k).push(f);
    }
    const list = [];
    for (const [k, g] of groups) {
      const code = `check-${g[0].kind}`;
      if (g.length <= fold) {
        for (const f of g) list.push({ code, severity: f.severity, message: `${where(f)}: ${f.message}` });
      } else {
        list.push({ code, severity: g[0].severity, count: g.length, message: `${g.length} ${labels[k] ?? k}; the first: ${where(g[0])}: ${g[0].message}` });
      }
    }
    out.set(id, [...list.filter((p) => p.severity === 'error'), ...list.filter((p) => p.severity !== 'error')]);
  }
  return out;
}

/** One line saying what a report found: "2 errors, 3 not checked in 3 mods (17 ms)". */
export function summary(r, findings = null) {
  if (!r) return '';
  const list = findings ?? r.findings ?? [];
  const errors = list.filter((f) => f.severity === 'error').length;
  const notes = list.filter((f) => f.severity === 'info').length;
  const n = (r.mods ?? []).length;
  const game = r.game ? '' : '; without the game’s data, references into the game are not checked';
  return `${errors} error${errors === 1 ? '' : 's'}, ${notes} not checked in ${n} mod${n === 1 ? '' : 's'} (${r.millis} ms)${game}`;
}
