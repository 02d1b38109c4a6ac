// Package check finds what breaks between active Torchlight II mods and
// the game, which each mod's own pack cannot see:
//
//   - two different units (different paths) with the same UNIT_GUID, or
//     two skills with the same UNIQUE_GUID: the game keeps one;
//   - references that no active mod and not the game provide, per mod with
//     file and line: a unit's BASEFILE, its RESOURCEDIRECTORY (some file
//     under it), its MESHFILE (RESOURCEDIRECTORY/MESHFILE.MESH), the
//     textures of the .MATERIAL beside the mesh, and the FILEs of the
//     .ANIMATION beside it;
//   - a .DAT the game would load from a mod (the first mod shipping it)
//     that cannot be read or parsed (Unreadable): an error, never a
//     silent pass, since nothing in it was checked.
//
// Paths are compared as the game looks them up: slash-separated, upper
// case (ASCII). A material naming foo.png or foo.tga is satisfied by
// FOO.DDS, which the game loads instead.
//
// Without the game's data (Options.Game nil), a reference no active mod
// provides may be the base game's: it is reported with Status NotChecked,
// never Missing.
//
// One finding per place: a finding of the same kind and reference at the
// same mod, file and line is reported once, and a .MATERIAL or .ANIMATION
// several units share is read once per RESOURCEDIRECTORY. A BASEFILE
// outside MEDIA/ (the "mmedia/" typo of real GUTS builds) can match no
// game file: it is an error (Status Nowhere) with or without the game's
// data, as GUTS leaves that unit out of UNITDATA.RAW.
//
// LoadOrderFindings (loadorder.go) are the load order's own: two .MOD
// files carrying one MOD_ID, more mods active than the game activates.
// Run lists them first (RunOptions.LoadOrder); AboutLoadOrder tells them.
//
// Run (run.go) is what `packsmith check` and the window call: the target
// (a .MOD or a mod folder) placed among the active mods (it takes the place
// of an active mod with its MOD_ID, else goes first, where deploy --enable
// puts it), each deployed .MOD read as players have it (its BINDAT
// decompiled; a finding's line is that of the decompiled text, as
// `extract --decompile` writes it), and the game's data from DATA.PAK's
// manifest or a MEDIA folder (a compiled sibling FOO.DAT.BINDAT counts as
// FOO.DAT). Severity: a duplicate GUID or a Missing reference is an error;
// NotChecked is a note (info). Concerns tells the findings about one mod:
// in its files, or another mod's duplicate of its GUID.
//
// The check cache (cache.go, RunOptions.CacheDir): what Check reads of a
// deployed .MOD (its paths; each .DAT's GUIDs and references, each
// .ANIMATION's FILEs, each .MATERIAL's textures, or why the file did not
// read: facts.go) is kept per mod file in <user cache>/Packsmith/checkcache,
// keyed by the file's SHA-256 (re-hashed only when its size or time
// changed, or it was hashed within a second of its last change), the
// checker's build and the read limit. Findings are made from these facts
// on every run, cached or not, so they are the same either way; a mod
// folder (the target being edited) is always read.
//
// Inputs read:
//
//	.DAT / .ANIMATION  GUTS text (UTF-16LE or UTF-8), dattext grammar
//	.MATERIAL          Ogre material script: a line "texture NAME [...]"
//	                   inside any block names a texture, relative to the
//	                   material's folder unless it holds a '/'
package check
