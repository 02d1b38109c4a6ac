// The game families as the window words them, from the drivers' own
// registrations (Go: backend/archive/family.go → app.Format in Hello's
// formats). The welcome text and the unknown-file hint list them from
// here, so a new family's driver is all it takes for both to name it.

/**
 * The families' hints as one phrase: "A, B and C" ('' when none is known
 * yet, before Hello answered).
 * @param {{hint: string}[] | null | undefined} formats
 */
export function familyList(formats) {
  const hints = (formats ?? []).map((f) => f.hint).filter(Boolean);
  if (hints.length < 2) return hints.join('');
  return `${hints.slice(0, -1).join(', ')} and ${hints[hints.length - 1]}`;
}

/**
 * The family whose extension a file name has (case-insensitive), or null.
 * @template {{exts: string[]}} F
 * @param {F[] | null | undefined} formats
 * @param {string} name
 * @returns {F | null}
 */
export function familyOf(formats, name) {
  const dot = name.lastIndexOf('.');
  if (dot < 0) return null;
  const ext = name.slice(dot).toLowerCase();
  return (formats ?? []).find((f) => f.exts?.includes(ext)) ?? null;
}
