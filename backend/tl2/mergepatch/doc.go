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
// The merged sources are written (UTF-16LE, as GUTS writes) into a temporary
// mod folder with a MOD.DAT, every file's time set to FixedTime, and packed
// by backend/tl2/modpack as `pack` packs (no walk grids; the RAW indices the
// merged files need), so the bytes depend only on the inputs. The header:
//
//	MOD_ID       PatchID (the same for every build: a rebuild replaces the deployed copy)
//	NAME         "Merged patch (Packsmith)"
//	DESCRIPTION  "Packsmith merged patch of N mods, first wins: ID=SHA ; ID=SHA ; … | TITLE ; TITLE"
//
// SHA is the first 16 hex digits of the source .MOD's SHA-256. Stale
// compares that list with the current load order and files: another order,
// another mod, or a changed file makes the patch stale (loadorder list
// reports the code merged-patch-stale on its row).
//
// Files only one mod ships and assets (textures, meshes, sounds) are not
// copied: the load order already decides them.
package mergepatch
