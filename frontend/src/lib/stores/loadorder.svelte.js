// The Load order view's state and actions (issue 5; a store since issue
// 31): the folders, the list as Go keeps it (lib/loadorder.js), the status
// line and the drag in progress. Panels added to the view (conflicts,
// backups, others) read `loadOrder.view` and call these actions.
import * as lo from '../loadorder.js';
import * as bridge from '../bridge.js';
import * as check from '../check.js';
import { plural } from '../format.js';

const fresh = () => ({
  userDir: '',
  modsDir: '',
  /** @type {import('../loadorder.js').Folders|null} */
  defaults: null,
  /** @type {import('../loadorder.js').View|null} */
  view: null,
  error: '',
  status: '',
  pending: 0, // calls to Go not yet answered
  confirmLoad: null, // {u, m} waiting for "drop unsaved changes?"
  selected: '', // row key
  dragId: '',
  dropAt: -1, // index in the active list the dragged row would take; -2 = the inactive area
  history: false, // the History panel (backups) instead of the list
  typed: false, // the user typed a folder since arriving
  ready: false,
  // Checks between mods (issue 32): the last report over the active mods,
  // shown on the rows' problems until the list changes.
  /** @type {import('../check.js').Report|null} */
  check: null,
  checkOrder: '', // the order the report was made for
  checking: false,
  // Profiles (issue 43): the saved setups, the one picked, and what the
  // last use said the mods folder lacks.
  /** @type {import('../jobresults').profiles_Summary[]} */
  profiles: [],
  profile: '',
  /** @type {import('../jobresults').profiles_Need[]} */
  profileNeeds: [],
  // Issue 48: the characters the last use left bound to mods it replaced
  // (a combined mod by the mods it holds, or the other way), for the
  // picker to ask about; after the move, each with its result or error.
  /** @type {import('../jobresults').saves_StrandedCharacter[]} */
  profileStranded: [],
  profileMoved: false,
  // Counts the profiles used: a panel showing the setup before (the
  // Combine panel's result) closes when another setup is put in place.
  profileUses: 0,
});

export const loadOrder = $state(fresh());

/** For tests: back to a store never shown. */
export function resetLoadOrder() {
  Object.assign(loadOrder, fresh());
  chain = Promise.resolve();
}

const message = (e) => String(e?.message ?? e);

/** Calls to Go are under way. */
export const busy = (s = loadOrder) => s.pending > 0;
/** The active mods, in order. */
export const activeMods = (s = loadOrder) => (s.view ? s.view.mods.filter((m) => m.active) : []);
/** The mods not in modlauncher.sch. */
export const inactiveMods = (s = loadOrder) => (s.view ? s.view.mods.filter((m) => !m.active) : []);
/** The selected row's mod, or null. */
export const selectedMod = (s = loadOrder) => s.view?.mods.find((m) => m.key === s.selected) ?? null;
/**
 * How many mods have an error: the rows drawn red, i.e. with the last
 * check's problems too (issue 46: after Check between mods the header said
 * "1 mod with problems" while two rows were red).
 */
export function errorCount(s = loadOrder) {
  if (!s.view) return 0;
  const extra = checkProblems(s);
  return s.view.mods.filter((m) => rowProblems(m, extra).some((p) => p.severity === 'error')).length;
}

// Calls to Go run one after another, in the order the user made them:
// the load order being edited lives in Go, and a slow scan must not land
// after a later one.
let chain = Promise.resolve();
function queued(fn) {
  const p = chain.then(fn);
  chain = p.catch(() => {});
  return p;
}

/** The report's problems by mod id, while the list is the one it was made for. */
export function checkProblems(s = loadOrder) {
  if (!s.check || !s.view || s.view.order.join() !== s.checkOrder) return new Map();
  return check.problemsById(s.check);
}

/** A row's problems: the scan's, then the check's (extra: checkProblems(), computed once per list). */
export function rowProblems(m, extra = checkProblems()) {
  const mine = extra.get(String(m.id));
  return mine && m.active ? [...m.problems, ...mine] : m.problems;
}

/** The check's report is for another list than the one shown. */
export const checkStale = (s = loadOrder) => Boolean(s.check && s.view && s.view.order.join() !== s.checkOrder);

/**
 * Check the active mods between them and against the game's data (the
 * game folder of Settings), as the list stands (unsaved changes too).
 */
export async function checkMods() {
  if (!loadOrder.view) return;
  const order = loadOrder.view.order.join();
  loadOrder.checking = true;
  loadOrder.error = '';
  try {
    loadOrder.check = await queued(() => check.run('', ''));
    loadOrder.checkOrder = order;
    loadOrder.status = 'Checked between mods: ' + check.summary(loadOrder.check);
  } catch (e) {
    loadOrder.error = message(e);
  } finally {
    loadOrder.checking = false;
  }
}

/** Run fn (answering a View, or nothing) in turn; okMsg becomes the status. */
export async function run(fn, okMsg = '') {
  loadOrder.pending++;
  loadOrder.error = '';
  try {
    const v = await queued(fn);
    if (v) loadOrder.view = v;
    loadOrder.status = okMsg;
  } catch (e) {
    loadOrder.error = message(e);
  } finally {
    loadOrder.pending--;
  }
}

/** Scan the typed folders (force: drop unsaved changes without asking). */
export function load(force = false) {
  const u = loadOrder.userDir.trim();
  if (!u) {
    loadOrder.error = `Give the Torchlight II user folder: the one holding modlauncher.sch (${lo.userDirHint()}).`;
    return;
  }
  if (loadOrder.view?.dirty && !force) {
    loadOrder.confirmLoad = { u, m: loadOrder.modsDir.trim() };
    return;
  }
  loadOrder.confirmLoad = null;
  loadOrder.selected = '';
  return run(async () => {
    const v = await lo.open(u, loadOrder.modsDir.trim());
    if (loadOrder.userDir.trim() === u) loadOrder.userDir = v.userDir; // unless the user typed meanwhile
    return v;
  }, '');
}

/** A folder dialog for the user folder ('user', then load) or the mods folder. */
export async function browse(which) {
  try {
    const p = await bridge.pickFolder(which === 'user' ? 'Torchlight II user folder (holds modlauncher.sch)' : 'Mods folder');
    if (!p) return;
    if (which === 'user') {
      loadOrder.userDir = p;
      await load();
    } else loadOrder.modsDir = p;
  } catch (e) {
    loadOrder.error = message(e);
  }
}

/**
 * Read the load order of `dir` (a user folder the first screen found) now,
 * before the view shows: its arrival then finds it open in Go.
 */
export async function openUserDir(dir) {
  loadOrder.userDir = dir;
  loadOrder.modsDir = '';
  await load(true);
}

/** The bundled demo user folder. */
export function useDemo() {
  loadOrder.userDir = loadOrder.defaults.demoUserDir;
  loadOrder.modsDir = '';
  return load();
}

export const move = (m, to) => run(() => lo.move(m.id, to));
export const toggle = (m, on) => run(() => lo.enable(m.id, on));
export const undo = () => run(() => lo.undo(), loadOrder.view?.undoWhat ? `Undid: ${loadOrder.view.undoWhat}` : '');
export const revert = () => run(() => lo.revert(), 'Back to the saved list (Undo brings your changes back).');
export const setOrder = (ids) => run(() => lo.setOrder(ids));

/** Write modlauncher.sch (Go keeps a backup of the old one). */
export async function save() {
  loadOrder.pending++;
  loadOrder.error = '';
  try {
    const r = await queued(() => lo.save());
    loadOrder.view = r.view;
    loadOrder.status = r.written
      ? `Saved ${r.path}` + (r.backupId ? ` — the old list is kept as backup ${r.backupId} (History)` : '')
      : 'modlauncher.sch already holds this list; nothing written.';
  } catch (e) {
    loadOrder.error = message(e);
  } finally {
    loadOrder.pending--;
  }
}

/** Drop the dragged mod where dropAt says: a place in the list, or -2 (disable it). */
export function dropDragged(id) {
  const at = loadOrder.dropAt;
  loadOrder.dragId = '';
  loadOrder.dropAt = -1;
  const v = loadOrder.view;
  if (!id || !v) return;
  if (at === -2) {
    if (v.order.includes(id)) return toggle({ id }, false);
    return;
  }
  if (at < 0) return;
  const next = lo.dropInto(v.order, id, at);
  if (next.join() !== v.order.join()) return setOrder(next);
}

/**
 * Settings saved: the folder boxes still showing the old defaults take the
 * new ones (a folder typed here is kept), and a list shown from the old
 * user folder is read again from the new one.
 */
export async function settingsSaved() {
  if (!loadOrder.defaults) return; // never shown: its arrival reads the new ones
  try {
    const was = loadOrder.defaults;
    const now = await lo.folders();
    loadOrder.defaults = now;
    if (loadOrder.modsDir.trim() === (was.modsDir ?? '')) loadOrder.modsDir = now.modsDir;
    if (loadOrder.userDir.trim() === (was.userDir ?? '') && now.userDir !== was.userDir) {
      loadOrder.userDir = now.userDir;
      if (now.userDir) await load();
    }
  } catch (e) {
    loadOrder.error = message(e);
  }
}

/**
 * On arrival: the load order still open in Go (with its unsaved changes),
 * else the folders used last (or the system's default). Fields the user
 * already typed in are left alone.
 */
export async function arrive() {
  loadOrder.typed = false;
  try {
    loadOrder.defaults = await lo.folders();
    let open = null;
    try {
      open = await lo.view();
    } catch {
      // nothing open yet
    }
    if (loadOrder.typed) return;
    if (open) {
      loadOrder.view = open;
      loadOrder.userDir = open.userDir;
      loadOrder.modsDir = loadOrder.defaults.modsDir;
      return;
    }
    loadOrder.userDir = loadOrder.defaults.userDir;
    loadOrder.modsDir = loadOrder.defaults.modsDir;
    if (loadOrder.userDir) await load();
  } catch (e) {
    loadOrder.error = message(e);
  } finally {
    loadOrder.ready = true;
  }
}

/** Read the saved profiles (quietly: a failure shows as the error). */
export async function listProfiles() {
  try {
    const r = await queued(() => lo.profile('list'));
    loadOrder.profiles = r.profiles;
  } catch (e) {
    loadOrder.error = message(e);
  }
}

/** Run a profile action; what it answers replaces the profiles (and for use the list). */
async function profileAction(action, name, okMsg) {
  loadOrder.pending++;
  loadOrder.error = '';
  try {
    const r = await queued(() => lo.profile(action, name));
    loadOrder.profiles = r.profiles;
    if (r.view) loadOrder.view = r.view;
    if (action !== 'move-characters') loadOrder.profileNeeds = r.use?.needs ?? [];
    loadOrder.profileStranded = r.characters ?? [];
    loadOrder.profileMoved = action === 'move-characters';
    loadOrder.status = okMsg(r);
    return r;
  } catch (e) {
    loadOrder.error = message(e);
  } finally {
    loadOrder.pending--;
  }
}

/** Save the list as shown as profile name (replacing one of that name). */
export async function saveProfile(name) {
  name = name.trim();
  const r = await profileAction('save', name, (r) => `Saved profile "${name}": ${plural(r.saved.mods.length, 'mod')}.`);
  if (r) loadOrder.profile = r.saved.name;
}

/** Put profile name back into modlauncher.sch (after a backup); the list is read again. */
export function useProfile(name) {
  if (loadOrder.view?.dirty) {
    loadOrder.error = 'The list has unsaved changes: save or revert them before using a profile.';
    return;
  }
  return profileAction('use', name, (r) => {
    const u = r.use;
    loadOrder.profileUses++;
    const wrote = u.save.written
      ? `wrote modlauncher.sch` + (u.save.backupId ? ` (the old list is kept as backup ${u.save.backupId}, History)` : '')
      : 'modlauncher.sch already held it';
    const lacks = u.needs.length ? ` — ${u.needs.length} mod${u.needs.length === 1 ? '' : 's'} not as saved (below)` : '';
    const back = u.redeployed ? ` Put its combined build back (${u.redeployed.file}).` : '';
    return `Profile "${u.profile}": ${plural(u.order.length, 'mod')} active; ${wrote}${lacks}.${back}`;
  });
}

/**
 * Move the characters the last use stranded (the picker asked first): each
 * back to the mods the combined mod holds, or forward to it. Go restores a
 * save's backup when it was not played since, else moves each object's ids.
 */
export function moveStrandedCharacters() {
  return profileAction('move-characters', loadOrder.profile, (r) => {
    const cs = r.characters ?? [];
    const moved = cs.filter((c) => c.moved);
    const restored = moved.filter((c) => c.moved.restored).length;
    const failed = cs.length - moved.length;
    return `Moved ${moved.length} character${moved.length === 1 ? '' : 's'}` +
      (restored ? ` (${restored} restored as before, not played since)` : '') +
      (failed ? `; ${failed} could not be moved (below)` : '') + '.';
  });
}

/** Leave the stranded characters as they are (the picker stops asking). */
export function leaveStrandedCharacters() {
  loadOrder.profileStranded = [];
}

/** Delete profile name. */
export async function removeProfile(name) {
  const r = await profileAction('rm', name, () => `Removed profile "${name}".`);
  if (r && loadOrder.profile === name) loadOrder.profile = '';
}
