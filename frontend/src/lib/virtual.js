// Lists of thousands of rows draw only the rows in view (issue 46: a merge
// listing 33,000 files made a page of 1.9 GB that stopped answering).
// VirtualList.svelte scrolls a box as tall as every row and draws the
// window this module computes; rows have one fixed height.

/**
 * The rows to draw, [first, last), for a box `height` px tall scrolled to
 * `scrollTop` over `total` rows of `rowHeight` px, with `overscan` rows
 * either side so a quick scroll shows no gap. A box not measured yet
 * (height 0) draws one screenful's worth (`fallback` px).
 */
export function windowOf(scrollTop, height, rowHeight, total, overscan = 6, fallback = 800) {
  const rh = Math.max(1, rowHeight);
  const h = height > 0 ? height : fallback;
  const first = Math.max(0, Math.min(total, Math.floor(Math.max(0, scrollTop) / rh) - overscan));
  const last = Math.max(first, Math.min(total, Math.ceil((Math.max(0, scrollTop) + h) / rh) + overscan));
  return { first, last };
}

/** The scrollTop that brings row i into a box `height` px tall now at `scrollTop` (unchanged when it is in view). */
export function scrollToRow(i, scrollTop, height, rowHeight) {
  const top = i * rowHeight;
  if (top < scrollTop) return top;
  if (top + rowHeight > scrollTop + height) return top + rowHeight - height;
  return scrollTop;
}
