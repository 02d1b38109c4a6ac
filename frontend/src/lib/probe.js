// The window's probe (app/window_probe.go): when the Go side asks (only
// with PACKSMITH_PROBE set, for scripts/window-test.sh), answer with what
// the page shows: the text of every element with a data-testid (visible
// text only: innerText) and the size and place of every picture. The test
// checks the screen's pixels itself; this tells it where to look.
import { EventsEmit, EventsOn } from '../../wailsjs/runtime/runtime.js';

export function snapshot(doc = document) {
  const texts = {};
  // Where each labelled element is (the first of an id, when shown), in
  // CSS pixels: a script clicks there with xdotool (× dpr).
  const rects = {};
  for (const el of doc.querySelectorAll('[data-testid]')) {
    const id = el.getAttribute('data-testid');
    const t = el.innerText ?? el.textContent ?? '';
    if (t && !(id in texts)) texts[id] = t.slice(0, 4000);
    const r = el.getBoundingClientRect?.();
    if (r && r.width && r.height && !(id in rects)) rects[id] = [Math.round(r.left), Math.round(r.top), Math.round(r.width), Math.round(r.height)];
  }
  const images = [];
  for (const im of doc.querySelectorAll('img, canvas')) {
    const r = im.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    images.push({
      testid: im.getAttribute('data-testid') ?? '',
      natural: [im.naturalWidth ?? im.width, im.naturalHeight ?? im.height],
      rect: [Math.round(r.left), Math.round(r.top), Math.round(r.width), Math.round(r.height)],
    });
  }
  // <audio>: what the webview made of the entry (GStreamer on Linux).
  const media = [...doc.querySelectorAll('audio, video')].map((m) => ({
    testid: m.getAttribute('data-testid') ?? '',
    readyState: m.readyState,
    duration: Number.isFinite(m.duration) ? m.duration : -1,
    error: m.error ? m.error.code : 0,
  }));
  return { texts, rects, images, media, body: (doc.body?.innerText ?? '').slice(0, 20000), dpr: window.devicePixelRatio || 1 };
}

export function startProbe() {
  if (!window.runtime) return;
  EventsOn('probe-ask', () => EventsEmit('probe', snapshot()));
}
