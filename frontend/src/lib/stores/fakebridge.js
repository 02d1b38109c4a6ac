// A fake back end for the store tests (not a test itself): the bridge
// functions the stores call, over in-memory archives. Test files
// vi.mock('../bridge.js') with it.
import { vi } from 'vitest';

export function fakeBridge() {
  const listeners = [];
  const f = {
    archives: {}, // path → {name, family, entries}
    pendingBy: {}, // session id → {caps, changes}
    recentList: [],
    nextId: 1,
    opened: [],
    closed: [],
    emit: (name, st) => listeners.filter((l) => l.name === name).forEach((l) => l.fn(st)),
  };
  Object.assign(f, {
    openArchive: vi.fn(async (path) => {
      const a = f.archives[path];
      if (!a) throw new Error(`open ${path}: no such file or directory`);
      if (a.cancel) throw new Error('cancelled'); // the job was cancelled (bridge.js's jobResult)
      f.opened.push(path);
      return { id: 's' + f.nextId++, path, name: path.split('/').pop(), family: 'zip', entries: 0, meta: {}, ...a };
    }),
    closeArchive: vi.fn(async (id) => void f.closed.push(id)),
    recent: vi.fn(async () => [...f.recentList]),
    tree: vi.fn(async (id) => ({ path: '', name: id, children: [] })),
    changes: vi.fn(async (id) => f.pendingBy[id] ?? { caps: {}, changes: [] }),
    list: vi.fn(async () => ({ entries: [{ path: 'only.dds' }], total: 1 })),
    on: vi.fn((name, fn) => {
      const l = { name, fn };
      listeners.push(l);
      return () => listeners.splice(listeners.indexOf(l), 1);
    }),
    job: vi.fn(async () => null),
    // Staging answers with the session's caps and its changes, one more each.
    ...Object.fromEntries(
      ['replaceEntry', 'addEntry', 'renameEntry', 'removeEntries', 'undoChange', 'discardChanges'].map((name) => [
        name,
        vi.fn(async (id, ...args) => {
          const st = f.pendingBy[id] ?? { caps: {}, changes: [] };
          const changes = name === 'discardChanges' ? [] : [...st.changes, { id: st.changes.length + 1, kind: name, path: String(args[0]), args }];
          return (f.pendingBy[id] = { caps: st.caps, changes });
        }),
      ]),
    ),
    saveChanges: vi.fn(async () => 'job-save'),
    sessionInfo: vi.fn(async (id) => ({ id, path: '/m/fresh.zip', name: 'fresh.zip', family: 'zip' })),
    pickFileIn: vi.fn(async () => '/picked/new.dds'),
    pickSaveAs: vi.fn(async (title, from) => from + '.chosen'),
    matchingPaths: vi.fn(async () => ['a', 'b', 'c']),
    present: new Set(), // the entries entriesExist finds
    entriesExist: vi.fn(async (id, paths) => paths.map((p) => (f.present.has(p) ? p : ''))),
    verify: vi.fn(async () => 'job-verify'),
    extractWith: vi.fn(async () => 'job-extract'),
    extractReplacing: vi.fn(async () => 'job-extract'),
  });
  return f;
}
