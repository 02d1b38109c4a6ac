// use:reveal: scrolls an element into view when it appears (a result that
// would otherwise land below the fold of a 720-pixel window).
export function reveal(el) {
  requestAnimationFrame(() => el.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' }));
}
