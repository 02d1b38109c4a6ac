// The Pack view's state and actions (issue 4; a store since issue 31): the
// mod folder, its MOD.DAT card and findings, the pack options, the pack job
// with its stages and result, and Pack on save. A module store outlives
// PackView, so leaving for Load order and coming back keeps the folder,
// the card and the last result (issue 34).
import * as bridge from '../bridge.js';
import * as pk from '../pack.js';
import * as jobStore from '../jobs.svelte.js';
import * as check from '../check.js';

const fresh = () => ({
  /** @type {import('../pack.js').Setup|null} */
  setup: null,
  dir: '',
  /** @type {import('../pack.js').Inspection|null} */
  insp: null,
  inspecting: false,
  error: '',
  output: '',
  deploy: false,
  modsDir: '',
  enable: false,
  baseDir: '',
  gameDir: '',
  gameVersion: '',
  writeModId: true, // a fresh MOD_ID goes into MOD.DAT unless unticked (issue 23)
  showMore: false,
  jobId: '',
  job: null, // latest jobs.Status of the pack job
  /** @type {Record<string, {state:string, done:number, total:number, file:string, ms?:number}>} */
  stages: {},
  /** @type {import('../pack.js').Result|null} */
  result: null,
  // Pack on save: a job that packs now and after every save under the
  // folder, until the toggle is unticked (the job is cancelled).
  onSave: false,
  watchId: '',
  watchJob: null,
  /** @type {import('../pack.js').OnSave|null} */
  watchLast: null,
  watchSeen: 0,
  // Checks between mods (issue 32): the inspected folder against the
  // active mods and the game's data, run after each inspect.
  /** @type {import('../check.js').Report|null} */
  between: null,
  checking: false,
  checkError: '',
});

export const pack = $state(fresh());

/** For tests: back to a store never shown. */
export function resetPack() {
  Object.assign(pack, fresh());
}

const message = (e) => String(e?.message ?? e);

/** The pack job is running. */
export const packRunning = (p = pack) => p.job?.state === 'running';
/** The pack job failed. */
export const packFailed = (p = pack) => p.job?.state === 'failed';
/** The findings make packing impossible. */
export const hasErrors = (p = pack) => Boolean(p.insp?.findings.some((f) => f.severity === 'error'));
/** The stages to show: deploy only when deploying (or it deployed). */
export const stageList = (p = pack) => (p.setup?.stages ?? []).filter((s) => s !== 'deploy' || p.deploy || p.result?.deploy);

/**
 * The view's arrival: the setup (folders, toggles, sample mod) once; a
 * second arrival keeps what the user chose.
 */
export async function arrive() {
  if (pack.setup) return;
  try {
    await bridge.ready();
    const s = await pk.setup();
    if (pack.setup) return; // a second arrival got there first
    pack.setup = s;
    Object.assign(pack, {
      deploy: s.deploy, enable: s.enable, modsDir: s.modsDir,
      baseDir: s.baseDir, gameDir: s.gameDir, gameVersion: s.gameVersion,
    });
  } catch (e) {
    pack.error = message(e);
  }
}

/**
 * Settings saved (issue 46: one source of truth for folders): the folder
 * boxes still showing what Settings held take what it holds now, so the
 * next Pack & Deploy goes where Settings says; a folder typed here is kept.
 */
export async function settingsSaved() {
  if (!pack.setup) return; // never shown: its arrival reads the new ones
  try {
    const now = await pk.setup();
    const was = pack.setup;
    if (pack.modsDir.trim() === (was.modsDir ?? '')) pack.modsDir = now.modsDir;
    if (pack.gameDir.trim() === (was.gameDir ?? '')) pack.gameDir = now.gameDir;
    pack.setup = { ...was, modsDir: now.modsDir, gameDir: now.gameDir, defaultModsDir: now.defaultModsDir };
  } catch (e) {
    pack.error = message(e);
  }
}

/** Read the mod folder `path` (default: the typed one): its card and findings. */
export async function inspect(path) {
  path = (path ?? pack.dir).trim();
  if (!path) return;
  Object.assign(pack, { dir: path, error: '', inspecting: true, result: null, job: null, stages: {} });
  try {
    const insp = await pk.inspect(path, pack.baseDir);
    pack.insp = insp;
    pack.output = insp.output;
    pack.writeModId = true;
    pack.setup = { ...pack.setup, recent: [path, ...(pack.setup?.recent ?? []).filter((p) => p !== path)].slice(0, 12) };
  } catch (e) {
    pack.insp = null;
    pack.error = message(e);
  } finally {
    pack.inspecting = false;
  }
  if (pack.insp) checkBetween(); // not awaited: the card shows at once, the check follows
}

/**
 * Check the inspected folder against the active mods (the load order open
 * in the window, else the user folder of Settings) and the game's data
 * (the game folder typed, else the base folder, else Settings'). Its
 * findings do not block packing: they are about the mods played together.
 */
export async function checkBetween() {
  const dir = pack.insp?.modDir;
  if (!dir) return;
  Object.assign(pack, { checking: true, checkError: '', between: null });
  try {
    const r = await check.run(dir, pack.gameDir.trim() || pack.baseDir.trim());
    if (pack.insp?.modDir === dir) pack.between = r;
  } catch (e) {
    if (pack.insp?.modDir === dir) pack.checkError = message(e);
  } finally {
    if (pack.insp?.modDir === dir) pack.checking = false;
  }
}

/** The "Between mods" findings: those about the inspected mod. */
export const betweenFindings = (p = pack) => check.targetFindings(p.between);

const titles = {
  mod: 'Choose a mod folder (MOD.DAT + MEDIA)',
  mods: 'Choose the Torchlight II mods folder',
  base: "Choose the base game's MEDIA folder (or one extracted from DATA.PAK)",
  game: 'Choose the Torchlight II install folder (holding Torchlight2.exe)',
};

/** A folder dialog for kind 'mod', 'mods', 'base' or 'game'. */
export async function browse(kind) {
  try {
    const p = await bridge.pickFolder(titles[kind]);
    if (!p) return;
    if (kind === 'mod') await inspect(p);
    else if (kind === 'mods') pack.modsDir = p;
    else if (kind === 'base') await baseChanged(p);
    else pack.gameDir = p;
  } catch (e) {
    pack.error = message(e);
  }
}

/** A new base-data folder (undefined: the typed one) re-reads the mod, whose findings depend on it. */
export async function baseChanged(dir) {
  if (dir !== undefined) pack.baseDir = dir;
  if (pack.insp && !packRunning()) await inspect(pack.insp.modDir);
}

/** What PackMod and PackOnSave are asked. */
export const request = (p = pack) => ({
  modDir: p.insp.modDir, output: p.output, deploy: p.deploy, modsDir: p.modsDir, enable: p.deploy && p.enable,
  baseDir: p.baseDir, gameDir: p.gameDir, gameVersion: p.gameVersion, writeModId: p.writeModId,
});

/** Pack (and deploy) the inspected mod as a job, following its stages. */
export async function startPack() {
  if (!pack.insp || packRunning()) return;
  Object.assign(pack, { error: '', result: null, stages: {}, jobId: '' });
  try {
    pack.job = { id: '', state: 'running', done: 0, total: 0, what: '' };
    pack.jobId = await jobStore.follow(() => pk.pack(request()), applyStatus);
  } catch (e) {
    pack.job = null;
    pack.error = message(e);
  }
}

// The job store delivers our job's updates in order, also those that
// came before PackMod returned its id.
export function applyStatus(st) {
  pack.job = st;
  const order = pack.setup?.stages ?? [];
  const stage = st.stage ?? '';
  const at = order.indexOf(stage);
  if (at >= 0 && st.state === 'running') {
    const next = { ...pack.stages };
    for (const s of order.slice(0, at)) if (next[s]?.state !== 'done') next[s] = { ...(next[s] ?? {}), state: 'done' };
    next[stage] = { state: 'running', done: st.done, total: st.total, file: st.what ?? '' };
    pack.stages = next;
  }
  if (st.state === 'done') {
    pack.result = st.result;
    const next = {};
    for (const s of st.result.stages ?? []) next[s.stage] = { state: 'done', done: 1, total: 1, file: '', ms: s.ms };
    pack.stages = next;
    if (st.result.modIdWritten) inspectQuietly();
  } else if (st.state === 'failed' || st.state === 'cancelled') {
    const next = { ...pack.stages };
    for (const s of Object.keys(next)) if (next[s].state === 'running') next[s] = { ...next[s], state: st.state };
    pack.stages = next;
    if (st.state === 'failed') {
      pack.error = st.error;
      pack.result = st.result ?? null; // the job keeps its result when it fails
    }
  }
}

async function inspectQuietly() {
  try {
    pack.insp = await pk.inspect(pack.insp.modDir, pack.baseDir);
  } catch {
    /* the summary already says what happened */
  }
}

/** Cancel the pack job. */
export function cancel() {
  if (pack.jobId) bridge.cancelJob(pack.jobId);
}

/** Pack on save on or off (off cancels its job). */
export async function toggleOnSave(on) {
  pack.error = '';
  pack.onSave = on;
  if (!on) {
    if (pack.watchId) bridge.cancelJob(pack.watchId);
    return;
  }
  if (!pack.insp) return;
  pack.watchLast = null;
  pack.watchSeen = 0;
  try {
    pack.watchJob = { id: '', state: 'running' };
    pack.watchId = await jobStore.follow(() => pk.packOnSave(request()), onWatchStatus);
  } catch (e) {
    pack.onSave = false;
    pack.watchJob = null;
    pack.error = message(e);
  }
}

// Its "waiting" updates carry the number of packs; the last one is fetched.
export async function onWatchStatus(st) {
  pack.watchJob = st;
  if (st.state !== 'running') {
    pack.onSave = false;
    if (st.state === 'failed') pack.error = st.error;
    if (st.result) pack.watchLast = st.result;
    return;
  }
  if (st.stage === 'waiting' && st.done > pack.watchSeen && st.id) {
    pack.watchSeen = st.done;
    try {
      pack.watchLast = await pk.packOnSaveResult(st.id);
      if (pack.watchLast?.result?.modIdWritten) inspectQuietly();
    } catch {
      /* the next update brings it */
    }
  }
}

/** Bake the walk grid of a packed layout (a file under the mod folder). */
export const bakeLayout = (layout) => bridge.bakeLayoutFile(pack.result.modDir + '/' + layout);

/** GuessedNotice deployed the held build. */
export function deployed(d) {
  pack.result = { ...pack.result, deploy: d, deployHeld: null };
}
