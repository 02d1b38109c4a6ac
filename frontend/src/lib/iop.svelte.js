// Lost Saga packs in the window: jobs that replace a pack on disk
// (optimize) or make one (create), and what to tell the user afterwards.
import * as bridge from './bridge.js';

/** The last optimize or create outcome, shown by IopBar for its path. */
export const notice = $state({ path: '', text: '', error: false });

/** Resolve with a job's final status (done, failed or cancelled). */
export function waitJob(start) {
  return new Promise((resolve, reject) => {
    let id = '';
    const early = [];
    let off = () => {};
    const finish = (st) => {
      off?.();
      resolve(st);
    };
    const seen = (st) => {
      if (!id) return early.push(st);
      if (st.id === id && st.state !== 'running') finish(st);
    };
    off = bridge.on('job', seen);
    start()
      .then(async (jobId) => {
        id = jobId;
        const done = early.find((st) => st.id === id && st.state !== 'running');
        if (done) return finish(done);
        const st = await bridge.job(id).catch(() => null);
        if (st && st.state !== 'running') finish(st);
      })
      .catch((e) => {
        off?.();
        reject(e);
      });
  });
}

export const bytes = (n) => Number(n ?? 0).toLocaleString('en-US') + ' bytes';

/**
 * Optimize the pack at path: release closes the tabs holding it, reopen
 * opens again what they showed.
 */
export async function optimize(path, release, reopen) {
  await release();
  let st;
  try {
    st = await waitJob(() => bridge.optimizePack(path, '', ''));
  } finally {
    await reopen();
  }
  const name = path.split(/[\\/]/).pop();
  if (st.state !== 'done') {
    Object.assign(notice, { path, text: `Optimize ${name}: ${st.error || st.state}`, error: true });
    return st;
  }
  const r = st.result;
  Object.assign(notice, {
    path,
    error: false,
    text: `Optimized ${name}: ${r.entriesBefore} → ${r.entriesAfter} entries, ${bytes(r.sizeBefore)} → ${bytes(r.sizeAfter)}` +
      (r.backup ? ` (backup: ${r.backup.split(/[\\/]/).pop()})` : ''),
  });
  return st;
}
