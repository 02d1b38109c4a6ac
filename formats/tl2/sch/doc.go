// Package sch reads and writes modlauncher.sch, the Torchlight II mod
// activation list in the user folder (Documents/My Games/Runic Games/
// Torchlight 2/).
//
// The game activates the mods listed there by MOD_ID (not by file name) and
// the order is priority: the first mod listed wins a file, mods win over the
// base game, and a file is replaced whole.
//
// # Layout
//
// The file is UTF-16LE text starting with the byte-order mark FF FE; every
// line, the last included, ends with CR LF (0D 00 0A 00):
//
//	FF FE                                   byte-order mark
//	[MODS]<CR><LF>                          section start
//	<TAB><INTEGER64>MODGUID:<id><CR><LF>    one line per active mod, in order
//	...
//	[/MODS]<CR><LF>                         section end
//
// <id> is the mod's 64-bit MOD_ID as a signed decimal: a minus sign for
// negative ids, no plus sign, no leading zeros. An empty list is just the
// two section lines. New writes exactly this; that is what the official
// ModLauncher.exe writes for the same list.
//
// # Reading
//
// Parse is exact: it keeps every line's code units and line ending as read,
// so Bytes gives back the input byte for byte when nothing was changed, and
// lines it does not understand (comments, other sections, mod lines outside
// [MODS]) stay where they were through SetIDs. Inside [MODS] it accepts the
// mod line with any leading spaces or tabs and any letter case, as other
// launchers write them. It rejects, naming the line: a MODGUID that is no
// signed 64-bit decimal, [/MODS] without [MODS], an unclosed or second
// [MODS] section; and, naming the byte offset: a missing or UTF-8/UTF-16BE
// byte-order mark or an odd byte count.
package sch
