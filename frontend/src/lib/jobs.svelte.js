// The window's one record of jobs (backend/workspace/jobs over the "job" event).
// Every job event passes through update: a job's updates can arrive out of
// order (each carries a growing seq; an older one is dropped), and a quick
// job can finish before the call that started it returns its id. follow
// and wait handle both for one job; the job bar shows `jobs.list`.
import * as bridge from './bridge.js';

/** Jobs shown in the job bar, newest status each, in the order they appeared. */
export const jobs = $state({ list: [] });

const latest = new Map(); // id → newest status seen
const followers = new Map(); // id → Set of functions
const dismissed = new Set();
const folding = new Set(); // kinds whose finished jobs leave the bar by themselves
let foldMs = 1500;
const quiet = new Set(); // kinds shown only once they have run a while
let quietMs = 300;
const waiting = new Set(); // ids of quiet jobs timed, not yet in the bar
const shown = new Set(); // ids of quiet jobs that have come to the bar
let users = 0;
let off = null;

// The bridge listener is held while anyone tracks or follows a job; with
// nobody left, what was seen is forgotten.
function acquire() {
  if (users++ === 0) off = bridge.on('job', update);
}
function release() {
  if (--users > 0) return;
  off?.();
  off = null;
  latest.clear();
}

/** Take one status; false when it is older than one already seen. */
export function update(st) {
  const prev = latest.get(st.id);
  if (prev && (prev.seq ?? 0) > (st.seq ?? 0)) return false;
  latest.set(st.id, st);
  if (quiet.has(st.kind) && !shown.has(st.id)) {
    // A picture drawn or an archive opened in a blink would only flash in
    // the bar; one still running after quietMs comes with its Cancel.
    if (st.state === 'running' && !waiting.has(st.id)) {
      waiting.add(st.id);
      setTimeout(() => {
        waiting.delete(st.id);
        const now = latest.get(st.id);
        if (now?.state === 'running' && !dismissed.has(st.id)) {
          shown.add(st.id);
          jobs.list.push(now);
        }
      }, quietMs);
    }
  } else if (!dismissed.has(st.id)) {
    const i = jobs.list.findIndex((j) => j.id === st.id);
    if (i >= 0) jobs.list[i] = st;
    else jobs.list.push(st);
  }
  for (const fn of [...(followers.get(st.id) ?? [])]) fn(st);
  if (st.state === 'done' && folding.has(st.kind)) setTimeout(() => dismiss(st.id), foldMs);
  return true;
}

/** Finished jobs of these kinds leave the bar after ms (a verify's findings show elsewhere). */
export function foldAway(kinds, ms = 1500) {
  for (const k of kinds) folding.add(k);
  foldMs = ms;
}

/** Jobs of these kinds come to the bar only once they have run for ms (an image view, an open). */
export function quietUntil(kinds, ms = 300) {
  for (const k of kinds) quiet.add(k);
  quietMs = ms;
}

/** Keep jobs.list current (the window does, while it is open); returns stop. */
export function track() {
  acquire();
  let stopped = false;
  return () => {
    if (!stopped) {
      stopped = true;
      release();
    }
  };
}

/**
 * Start a job and follow it: start() resolves to the job id; fn gets the
 * job's newest status (also one that came before the id) and every later
 * one, up to the final one. Resolves to the id.
 */
export async function follow(start, fn) {
  acquire();
  let id;
  try {
    id = await start();
  } catch (e) {
    release();
    throw e;
  }
  let ended = false;
  const deliver = (st) => {
    if (ended) return;
    fn(st);
    if (st.state !== 'running') {
      ended = true;
      followers.get(id)?.delete(deliver);
      release();
    }
  };
  if (!followers.has(id)) followers.set(id, new Set());
  followers.get(id).add(deliver);
  const seen = latest.get(id);
  if (seen) deliver(seen);
  // The final event may have been missed (sent before anyone listened):
  // ask for the status once.
  if (!ended) bridge.job(id).then((st) => st && update(st)).catch(() => {});
  return id;
}

/** Start a job and resolve with its final status (done, failed or cancelled). */
export function wait(start) {
  return new Promise((resolve, reject) => {
    follow(start, (st) => st.state !== 'running' && resolve(st)).catch(reject);
  });
}

/** Ask Go to cancel a job (the job bar's and a panel's Cancel); its last status says "cancelled". */
export const cancel = (id) => bridge.cancelJob(id);

/** Take a job off the bar; its later events no longer bring it back. */
export function dismiss(id) {
  dismissed.add(id);
  jobs.list = jobs.list.filter((j) => j.id !== id);
}
