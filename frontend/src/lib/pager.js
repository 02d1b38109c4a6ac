// Page cache for the virtual entry list: the list shows a window of rows
// and asks Go for the pages under it, once each; a new query starts over.

export class Pager {
  /**
   * @param {(offset:number, limit:number) => Promise<{total:number, entries:any[]}>} fetchPage
   * @param {number} pageSize
   */
  constructor(fetchPage, pageSize = 200) {
    this.fetchPage = fetchPage;
    this.pageSize = pageSize;
    this.pages = new Map(); // page index -> entries
    this.pending = new Map(); // page index -> promise
    this.total = 0;
    this.generation = 0;
  }

  /** Forget everything (the query changed). */
  reset() {
    this.pages.clear();
    this.pending.clear();
    this.total = 0;
    this.why = '';
    this.generation++;
  }

  /** The row at index i, or undefined while its page is loading. */
  row(i) {
    const p = this.pages.get(Math.floor(i / this.pageSize));
    return p ? p[i % this.pageSize] : undefined;
  }

  /** Make sure rows [first, last] are loaded; resolves when they are. */
  async ensure(first, last) {
    const gen = this.generation;
    const want = [];
    const lo = Math.max(0, Math.floor(first / this.pageSize));
    const hi = Math.max(lo, Math.floor(Math.max(first, last) / this.pageSize));
    for (let p = lo; p <= hi; p++) {
      if (this.pages.has(p)) continue;
      if (!this.pending.has(p)) {
        this.pending.set(
          p,
          this.fetchPage(p * this.pageSize, this.pageSize).then((res) => {
            if (gen !== this.generation) return;
            this.total = res.total;
            this.why = res.why || '';
            this.pages.set(p, res.entries);
            this.pending.delete(p);
          }),
        );
      }
      want.push(this.pending.get(p));
    }
    await Promise.all(want);
    return gen === this.generation;
  }
}
