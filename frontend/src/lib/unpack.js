// "Unpack to project…" (app/unpack.go).
import { packing, settings } from './bridge.js';

/** The suggested project folder for a .MOD (beside it, named after it). */
export const target = (modPath) => packing().UnpackTarget(modPath);

/** Show the folder dialog; '' when cancelled or when this build has none. */
export async function pickFolder(title) {
  try {
    return await settings().PickFolder(title);
  } catch {
    return '';
  }
}

/**
 * Unpack and wait for the job. Resolves to the modunpack result; rejects
 * with the job's error.
 * @returns {Promise<{mod:string, dir:string, entries:number, decompiled:number, assets:number,
 *   rawsSkipped:string[], duplicates:string[], baseFiles:number, baseUnits:number, warnings:string[], ms:number}>}
 */
export async function unpack(modPath, dir, onProgress = () => {}) {
  const id = await packing().UnpackMod(modPath, dir);
  for (;;) {
    const st = await settings().Job(id);
    if (st.state === 'done') return st.result;
    if (st.state === 'failed' || st.state === 'cancelled') throw new Error(st.error || st.state);
    onProgress(st);
    await new Promise((r) => setTimeout(r, 150));
  }
}
