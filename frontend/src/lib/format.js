// Formatting helpers shared by the components.

const units = ['B', 'KB', 'MB', 'GB', 'TB'];

/** Human size: 1536 -> "1.5 KB"; negative (unknown) -> "?". */
export function size(n) {
  if (n == null || n < 0) return '?';
  let i = 0;
  let v = n;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return i === 0 ? `${v} B` : `${v.toFixed(v < 10 ? 1 : 0)} ${units[i]}`;
}

/** Digits grouped by thousands: 100000 -> "100,000". */
export function count(n) {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Last path element. */
export function baseName(p) {
  const s = p.replace(/\\/g, '/');
  return s.slice(s.lastIndexOf('/') + 1);
}

/** Folder of a path ("" at the root). */
export function dirName(p) {
  const s = p.replace(/\\/g, '/');
  const i = s.lastIndexOf('/');
  return i < 0 ? '' : s.slice(0, i);
}

/** Percent done, 0..100, or null when the total is unknown. */
export function percent(done, total) {
  if (!total || total <= 0) return null;
  return Math.max(0, Math.min(100, (done / total) * 100));
}

/** Default extract folder: beside the archive, named after it. */
export function defaultExtractDir(archivePath) {
  const sep = archivePath.includes('\\') && !archivePath.includes('/') ? '\\' : '/';
  let dir = dirName(archivePath);
  if (sep === '\\') dir = dir.replace(/\//g, '\\');
  const base = baseName(archivePath).replace(/\.[^.]*$/, '');
  return (dir ? dir + sep : '') + base + '_extracted';
}

/** A count with its noun: plural(1, 'entry') -> "1 entry", plural(2, 'entry') -> "2 entries". */
export function plural(n, one, many = '') {
  const word = n === 1 ? one : many || (/[^aeiou]y$/.test(one) ? one.slice(0, -1) + 'ies' : /(s|x|ch|sh)$/.test(one) ? one + 'es' : one + 's');
  return `${count(n)} ${word}`;
}

/**
 * A running job's figures: "3 / 12" once its total is known (bytes for an
 * extract); before it has counted its work, what it did so far, or that it
 * is starting — never "0 / 0".
 */
export function jobFigures(job) {
  const f = job.kind === 'extract' ? size : count;
  if (job.total > 0) return `${f(job.done)} / ${f(job.total)}`;
  return job.done > 0 ? f(job.done) : 'starting…';
}
