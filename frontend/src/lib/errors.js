// Errors in a modder's words: a first line that says what happened and what
// to do, with the technical message (file, entry, offset, field) kept for
// "Details". The families Packsmith opens are the drivers' (lib/families.js),
// passed in as formats: a new family is named here without an edit.

import { familyList, familyOf } from './families.js';

// A file no driver took: named like a family's (its extension), it is most
// likely damaged or another game's; else say what Packsmith opens.
function unknownFile(_about, _m, formats, detail) {
  const named = /([^\s:/\\]+\.[A-Za-z0-9]+): not an archive Packsmith knows/i.exec(detail);
  const fam = named && familyOf(formats, named[1]);
  if (fam) return `This file is named like a ${fam.hint}, but Packsmith cannot read it as one: it is damaged, or from another game or version.`;
  const list = familyList(formats);
  return `Packsmith does not know this kind of file. It opens ${list ? list + ', ' : ''}folders, and loose textures, walk grids and data files.`;
}

const rules = [
  [/^cancelled$/, 'Stopped: it was cancelled from the job bar.'],
  [/no such file or directory|cannot find the (file|path) specified|does not exist/i,
    'The file is not there: it was moved, renamed or deleted. Check the path.'],
  [/not an archive Packsmith knows/i, unknownFile],
  [/unexpected EOF|truncated|ends early|file is too short|short read/i,
    'The file ends early: it is incomplete. Download or copy it again.'],
  [/permission denied|access is denied|operation not permitted/i,
    'Packsmith is not allowed to read or write this file. Close the game or other programs using it, or check the folder\'s permissions.'],
  [/being used by another process|resource busy|in use by another|\bis locked\b|lock violation/i,
    'Another program is using this file (the game, or another Packsmith). Close it and try again.'],
  [/no space left|disk full|not enough space/i, 'The disk is full. Free some space and try again.'],
  [/wrong password/i, (about) => (about ? `Wrong password for ${about}.` : 'Wrong password.') + ' Check it and try again; the technical detail is under Details.'],
  [/password/i, 'This pack is protected by a password, and the one given (or the known ones) did not open it.'],
  [/crc|checksum|hash mismatch|bad rollingHash/i,
    'The file is damaged: a checksum does not match what is stored. Get a fresh copy.'],
  [/the picture is (\d+×\d+) but the texture is (\d+×\d+)/, (about, m) =>
    `The picture is ${m[1]} but the texture is ${m[2]}: scale the picture to ${m[2]} in an image editor, then replace again.`],
  [/no such entry/i, 'There is no entry by that name in the archive.'],
  [/already in the archive/i, 'An entry by that name is already there: use Replace instead of Add.'],
  [/pending rename|pending (replace|add|remove)/i, 'That entry already has a pending change: save or undo it first.'],
  [/only replac/i, 'This kind of archive keeps its entries in a fixed order: entries can be replaced, not added, removed or renamed.'],
  [/is a folder|is a directory/i, 'That is a folder: choose a file.'],
  [/nothing to save/i, 'There are no changes to save.'],
  [/bad regular expression/i, 'The filter is not a valid regular expression. Turn off .* to search for the text as typed.'],
  [/too many|more than \d+ (bytes|entries|files)|exceeds the/i, 'The file asks for more than Packsmith allows (it is damaged, or far larger than a game file).'],
];

/**
 * @param {unknown} e an Error or the string the Go side sent
 * @param {string} [about] the file the error is about (a tab's name), for
 *   the summaries that name it
 * @param {{hint: string, exts: string[]}[]} [formats] the families the
 *   app opens (Hello's formats), for the unknown-file hint
 * @returns {{summary: string, detail: string}}
 */
export function explain(e, about = '', formats = []) {
  // The encoders' hint names an option of the command line and the Go
  // API; the window's Replace has none: it says what to do instead.
  const detail = String(e?.message ?? e ?? '').trim().replace(/ \(ask for a resize to scale it\)/, '');
  for (const [re, summary] of rules) {
    const m = detail.match(re);
    if (m) return { summary: typeof summary === 'function' ? summary(about, m, formats, detail) : summary, detail };
  }
  return { summary: detail, detail: '' };
}
