import { describe, it, expect } from 'vitest';
import { fitScale, isLarge, wheelZoom, zoomAbout, zoomLabel, percent, clampZoom, MAX_ZOOM, MIN_ZOOM } from './zoom.js';

describe('zoom', () => {
  it('fits the limiting side', () => {
    // 2048×1024 in 800×600 with 8 px padding: width limits, 784/2048
    expect(fitScale(2048, 1024, 800, 600)).toBeCloseTo(784 / 2048, 10);
    // a tall image: height limits, 584/4096
    expect(fitScale(256, 4096, 800, 600)).toBeCloseTo(584 / 4096, 10);
    // a tiny image is blown up but no further than the maximum
    expect(fitScale(1, 1, 800, 600)).toBe(MAX_ZOOM);
    expect(fitScale(100000, 10, 800, 600)).toBe(MIN_ZOOM);
  });
  it('says when an image is larger than the pane', () => {
    expect(isLarge(1024, 100, 800, 600)).toBe(true);
    expect(isLarge(100, 700, 800, 600)).toBe(true);
    expect(isLarge(784, 584, 800, 600)).toBe(false);
  });
  it('zooms by 1.25 per wheel notch, up is in', () => {
    expect(wheelZoom(1, -100)).toBeCloseTo(1.25, 10);
    expect(wheelZoom(1, 100)).toBeCloseTo(0.8, 10);
    expect(wheelZoom(1, -3, 1)).toBeCloseTo(1.25, 10); // line mode
    expect(wheelZoom(1, -200)).toBeCloseTo(1.5625, 10);
    expect(wheelZoom(MAX_ZOOM, -100)).toBe(MAX_ZOOM);
    expect(clampZoom(0)).toBe(MIN_ZOOM);
  });
  it('keeps the point under the cursor in place', () => {
    // cursor at (100, 50) in the view, not scrolled, padding 8: image point (92, 42) at zoom 1
    const s = zoomAbout({ left: 0, top: 0 }, { x: 100, y: 50 }, 1, 2);
    expect(s).toEqual({ left: 92 * 2 + 8 - 100, top: 42 * 2 + 8 - 50 });
    // round trip: zooming back restores the scroll
    const back = zoomAbout(s, { x: 100, y: 50 }, 2, 1);
    expect(back.left).toBeCloseTo(0, 10);
    expect(back.top).toBeCloseTo(0, 10);
    // never a negative scroll
    expect(zoomAbout({ left: 0, top: 0 }, { x: 400, y: 300 }, 2, 1)).toEqual({ left: 0, top: 0 });
  });
  it('labels the zoom and the mip scale', () => {
    expect(percent(0.125)).toBe('12.5%');
    expect(percent(4 / 3)).toBe('133%');
    expect(zoomLabel(1)).toBe('100%');
    expect(zoomLabel(1, 0, 64, 64)).toBe('100%');
    expect(zoomLabel(1, 2, 64, 16)).toBe('100% · mip 2 at 400%');
    expect(zoomLabel(0.5, 1, 64, 32)).toBe('50% · mip 1 at 100%');
  });
});
