// Typed wrappers for the mod-packing methods (app/pack.go), in the pattern
// of bridge.js: components call these, never the bindings directly. Mod ids
// are decimal strings (int64 does not fit a JavaScript number).

import { packing } from './bridge.js';

// The types are the generated models of the Go structs (make bindings).
/**
 * @typedef {'read'|'collect'|'compile'|'raw'|'grids'|'write'|'verify'|'deploy'} Stage
 * @typedef {import('../../wailsjs/go/models').modpack.Finding} Finding
 * @typedef {import('../../wailsjs/go/models').mod.Dependency} Dependency
 * @typedef {import('../../wailsjs/go/models').modpack.ModDat} ModDat
 * @typedef {import('../../wailsjs/go/models').modpack.Inspection} Inspection
 * @typedef {import('../../wailsjs/go/models').deploy.Replaced} Replaced
 * @typedef {import('../../wailsjs/go/models').deploy.Result} Deployed
 * @typedef {import('../../wailsjs/go/models').modpack.Unresolved} Unresolved
 * @typedef {import('../../wailsjs/go/models').modpack.Result} Result
 * @typedef {import('../../wailsjs/go/models').app.PackSetup} Setup
 * @typedef {import('../../wailsjs/go/models').app.PackRequest} Request
 * @typedef {import('../../wailsjs/go/models').app.PackOnSaveStatus} OnSave
 */

/** Folders, toggles and the sample mod the view starts with. @returns {Promise<Setup>} */
export const setup = () => packing().PackSetup();
/** MOD.DAT card and lint findings, without writing anything (baseDir: base-game data, '' for none). @returns {Promise<Inspection>} */
export const inspect = (dir, baseDir = '') => packing().InspectMod(dir, baseDir);
/** Start packing; resolves to the job id ("job" events carry stage, file (what) and counts as fields; the final one the result, also on failure). @param {Request} req @returns {Promise<string>} */
export const pack = (req) => packing().PackMod(req);
/** Pack on save: pack, then again after every save, until the job is cancelled; resolves to the job id (its "waiting" stage: Done = packs so far). @param {Request} req @returns {Promise<string>} */
export const packOnSave = (req) => packing().PackOnSave(req);
/** The last pack of a Pack-on-save job. @returns {Promise<OnSave>} */
export const packOnSaveResult = (id) => packing().PackOnSaveResult(id);

/** "file:line" of a finding ('' when it names no file). */
export function where(f) {
  if (!f.file) return '';
  return f.line ? `${f.file}:${f.line}` : f.file;
}

/** Join a folder and a file name with the folder's own separator. */
export function joinPath(dir, name) {
  if (!dir) return name;
  const sep = dir.includes('\\') && !dir.includes('/') ? '\\' : '/';
  return dir.endsWith(sep) ? dir + name : dir + sep + name;
}
