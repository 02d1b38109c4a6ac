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
    previewPath: '',
    previewLine: 0,
    findings: checks.some((c) => c.severity !== 'info') ? checks : null,
    comparing: false, // the Compare view replaces the panes
    finding: false, // Find in files replaces the entry list
    find: {}, // Find in files' query and hits (FindPanel keeps them here)
    compare: {}, // Compare's choice and result (CompareView keeps them here)
    edit: { caps: {}, changes: [] },
    saveJob: '',
    listVersion: 0,
    extractDir: '',
    pathBox: '',
    // where its file dialogs start: a file or folder path (Go takes the
    // folder); at first the archive itself, then the last file chosen
    dialogDir: session?.path ?? '',
  };
}
