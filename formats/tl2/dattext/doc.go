// Package dattext reads and writes the Torchlight II text format shared by
// .DAT, .TEMPLATE, .ANIMATION, .HIE and .LAYOUT sources (and MOD.DAT): a
// tree of [SECTION]s holding typed <TYPE>KEY:VALUE properties.
//
// # Bytes
//
// GUTS writes UTF-16LE with a BOM and CRLF line ends. Decode also accepts
// UTF-16LE without BOM (recognised by a zero second byte), UTF-16BE with
// BOM, and UTF-8 with or without BOM:
//
//	first bytes     encoding
//	FF FE           UTF-16LE (BOM dropped)
//	FE FF           UTF-16BE (BOM dropped)
//	EF BB BF        UTF-8    (BOM dropped)
//	xx 00           UTF-16LE, no BOM
//	anything else   UTF-8
//
// UTF-16 code units are not validated: a lone surrogate (the shipped
// TAGS.DAT has some inside a string) is kept in the Go string in its
// three-byte WTF-8 form and turns back into the same unit when encoded
// (see formats/utf16). An odd UTF-16 byte count or invalid UTF-8 is an
// error naming the byte offset.
//
// # Grammar
//
// Lines end at CRLF, LF or CR. Leading spaces and tabs are ignored. Each
// line is one of:
//
//	line                 meaning
//	(empty)              ignored
//	//anything           comment, ignored (not kept in the tree)
//	[NAME]               opens a section; NAME is everything between the
//	                     first [ and the last ], trailing blanks after ] ignored
//	[/NAME]              closes the innermost open section; NAME must match
//	<TYPE>KEY:VALUE      a property of the innermost open section: TYPE runs
//	                     to the first >, KEY to the next :, VALUE is the rest
//	                     of the line verbatim (not trimmed, may hold ':')
//
// Anything else is an error. A file holds exactly one top-level section,
// every section is closed, and nesting is bounded by MaxDepth. Properties and
// child sections keep their file order (each list separately; the compiled
// form stores all properties of a section before its children).
//
// The root rule: a root written [] has the empty name. The BINDAT compiler
// then hashes the upper-case file name without extension instead (TAGS.DAT
// → rg_hash("TAGS")), as GUTS does.
//
// Types are kept as text; the compilers give them meaning (INTEGER, FLOAT,
// DOUBLE, UNSIGNED INT, STRING, BOOL, INTEGER64, TRANSLATE, NOTE for BINDAT).
//
// # Printing
//
// Format writes the canonical GUTS layout: a tab per nesting level,
// properties before children, CRLF after every line including the last;
// Encode adds the UTF-16LE BOM encoding. Comments and blank lines do not
// survive. Check reports values that cannot be printed and parsed back
// (line breaks in a value, ':' in a key, '>' in a type, a name starting
// with '/').
//
// # Errors
//
// Every error is an *Error naming the file and the line ("X.DAT:12: [/A]
// closes [B] opened at line 3") or, for decoding, the byte offset.
package dattext
