import { describe, it, expect } from 'vitest';
import { insertHits } from './find.js';

const h = (order, line) => ({ entry: `E${order}`, order, line });

describe('insertHits', () => {
  it('puts batches that arrive out of order back in entry order', () => {
    let hits = [];
    for (const b of [[h(5, 1), h(5, 9)], [h(1, 3)], [h(9, 2)], [h(0, 1), h(0, 4)], [h(3, 7)]]) hits = insertHits(hits, b);
    expect(hits.map((x) => `${x.order}:${x.line}`)).toEqual(['0:1', '0:4', '1:3', '3:7', '5:1', '5:9', '9:2']);
  });
  it('keeps the list unchanged for an empty batch and does not mutate it', () => {
    const hits = [h(1, 1)];
    expect(insertHits(hits, [])).toBe(hits);
    const next = insertHits(hits, [h(0, 2)]);
    expect(hits).toHaveLength(1);
    expect(next.map((x) => x.order)).toEqual([0, 1]);
  });
});
