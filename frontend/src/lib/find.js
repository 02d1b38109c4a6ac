// Find in files: hits stream in one entry at a time, in the order the
// search's workers finish; the list shows them in entry order (each hit
// carries its entry's place in the listing, `order`).

/**
 * hits with batch (one entry's hits) put in entry order; returns a new
 * array. Within an entry hits keep their line order.
 * @param {{order:number,line:number}[]} hits in entry order
 * @param {{order:number,line:number}[]} batch
 */
export function insertHits(hits, batch) {
  if (!batch.length) return hits;
  const at = batch[0].order ?? 0;
  let lo = 0,
    hi = hits.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((hits[mid].order ?? 0) <= at) lo = mid + 1;
    else hi = mid;
  }
  return [...hits.slice(0, lo), ...batch, ...hits.slice(lo)];
}
