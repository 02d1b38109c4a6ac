// The settings file, for the Settings panel (issue 31: components talk to
// stores and lib/ modules, never to bridge.js or wailsjs).
import * as bridge from './bridge.js';

/** The saved preferences with what was detected on this system. */
export const preferences = () => bridge.preferences();
/** Save the preferences; resolves to them as saved. */
export const savePreferences = (p) => bridge.savePreferences(p);
