// Package modpack turns a Torchlight II mod folder (MOD.DAT + MEDIA/) into
// the .MOD the game loads, and deploys it: what GUTS does when it builds a
// mod, from the text every time, on any system. It has no UI; the command
// line (packsmith pack) and the window's Pack view call Pack and Inspect.
//
// # Pipeline
//
// Pack runs these stages (Stage), reporting each in order through
// Options.Progress. In the code they are packRun.stages (packrun.go): the
// stages called in order, each step a method over one packRun, the state a pack carries
// (packcompile.go: compile and the writer feed; packwrite.go: raw, grids,
// write, verify, commit, deploy).
//
//	read     MOD.DAT (UTF-16LE or any encoding dattext reads): NAME, AUTHOR,
//	         DESCRIPTION, WEBSITE, DOWNLOAD_URL, MOD_ID, VERSION, REQUIRED_MODS,
//	         REMOVE_FILES → the header; MOD_FILE_NAME → the output name.
//	         The game version is Options.GameVersion, else the VS_VERSIONINFO
//	         file version of Torchlight2.exe in Options.GameDir (ExeVersion),
//	         else DefaultGameVersion (1.25.5.6, what the fixtures carry).
//	         A MOD_ID that is absent, 0 or -1 (GUTS's placeholder) gets a fresh
//	         one (NewModID); it is written back to MOD.DAT, after a backup
//	         (backend/workspace/backups), only with Options.WriteModID (the command
//	         line's and the window's default) and only once the .MOD is
//	         written.
//	collect  MEDIA/ (any case): names upper-cased (ASCII only), '/'-separated;
//	         dropped: GUTS's tooling suffixes (.CMP .THUMBNAIL.PNG .XLS .XML
//	         .MAX .MPD .LNK .LOG), every compiled .BINDAT/.BINLAYOUT (the text
//	         is compiled instead; one without its text is reported), the seven
//	         RAW indices at MEDIA/ (regenerated), a .PNG beside a same-named
//	         .DDS, hidden and system files. Two files whose names differ only
//	         in case are an error. The type byte comes from mod.TypeFromName.
//	compile  .DAT .TEMPLATE .ANIMATION .HIE → BINDAT, .LAYOUT → BINLAYOUT, on
//	         all cores, with lint findings naming file and line (lower-case
//	         names the engine never reads, unknown or mistyped LAYOUT
//	         properties, placeholders). A source that does not compile is an
//	         error; all of them are reported, and nothing is written.
//	raw      the seven RAW indices (raw.Generate) from the compiled sources in
//	         memory; UNITDATA follows BASEFILE into Options.BaseDir (BaseDir:
//	         the game's MEDIA as text, or extracted from DATA.PAK as BINDAT),
//	         then into PACKSMITH.JSON's baseUnits (what an unpacked .MOD's
//	         UNITDATA.RAW shows its units took from base files it lacks;
//	         projectbase.go); each unit whose chain cannot be resolved is a
//	         warning naming the base file and the fields packed as 0/"".
//	grids    (grids.go) every level (a .LAYOUT under MEDIA/LAYOUTS/ that
//	         places a room piece; scenery layouts are left alone) whose .MPP is
//	         missing, more than 2 s older than the layout, or GUTS's 2,524-byte
//	         all-void stub gets a grid baked (backend/levelbake: the mod's
//	         LEVELSETS pieces and collision meshes, then the game's DATA.PAK
//	         from GameDir or BaseDir); the stale .MPP is held back from the
//	         asset feed and the baked one written instead. A level that cannot
//	         be baked is a warning naming every missing piece and mesh; it
//	         keeps the .MPP it had (still warned about when it is the stub)
//	         and never gets a stub. Options.MPP "keep" packs the grids as they
//	         are, "none" packs no level grid. Result.Grids reports each level.
//	write    mod.Writer into a temporary file beside the output: assets stream
//	         in first, from the moment MEDIA/ is collected, so their
//	         compression overlaps the compile stage; then the compiled files
//	         in name order as they finish, then the baked grids and the RAW
//	         indices. Every
//	         source is read once (the grids stage checks the .MPP bytes the
//	         writer was fed), with the size collect saw.
//	verify   the temporary file is read back, front to back, and checked
//	         against what the writer recorded (mod.VerifyWrittenFile, the
//	         manifest parsed beside the pass; the checks are
//	         mod.Reader.VerifyWritten's), without inflating: the header and
//	         manifest parse; rollingHash is
//	         recomputed and matches the stored one; reqHash matches
//	         REQUIRED_MODS; every block head is in bounds and holds the
//	         manifest's size; maxCompressedBlockSize covers the largest
//	         block; names are upper case; the manifest lists exactly the
//	         entries written, each with the offset, size and CRC-32 (of the
//	         uncompressed bytes, taken as they were compressed) the writer
//	         recorded; the blocks tile the data section with no gap or
//	         overlap; each block head reads back as written and each
//	         payload reads back with the CRC-32 of the zlib stream (or
//	         stored bytes) the writer produced. The SHA-256 of the whole
//	         file is taken from that read, on a goroutine of its own
//	         (the tee of mod.VerifyWrittenFile), when asked (Options.SHA256:
//	         it is the stage's slowest part, and a third of a repack that
//	         reused blocks). What this does
//	         not re-prove is that the zlib
//	         library's streams inflate to their inputs: Options.FullVerify
//	         does that too (mod.Reader.Verify: every entry inflated, size
//	         and CRC-32 checked; about as costly as the compression), as
//	         does "packsmith verify" on any .MOD. A pass without the
//	         SHA-256 is split across the cores in 8 MB pieces. Only a file
//	         that passes is flushed to disk (written out while it was made:
//	         safefile.StartWriteback) and renamed over the output (the
//	         replaced .MOD held open through the rename and closed after
//	         it, so its blocks are not freed on the pack's path:
//	         replaced.go).
//	deploy   (Options.Deploy) backend/tl2/deploy copies it atomically into
//	         the mods folder, moving older copies of the same MOD_ID (and a
//	         different mod under the same name) into the backups, under a
//	         crash journal; with Options.Enable the mod is listed first in
//	         modlauncher.sch. With Options.HoldGuessedDeploy a pack whose
//	         units inherit guessed fields holds the deploy when it would
//	         replace a deployed copy (deploy.Hold; Result.DeployHeld).
//
// Watch (watchpack.go) packs, then packs again after every save under the
// mod folder (backend/sys/watch), for `pack --watch` and the window's Pack on
// save. Between packs it keeps the last walk of MEDIA/ and the incremental
// cache in memory (session.go): a repack stats again only the files the
// watcher saw change and reads no cache file; the output is the same.
//
// Cancelling (the context) stops every stage and removes the temporary
// file: nothing is left half-written, MOD.DAT is untouched.
//
// PackMemory (memory.go) packs a mod held in memory (a parsed MOD.DAT and
// "MEDIA/…" files as bytes) through the same stages, collected by the same
// rules, to the same bytes as Pack of a folder holding those files with
// those times; it bakes no walk grid and keeps no incremental cache.
// Options.RAWRecords (either entry point) lists records of files other
// mods give the game after the ones the sources give: the merged patch
// (backend/tl2/mergepatch) passes the mods' own records down that way.
//
// # Output
//
// The bytes depend only on the folder: entry times are the sources'
// mtimes (the RAW indices take the newest), blocks are written in a fixed
// order, and string ids default to bindat.HashIDs (per file, no shared
// state). Options.ReplayGUTS numbers strings as a GUTS build does (one
// counter, files in path order, .ANIMATION last) to reproduce a GUTS .MOD
// byte for byte: packing the XOVER fixture's sources that way gives every
// entry of its EDITORMOD.MOD byte-identical (UNITDATA.RAW once the base
// game's PLAYERS/BASE.DAT is supplied). The game resolves ids per file, so
// both numberings load the same.
//
// Differences from GUTS, on purpose: VERSION is stored as written (GUTS's
// publish path stores VERSION+1); the manifest lists a folder's files
// sorted by name; compiled intermediates are never reused.
//
// # Errors
//
// Problems in the mod's files are Findings (severity, stage, file as on
// disk, line, message); when any is an error Pack returns a *PackError
// holding them all. Other errors name the file and, for a PE or a parse
// error, the offset or line. Pack and Inspect never panic on bad input.
package modpack
