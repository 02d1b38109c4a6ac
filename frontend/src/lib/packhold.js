// The held deploy (app/packhold.go).
import { svc } from './bridge.js';

/** Deploy a .MOD whose deploy the pack held. @returns {Promise<any>} the DeployResult */
export const deployHeld = (output, modId, modsDir, enable) => svc().DeployHeld({ output, modId, modsDir, enable });

/** The fields of a guessed unit, for the notice ("LEVEL, RARITY"). */
export const fields = (u) => (u.missing ?? []).join(', ');
