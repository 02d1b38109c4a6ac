// Package mergepatch builds a merged patch: one normal .MOD that holds, for
// every text source (.DAT .TEMPLATE .ANIMATION .HIE .LAYOUT) two or more
// active mods ship, the three-way merge (backend/tl2/merge) of their versions
// against the game's own, so that no mod's change to a shared file is lost.
//
// # Inputs
//
// The user folder's modlauncher.sch and mods folder (backend/tl2/loadorder):
// the loaded mods in load order, the patch itself left out. Each .MOD is
// read as players have it: its BINDAT/BINLAYOUT entries decompiled to trees.
// The base is the game's DATA.PAK (Options.GameDir, read in place) or a
// MEDIA folder (Options.BaseDir) of sources or compiled files; without one
// Build fails (ErrNoBase): a three-way merge cannot guess the base.
//
// # Output
//
// The merged sources (UTF-16LE, as GUTS writes them) and a MOD.DAT are
// packed from memory by backend/tl2/modpack (PackMemory), as `pack` packs
// a mod folder holding them, every file's time FixedTime (no walk grids;
// RAW indices as below, the mods' records passed down as data), so the
// bytes depend only on the inputs. The header:
//
//	MOD_ID       PatchID (the same for every build: a rebuild replaces the deployed copy)
//	NAME         "Merged patch (Packsmith)"
//	DESCRIPTION  "Packsmith merged patch of N mods, first wins: ID=SHA ; ID=SHA ; … | TITLE ; TITLE"
//
// SHA is the first 16 hex digits of the source .MOD's SHA-256. The
// description is written and read, and the patch judged stale, in one
// place: backend/tl2/loadorder (patch.go), which compares that list with
// the current load order and files: another order, another mod, or a
// changed file makes the patch stale (the code merged-patch-stale on its
// row, loaded or not).
//
// Beside the patch, Build records what its merge lost (losses.go): per file
// the patch ships, the mods named losers of its conflicts, how many, and
// the winners, as loadorder.PatchLosses keyed by the patch's hash in the
// cache folder, so the load order's conflicts view says which mod lost a
// block inside a merged file without merging again (issue 43). Writing it
// is best effort: without it the view only says "merged".
//
// # RAW indices
//
// The game reads the seven RAW indices (UNITDATA.RAW …) instead of walking
// MEDIA/, and a .MOD's own index lists only that mod's files (XOVER's
// UNITDATA.RAW: its 3 players; a GUTS build indexes the mod folder alone).
// Whether the game joins the indices of every loaded mod or, as for every
// other file (tl2-notes §6: first wins, whole-file override), takes the
// first one found is not recorded anywhere we can check. The patch is
// first in the load order, so it ships indices that are right under both
// readings: the records generated from the merged files, then, for each
// active mod in load order, the records of its own index for the files it
// is the one to give the game (the first mod shipping the file; a file no
// mod ships, the first index listing it). Read first-wins, that index
// lists everything the mods' indices list, with the merged files' values;
// read joined, it only repeats what the mods list, as a mod's index
// already repeats the game's for a unit the mod changes. Shipping none
// would leave a merged unit's indexed values (LEVEL, RARITY, UNITTYPE) to
// the mods' own records, and read first-wins, the first mod's index would
// still hide the others'. Shipping only the merged files' records (what a
// pack of the patch folder alone gives) would, read first-wins, hide every
// unit, skill and affix the mods index outside the merged files.
// Records keep each index's order (merged files first, then load order).
// A mod index that does not decode is reported in Report.Skipped.
//
// Files only one mod ships and assets (textures, meshes, sounds) are not
// copied: the load order already decides them. Nor is a shared source
// whose merge is, to the game, the first mod's copy (merge.Same: values
// by what the game reads): the load order alone gives it, and a patch
// holding it would own it and go stale whenever either mod changed it.
// Report.LeftOut counts them; copies stored as the same block, or the
// same bytes, are left out without being parsed. A combined mod
// (backend/tl2/combine) takes Merge's Files and copies the rest from the
// winning mod, the same rule.
//
// # Speed and memory
//
// Shared files merge on up to four workers (one per core), each file
// within the budget (Options.Budget: its copies at treeFactor bytes per
// stored byte); a file that does not fit beside the other workers' is
// merged again alone at the end, so what is skipped does not depend on
// timing. A whole merge keeps only the merged sources the patch packs;
// the texts of a three-way view come from MergeFile, which merges one
// file alone (the window's diff, and the re-merge after a winner is
// picked).
package mergepatch
