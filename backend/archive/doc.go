// Package archive is the one model every game family is seen through.
//
// A family plugs in a Driver (detect, open). Opening gives an Archive: a flat
// list of file entries with '/'-separated paths, and a way to open one entry's
// bytes. Optional interfaces add what a family supports: Verifier (integrity
// checks), Rewriter (write-back: replace, add, remove, repack), Infoer
// (family metadata for `info --json` and the window's card).
//
// The window, the command line, extract and previews are written once against
// these interfaces; family-specific facts travel as typed metadata (Entry.Extra,
// Info), never as special cases in generic code.
package archive
