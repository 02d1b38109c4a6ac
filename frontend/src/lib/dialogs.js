// The native file dialogs, for components (issue 31: components talk to
// stores and lib/ modules, never to bridge.js or wailsjs). Each resolves
// to the path chosen, or "" when the dialog was cancelled.
import * as bridge from './bridge.js';

/** Choose a folder. */
export const pickFolder = (title) => bridge.pickFolder(title);
/** Choose where to save, starting from defaultPath. */
export const pickSaveAs = (title, defaultPath) => bridge.pickSaveAs(title, defaultPath);
