// Findings of one kind read once: a 33,000-source mod printed 2,800 lines
// of one "unknown property". Findings whose messages differ only in the
// names, numbers and quoted values they carry are one kind; a kind seen
// `min` times or more shows as one row with its count, expanded on demand.

/** The kind of a message: quoted values and numbers taken out. */
export function kindOf(message) {
  return String(message)
    .replace(/"[^"]*"|'[^']*'|“[^”]*”|`[^`]*`/g, '…')
    .replace(/\b0x[0-9a-f]+\b/gi, '#')
    .replace(/\d[\d,]*(\.\d+)?/g, '#');
}

/**
 * Groups in first-seen order: {key, severity, items}; items keep their
 * order. key is the severity, the check (when the finding has one) and the
 * message's kind.
 * @template {{severity:string, message:string, check?:string}} F
 * @param {F[]} findings
 * @returns {{key:string, severity:string, items:F[]}[]}
 */
export function groupFindings(findings) {
  const groups = new Map();
  for (const f of findings) {
    const key = `${f.severity}\u0000${f.check ?? ''}\u0000${kindOf(f.message)}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { key, severity: f.severity, items: [] }));
    g.items.push(f);
  }
  return [...groups.values()];
}

/** Groups that fold (at least min items) and the findings shown one by one. */
export function foldFindings(findings, min = 3) {
  return groupFindings(findings).map((g) => ({ ...g, folded: g.items.length >= min }));
}
