// Go's events and the native window, for components (issue 31: components
// talk to stores and lib/ modules, never to bridge.js or wailsjs).
import * as bridge from './bridge.js';

/** Subscribe to a Go event (bridge.on: one Wails listener per event); returns the unsubscribe function. */
export const on = (event, fn) => bridge.on(event, fn);

/** The desktop window delivers dropped files as paths (a browser only knows their names). */
export const nativeFileDrop = () => Boolean(globalThis.window?.runtime?.OnFileDrop);
