import { describe, it, expect, vi } from 'vitest';

vi.mock('./stores/workspace.svelte.js', () => ({ workspace: { mode: 'archives', active: { id: 's1' }, view: { selected: ['a.dat'] } }, browse: vi.fn(), browseFolder: vi.fn() }));
vi.mock('./stores/edit.svelte.js', () => ({ edit: { dialog: null }, askSaveAs: vi.fn(), save: vi.fn(), undoLast: vi.fn(), removeSelected: vi.fn(), askRename: vi.fn(), askReplace: vi.fn(), askAdd: vi.fn() }));
vi.mock('./stores/extract.svelte.js', () => ({ extract: { asking: null }, startExtract: vi.fn() }));
vi.mock('./stores/browse.svelte.js', () => ({ selectAll: vi.fn() }));
vi.mock('./stores/ui.svelte.js', () => ({ ui: { helpOpen: false, settingsOpen: false } }));

const { nextInTrap, enterModal, leaveModal, modalOpen } = await import('./modal.js');
const { shortcut, SHORTCUTS, matches, parseKeys } = await import('./shortcuts.js');
const ws = await import('./stores/workspace.svelte.js');
const editStore = await import('./stores/edit.svelte.js');
const { ui } = await import('./stores/ui.svelte.js');

const key = (k, o = {}) => ({ key: k, ctrlKey: false, shiftKey: false, altKey: false, metaKey: false, target: null, preventDefault: vi.fn(), ...o });

describe('the focus trap', () => {
  const [a, b, c] = ['a', 'b', 'c'];
  it('wraps Tab at the last field to the first and Shift+Tab at the first to the last', () => {
    expect(nextInTrap([a, b, c], c, false)).toBe(a);
    expect(nextInTrap([a, b, c], a, true)).toBe(c);
  });
  it('lets the browser move inside, and pulls focus from outside back in', () => {
    expect(nextInTrap([a, b, c], a, false)).toBeNull();
    expect(nextInTrap([a, b, c], b, true)).toBeNull();
    expect(nextInTrap([a, b, c], 'outside', false)).toBe(a);
    expect(nextInTrap([a, b, c], 'outside', true)).toBe(c);
  });
});

describe('shortcuts and dialogs', () => {
  it('F2 opens Rename when no dialog is open, and nothing does while one is', () => {
    const f2 = key('F2');
    shortcut(f2);
    expect(editStore.askRename).toHaveBeenCalledTimes(1);
    const node = {};
    enterModal(node);
    expect(modalOpen()).toBe(true);
    shortcut(key('F2'));
    const ctrlL = key('l', { ctrlKey: true });
    shortcut(ctrlL);
    expect(ctrlL.preventDefault).not.toHaveBeenCalled(); // Ctrl+L does not reach the path box behind
    expect(editStore.askRename).toHaveBeenCalledTimes(1);
    leaveModal(node);
    expect(modalOpen()).toBe(false);
  });
  it('? toggles the list, which comes from the table the handler uses', () => {
    shortcut(key('?', { shiftKey: true }));
    expect(ui.helpOpen).toBe(true);
    for (const r of SHORTCUTS.filter((r) => r.run)) {
      const k = parseKeys(r.keys);
      const ev = key(k.key.length === 1 && /[a-z]/.test(k.key) ? k.key : r.keys.split('+').pop(), { ctrlKey: k.mod, shiftKey: k.shift });
      expect(SHORTCUTS.find((x) => matches(x, ev)), r.keys).toBe(r); // each row's keys reach that row
    }
  });
  it('tells Ctrl+S from Ctrl+Shift+S and leaves Delete to a text field', () => {
    shortcut(key('s', { ctrlKey: true }));
    shortcut(key('S', { ctrlKey: true, shiftKey: true }));
    expect(editStore.save).toHaveBeenCalledTimes(1);
    expect(editStore.askSaveAs).toHaveBeenCalledTimes(1);
    shortcut(key('Delete', { target: { closest: () => ({}) } }));
    expect(editStore.removeSelected).not.toHaveBeenCalled();
    shortcut(key('Delete'));
    expect(editStore.removeSelected).toHaveBeenCalledTimes(1);
  });
});

describe('Escape outside a dialog (issue 46)', () => {
  it('closes the Recent menu, then Find (also from its box), then Compare, one a press; else leaves the key alone', () => {
    const v = ws.workspace.view;
    Object.assign(v, { finding: true, comparing: true });
    ui.recentOpen = true;
    const inFindBox = { closest: () => ({}) };
    const esc = () => key('Escape', { target: inFindBox });
    let e = esc();
    shortcut(e);
    expect(ui.recentOpen).toBe(false);
    expect(v.finding).toBe(true);
    expect(e.preventDefault).toHaveBeenCalled();
    shortcut(esc());
    expect(v.finding).toBe(false);
    expect(v.comparing).toBe(true);
    shortcut(esc());
    expect(v.comparing).toBe(false);
    e = esc();
    shortcut(e);
    expect(e.preventDefault).not.toHaveBeenCalled();
  });
});
