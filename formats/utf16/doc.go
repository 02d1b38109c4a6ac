// Package utf16 is the project's one UTF-16 decoder: the .MOD header and
// manifest, BINLAYOUT, RAW and BINDAT string tables, GUTS source text
// (dattext), the text preview, the SCH list and PE version strings all
// decode through it.
//
// # Byte layout
//
// Input is a run of 2-byte code units, little-endian (what Torchlight II
// writes) or big-endian; a trailing odd byte is ignored (callers that must
// refuse it check the length first). No byte-order mark is read here: the
// caller strips it, as only it knows whether one may be there.
//
//	00 00–7F 00          one byte, ASCII (16 units at a time when little-endian)
//	D800–DBFF DC00–DFFF  a surrogate pair: one 4-byte UTF-8 character
//	D800–DFFF alone      a lone surrogate: its 3-byte WTF-8 form ED A0–BF 80–BF
//	anything else        its UTF-8 form
//
// A lone surrogate is kept (WTF-8) rather than replaced, because the game's
// files hold some (the shipped TAGS.DAT has one inside a string) and an
// archive read and written back must stay byte for byte the same;
// rghash.AppendUTF16 turns the WTF-8 form back into the unit. A reader that
// shows text instead (the preview, PE version strings) passes the result
// through ReplaceLone, which gives what unicode/utf16.Decode gives: one
// U+FFFD per lone surrogate.
package utf16
