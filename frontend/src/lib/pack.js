// Typed wrappers for the mod-packing methods (app/pack.go), in the pattern
// of bridge.js: components call these, never window.go directly. Mod ids
// are decimal strings (int64 does not fit a JavaScript number).

/** @returns {any} */
function svc() {
  const s = window.go?.app?.Service;
  if (!s) throw new Error('Packsmith back end is not connected');
  return s;
}

/**
 * @typedef {'read'|'collect'|'compile'|'raw'|'grids'|'write'|'verify'|'deploy'} Stage
 * @typedef {{severity:'error'|'warning'|'info', stage:Stage, file?:string, line?:number, message:string}} Finding
 * @typedef {{name:string, id:string, version:number}} Dependency
 * @typedef {{path:string, name:string, author:string, description:string, website:string, downloadUrl:string,
 *   modId:string, hasModId:boolean, version:number, required:Dependency[], remove:string[], fileName:string,
 *   findings:Finding[]}} ModDat
 * @typedef {{modDir:string, mod:ModDat, outputName:string, output:string, sources:number, assets:number,
 *   bytes:number, findings:Finding[]}} Inspection
 * @typedef {{path:string, backup?:string, modId:string}} Replaced
 * @typedef {{modsDir:string, path:string, replaced:Replaced[], enabled:boolean, alreadyEnabled?:boolean,
 *   schPath?:string, schBackup?:string, warnings:string[]}} Deployed
 * @typedef {{file:string, baseFile:string, missing:string[]}} Unresolved
 * @typedef {{modDir:string, output:string, size:number, entries:number, compiled:number, assets:number,
 *   raws:string[], sourceBytes:number, mod:ModDat|null, modId:string, modIdNew:boolean, modIdWritten:boolean,
 *   modDatBackup?:string, gameVersion:string, gameVersionFrom:string,
 *   hashes:{rollingHash:string, mhash:string, reqHash:string, sha256:string},
 *   findings:Finding[], unresolved:Unresolved[], deploy?:Deployed, stages:{stage:Stage, ms:number}[], ms:number}} Result
 * @typedef {{sample:string, recent:string[], modsDir:string, defaultModsDir:string, baseDir:string, gameDir:string,
 *   gameVersion:string, defaultGameVersion:string, deploy:boolean, enable:boolean, stages:Stage[]}} Setup
 * @typedef {{modDir:string, output?:string, deploy:boolean, modsDir?:string, enable?:boolean, baseDir?:string,
 *   gameDir?:string, gameVersion?:string, writeModId?:boolean}} Request
 */

/** Folders, toggles and the sample mod the view starts with. @returns {Promise<Setup>} */
export const setup = () => svc().PackSetup();
/** MOD.DAT card and lint findings, without writing anything (baseDir: base-game data, '' for none). @returns {Promise<Inspection>} */
export const inspect = (dir, baseDir = '') => svc().InspectMod(dir, baseDir);
/** Start packing; resolves to the job id ("job" events carry "stage: file" in what). @param {Request} req @returns {Promise<string>} */
export const pack = (req) => svc().PackMod(req);
/** A pack job's full result, also when it failed. @returns {Promise<Result>} */
export const result = (jobId) => svc().PackResult(jobId);

/** Split a job's `what` ("compile: MEDIA/X.DAT") into stage and file. */
export function splitWhat(what) {
  const s = what || '';
  const i = s.indexOf(': ');
  return i < 0 ? { stage: s, file: '' } : { stage: s.slice(0, i), file: s.slice(i + 2) };
}

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
