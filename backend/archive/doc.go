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
//
// # Adding a game family
//
// A family is a format package and a driver that registers itself; the
// rest of Packsmith reads the registry (Family, family.go). Copy zipdrv,
// the smallest family driver (backend/drivers/zipdrv: about 330 lines
// against 760 to 1,660 for the others), and:
//
//  1. formats/<game>/<format>/: the byte-level reader (and writer, for
//     write back), a doc.go with the byte layout, its tests and a fuzz
//     target. No file lookups by name, no drawing (internal/purity).
//  2. backend/drivers/<name>drv/<name>drv.go: the Driver (Name, Detect
//     from the name and first bytes, Open) and the Archive (Entries, Open
//     of one entry, Capabilities: what it can do, nil where it cannot;
//     a read-only family starts with archive.Capabilities{}).
//  3. backend/drivers/<name>drv/family.go: one RegisterFamily call with
//     the extensions, the game's Title, a Description of one file, the
//     Hint the window lists it by ("Lost Saga .iop") and, for a file
//     association, a Class (the Windows ProgID Packsmith.<Class>).
//     Optional: Files (loose files of the game the open dialog offers),
//     Sidecars, Create (a pack from a folder) and Tables (text tables the
//     window edits row by row, and the names of their jobs: tables.go).
//  4. backend/drivers/<name>drv/conformance_test.go: drivertest.Run with a
//     sample archive and the family's rules (ReadOnly, FoldCase, …).
//  5. backend/drivers/all/all.go: the package's blank import, so the
//     window and the command line register it.
//  6. Only with a Class: its item in wails.json's fileAssociations and its
//     lines in build/windows/installer/project.nsi (PACKSMITH_CLASS,
//     PACKSMITH_OPENWITH, a "by default" section, PACKSMITH_UN_DEFAULT).
//     `go test ./internal/wailsproject` fails naming each missing line and
//     gives it to paste.
//  7. README.md: the family's row in the families table (and, if it
//     should have a sample in the demo workspace,
//     internal/demogen/families.go).
//
// Nothing else changes: the kind map (an entry with the extension is an
// archive; NotArchiveInside says otherwise), the open dialog's filter
// (app/families.go), the welcome text's families and the unknown-file
// hint (Hello's formats, frontend/src/lib/families.js), macOS' document
// types (from wails.json) and the installer's checks all follow the
// registry. backend/drivers/drivertest/fakedrv is a family added this way,
// for tests only (steps 2-4, in three files): app's TestAFamilyAddsItself
// and the front end's families.test.js show it reaching all of them.
package archive
