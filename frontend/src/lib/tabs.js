// A tab's own state. Each open archive keeps what its tab shows and holds,
// so switching tabs neither resets one nor carries anything into another.
/** The query an entry list starts with. */
export const freshQuery = () => ({ filter: '', regex: false, folder: '', sort: 'path', desc: false });

/**
 * The view of a newly opened session: nothing filtered or selected, no
 * panel open; its verify findings shown when opening found problems; its
 * file dialogs starting in the archive's own folder.
 */
export function newView(session) {
  const checks = session?.meta?.checks ?? [];
  return {
    loaded: false, // tree and pending changes read
    treeRoot: null,
    folder: '',
    filter: '',
    regex: false,
    query: freshQuery(),
    total: 0,
    selected: [],
    // where the entry list and the folder tree were scrolled, and the row
    // Shift+click and the arrow keys go on from: a tab comes back as it was
    list: { scroll: 0, anchor: -1 },
    treeScroll: 0,
    previewPath: '',
    // what the preview was left showing, for previewPath: its view (image,
    // hex, text, 3D, table), the image's zoom, channels, mip, face and open
    // panels, the hex view's scroll and cursor (Preview keeps them here)
    preview: { path: '', view: '', image: {}, hex: {} },
    previewLine: 0,
    findings: checks.some((c) => c.severity !== 'info') ? checks : null,
    comparing: false, // the Compare view replaces the panes
    finding: false, // Find in files replaces the entry list
    find: {}, // Find in files' query and hits (FindPanel keeps them here)
    compare: {}, // Compare's choice and result (CompareView keeps them here)
    edit: { caps: {}, changes: [] },
    saveJob: '',
    listVersion: 0,
    revision: 0, // bumped when Go read the archive again after another tab's save: the preview reloads
    extractDir: '',
    pathBox: '',
    // where its file dialogs start: a file or folder path (Go takes the
    // folder); at first the archive itself, then the last file chosen
    dialogDir: session?.path ?? '',
  };
}

/**
 * What each tab is called: its archive's name, with the parent folder
 * added ("sample_mod/MEDIA", "a/DATA.PAK") where two open tabs share a
 * name, going up a folder at a time until the names differ.
 */
export function tabLabels(sessions) {
  const parts = (p) => String(p ?? '').split(/[\\/]+/).filter(Boolean);
  const label = (s, up) => {
    const ps = parts(s.path);
    const dirs = ps.slice(Math.max(0, ps.length - 1 - up), ps.length - 1);
    return dirs.length ? `${s.name} — ${dirs.join('/')}` : s.name;
  };
  const out = {};
  const groups = new Map();
  for (const s of sessions) groups.set(s.name, [...(groups.get(s.name) ?? []), s]);
  for (const [, g] of groups) {
    if (g.length === 1) {
      out[g[0].id] = g[0].name;
      continue;
    }
    let up = 1;
    const deepest = Math.max(...g.map((s) => parts(s.path).length));
    while (up < deepest && new Set(g.map((s) => label(s, up))).size < g.length) up++;
    for (const s of g) out[s.id] = label(s, up);
  }
  return out;
}
