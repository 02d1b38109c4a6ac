// Package archive is the one model every game family is seen through.
//
// A family plugs in a Driver (detect, open). Opening gives an Archive: a flat
// list of file entries with '/'-separated paths, and a way to open one entry's
// bytes.
//
// # What a family can do: Capabilities
//
// Every Archive returns one typed descriptor, Capabilities (caps.go), and
// generic code reads it instead of probing optional interfaces or comparing
// family names ("iop", "tl2-mod", …): no code outside backend/drivers
// compares a family name. The descriptor holds
//
//   - edits: Edit, the set of operations saved (EditReplace, EditAdd,
//     EditRemove, EditRename natively, EditDropShadowed); NoRename, why a
//     family cannot rename even as a remove and an add (Reborn numbers its
//     entries); Rewrite (write a new archive, staged), Append (edit in place
//     by appending, Lost Saga), Notes (what an append did), Sidecars (files
//     rewritten with the archive, backed up with it: a DATA.PAK's .MAN),
//     Optimize (drop what the game never reads) and Shadowed (paths listed
//     twice);
//   - checks and metadata: Verify (every integrity check) and Info (a
//     JSON-ready value for `info --json` and the window's card);
//   - names: FoldNames, the game reads names in any case, so a comparison
//     pairs them folded and lookups ignore case;
//   - passwords: Passwords, entries may be encrypted and
//     OpenOptions.Password opens them (the window remembers one that works);
//   - conversion on the way in: CompilesSources (TL2 text compiles) and
//     KeepsTextEncoding (Lost Saga text keeps CP949/UTF-16);
//   - where entries are: DiskPath, for families whose entries are files on
//     disk (a folder, a loose file), opened in place;
//   - extract guards: Spans (stored byte ranges, to refuse overlaps),
//     IsLink (symbolic links, refused) and MaxRatio (the compression's
//     largest size ÷ packed ratio).
//
// A nil func or zero field means the family does not have it. The
// conformance suite (drivertest.Run, run by each driver's
// conformance_test.go) holds every driver's descriptor to what it does: a
// family that lists an edit saves it and one that does not is refused; one
// that renames renames and one that does not is refused; FoldNames families
// find names in any case; a family without passwords ignores one given;
// DiskPath files hold the entries' bytes; Spans lie inside the file; a
// family edited only in place refuses a rewrite elsewhere and edits in place.
//
// # What a family says of an entry: EntryExtra
//
// Entry.Extra is the family's own struct (tl2drv.EntryExtra: manifest type
// and CRC; zipdrv.EntryExtra; iopdrv.EntryExtra: comment, encryption,
// shadowed copies, a game folder's pack; reborndrv.EntryExtra and
// DataExtra), nil for families with none. Its JSON is what `ls --json` and
// the window's entry list and preview show under "extra"; generic code asks
// it only what every family answers: Shadowed (a later copy of the path
// hides this one) and From (the pack of a view over several).
//
// The window, the command line, extract and previews are written once
// against this model; family-specific facts travel as typed metadata
// (Entry.Extra, Capabilities.Info), never as special cases in generic code.
package archive
