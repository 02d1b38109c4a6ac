// Findings of one kind read once: a 33,000-source mod printed 2,800 lines
// of one "unknown property". Findings whose messages differ only in the
// names, numbers and quoted values they carry are one kind; a kind seen
// `min` times or more shows as one row with its count, expanded on demand.

/**
 * The kind of a message: a message that starts with a code ("UNITDATA.RAW:
 * GUESSED: …", 1,667 of them in one mod, each naming its own unit, base
 * file and fields) is of that code; otherwise quoted values and numbers
 * taken out. The CLI folds by the same rule (backend/view/fold); both test
 * against testdata/fold/kinds.json.
 */
export function kindOf(message) {
  const m = String(message);
  const code = /^[A-Z0-9_.]+: [A-Z][A-Z ]*[A-Z]:/.exec(m);
  if (code) return code[0];
  return m
    .replace(/"[^"]*"|'[^']*'|“[^”]*”|`[^`]*`/g, '…')
    .replace(/\b0x[0-9a-f]+\b|\d+(,\d{3})*(\.\d+)?\b|\b[0-9a-f]*\d[0-9a-f]*\b/gi, '#');
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
