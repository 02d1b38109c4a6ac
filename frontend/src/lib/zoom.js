// Zoom maths of the image view (textures, walk grids). A zoom is on-screen
// pixels per pixel of the full-size image (mip 0), so a smaller mip shows at
// the same size on screen, blown up by 2^mip.

export const MIN_ZOOM = 1 / 16;
export const MAX_ZOOM = 32;

export const clampZoom = (z) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, z));

/** The zoom that shows a w×h image whole in a paneW×paneH pane with pad pixels around it. */
export function fitScale(w, h, paneW, paneH, pad = 8) {
  const aw = Math.max(16, paneW - 2 * pad);
  const ah = Math.max(16, paneH - 2 * pad);
  return clampZoom(Math.min(aw / Math.max(1, w), ah / Math.max(1, h)));
}

/** Whether an image is larger than the pane (then it opens fitted). */
export const isLarge = (w, h, paneW, paneH, pad = 8) => w > paneW - 2 * pad || h > paneH - 2 * pad;

/**
 * The zoom after a wheel turn: each notch (100 deltaY in pixel mode, 3 in
 * line mode) is a factor of 1.25; up (negative deltaY) zooms in.
 */
export function wheelZoom(z, deltaY, deltaMode = 0) {
  const notches = deltaMode === 1 ? deltaY / 3 : deltaMode === 2 ? deltaY : deltaY / 100;
  return clampZoom(z * Math.pow(1.25, -notches));
}

/**
 * Scroll offsets that keep the image point under the cursor in place when the
 * zoom goes from z0 to z1. scroll: the container's {left, top}; at: the cursor
 * relative to the container's visible top-left; pad: space before the image.
 */
export function zoomAbout(scroll, at, z0, z1, pad = 8) {
  const ix = (scroll.left + at.x - pad) / z0;
  const iy = (scroll.top + at.y - pad) / z0;
  return { left: Math.max(0, ix * z1 + pad - at.x), top: Math.max(0, iy * z1 + pad - at.y) };
}

/** Rounded percent: 12.5% → "12.5%", 133.33% → "133%". */
export function percent(z) {
  const p = z * 100;
  return (p < 20 ? Math.round(p * 10) / 10 : Math.round(p)) + '%';
}

/**
 * The zoom label: the zoom of the full-size image, and for a smaller mip the
 * scale of its own pixels ("100% · mip 2 at 400%").
 */
export function zoomLabel(z, mip = 0, baseWidth = 0, width = 0) {
  if (!mip || !baseWidth || !width || baseWidth === width) return percent(z);
  return `${percent(z)} · mip ${mip} at ${percent((z * baseWidth) / width)}`;
}
