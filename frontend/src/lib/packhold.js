// The held deploy (app/packhold.go).
import { packing } from './bridge.js';

/** Deploy a .MOD whose deploy the pack held. @returns {Promise<any>} the deploy.Result */
export const deployHeld = (output, modId, modsDir, enable) => packing().DeployHeld({ output, modId, modsDir, enable });

/** The fields of a guessed unit, for the notice ("LEVEL, RARITY"). */
export const fields = (u) => (u.missing ?? []).join(', ');
