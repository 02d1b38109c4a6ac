// The held deploy (app/packhold.go), in the pattern of bridge.js.

/** @returns {any} */
function svc() {
  const s = window.go?.app?.Service;
  if (!s) throw new Error('Packsmith back end is not connected');
  return s;
}

/** Deploy a .MOD whose deploy the pack held. @returns {Promise<any>} the DeployResult */
export const deployHeld = (output, modId, modsDir, enable) => svc().DeployHeld({ output, modId, modsDir, enable });

/** The fields of a guessed unit, for the notice ("LEVEL, RARITY"). */
export const fields = (u) => (u.missing ?? []).join(', ');
