/*
Package loadorder edits the Torchlight II load order: which mods the game
activates and in which priority, as listed in modlauncher.sch in the user
folder, checked against the .MOD files in the mods folder.

# How the game uses the list (spec §2.7, tl2-notes §6)

The user folder is Documents\My Games\Runic Games\Torchlight 2 on Windows
(Documents is the shell's known folder and may be redirected); it holds
modlauncher.sch and mods\. The game activates the mods the file lists, by
MOD_ID (not by file name): it loads the .MOD in mods\ (any subfolder) whose
header carries that id. Order is priority: the game mounts the listed mods
first and its own PAKs after them, and a lookup returns the first hit, so
the first mod listed wins a file that several mods ship, and every mod wins
over the base game. A file is replaced whole; nothing is merged.

The game silently skips a listed mod when: no .MOD has its id; the .MOD's
rollingHash is wrong (the whole mod is dropped while the launcher still
shows it ticked); it lies where the game never looks (the install folder,
where GUTS builds; a nested mods\mods\; the user folder itself); or more
than 10 mods are active (the limit players report; more are refused).
Files stored under lower-case names are never found (the game upper-cases
the name it looks for and compares it as stored), which shows as a texture
or icon silently replaced by another. REQUIRED_MODS are resolved when a mod
loads: a dependency must be installed, recent enough, enabled and listed
above the mod that needs it.

# What the package does

Open reads modlauncher.sch (any letter case in the name) and scans the
mods folder recursively, reading only each .MOD's header and manifest and
the ~50 bytes rollingHash samples, on all cores; 300 mods of 200 files take
about 45 ms warm (BenchmarkOpen300). State edits the list (Enable, Disable,
Move, MoveTop, MoveBottom, SetOrder, Undo, Revert) and View computes the
rows, the conflicts and every problem. Save writes modlauncher.sch: a
backup of the old file first (backend/backups, in the user's cache, not
beside it: SaveResult.BackupID restores it), then an atomic
replace; lines it does not understand stay as they were (sch.File.SetIDs),
a new file is byte for byte what the official launcher writes, and a list
that did not change is not written at all. Save refuses to overwrite a file
another program changed since it was read (ErrChangedOnDisk) or one that
does not parse.

# JSON (packsmith loadorder list --json, conflicts --json; the window)

Mod ids are signed 64-bit and are written as decimal strings ("-77",
"1234567890123456789") because JavaScript numbers cannot hold them. Fields
are never omitted; lists are [] when empty.

	loadorder list --json  →  View
	{
	  "userDir":    string   the user folder (holds modlauncher.sch)
	  "modsDir":    string   the mods folder scanned
	  "installDir": string   the game's install folder searched for misplaced mods ("" = not searched)
	  "schPath":    string   modlauncher.sch, with its letter case on disk
	  "schExists":  bool     false: no file yet (nothing active); Save creates it
	  "schError":   string   why modlauncher.sch cannot be read ("" = fine); Save refuses then
	  "notes":      [string] remarks on the folders (e.g. no mods folder yet)
	  "limit":      int      mods the game activates (10)
	  "order":      [id]     the active ids, first = highest priority
	  "mods":       [Mod]    the active rows in order, then the others by title
	  "conflicts":  [Conflict] files shipped by two or more loaded mods, by path
	  "mergedPatch": {"id": id, "title": string, "place": int, "stale": string}
	                         the loaded merged patch (id "0": none); stale says why it no longer
	                         matches the load order ("" = current): its merges may be out of date
	  "problems":   int      rows with at least one error
	  "dirty":      bool     the list differs from the file (always false on the command line)
	  "canUndo":    bool, "undoWhat": string   the last change (window only)
	  "scanMillis": int      time the scan took
	}
	Mod
	{
	  "key":      string  unique per row: the file's path, or "id:<id>" for a listed id with no file
	  "id":       id      MOD_ID from the header ("0" when the file cannot be read)
	  "title", "author": string    from the header ("(no mod file)" / a dependency's name for a listed id without file;
	                               the file name for an unreadable file)
	  "version":  int     the header's mod version (GUTS stores MOD.DAT VERSION + 1)
	  "file":     string  absolute path ("" when there is no file)
	  "rel":      string  path relative to the folder it was found in, '/'-separated
	  "where":    string  "mods" (the game loads it) | "nested" (mods/mods/) | "user" (beside modlauncher.sch)
	                      | "install" (the install folder) | "missing" (listed id, no file)
	  "size":     int     file size in bytes
	  "files":    int     files in its manifest
	  "active":   bool    listed in modlauncher.sch
	  "place":    int     1-based place in the list (1 wins every shared file); 0 = not active
	  "loaded":   bool    the game really loads it: active, file in the mods folder, rollingHash right, within the limit
	  "requires": [{"name": string, "id": id, "version": int}]   REQUIRED_MODS
	  "wins":     int     shared files it wins (loaded mods only)
	  "loses":    int     shared files a mod above it wins (and does not hold this mod's version of)
	  "merged":   int     shared files the merged patch wins and holds this mod's version of
	  "lostInPatch": int  of merged, the files in which the patch's merge lost one or more of
	                      this mod's changes to another mod's (Conflict.lost); 0 also when not known
	  "unique":   int     files no other loaded mod ships
	  "overridden": bool  every file it ships is won by a mod above it
	  "problems": [{"code": string, "severity": "error"|"warning", "message": string}]
	}
	Conflict
	{
	  "path":   string   stored path, upper case ("MEDIA/UI/HUD.LAYOUT")
	  "winner": {"id": id, "title": string, "place": int}   the first listed
	  "losers": [{"id": id, "title": string, "place": int}] the others, in list order, that lose it
	  "merged": [{"id": id, "title": string, "place": int}] the others whose version the winner,
	            the merged patch, holds: merged into the patch, not lost
	  "lost": [{"id": id, "title": string, "place": int, "conflicts": int,
	            "to": [{"id": id, "title": string, "place": int}]}]
	            the mods among merged whose change lost conflicts inside the merged file:
	            how many places, and the mods whose change the patch holds there; [] when
	            none lost or it is not known (no record of this patch's build: losses.go)
	  "mergedStale": bool   merged is not empty and the patch is stale: those merges may be out of date
	}

	loadorder conflicts --json
	{
	  "schPath":   string
	  "conflicts": [Conflict]
	  "mergedPatch": as in list
	  "mods": [{"id": id, "title": string, "place": int, "files": int,
	            "wins": int, "loses": int, "merged": int, "lostInPatch": int, "unique": int,
	            "overridden": bool}]   loaded mods, in order
	}

Problem codes: missing-file (listed id, no .MOD in the mods folder),
duplicate-id (two .MOD files carry one id), listed-twice (the file lists an
id more than once: only the first counts), rolling-hash (wrong rollingHash: the game drops the
mod), unreadable (header or manifest does not parse; the message names the
offset), lowercase-names, requires-missing, requires-inactive,
requires-below (a dependency listed lower than the mod), requires-too-old,
misplaced (a folder the game never looks in), over-limit (past the 10 mods
the game activates) are errors; fully-overridden (every file the mod ships
is won by a mod above it), listed-twice and duplicate-path (the mod's own
manifest lists a path more than once; the message names it) are warnings;
merged-patch-stale (on the merged patch's row: the load order or a source
mod changed since it was built; View adds it to the patch's row, loaded or
not, from one check, patch.go's patchStale) and combined-stale (on a
combined mod's row, backend/tl2/combine: a mod it holds is gone or its file
changed since the combine; combined.go) too. Messages are sentences for a
player and may change; codes are stable.

# The merged patch in the conflicts

Packsmith's merged patch (MOD_ID MergedPatchID, backend/tl2/mergepatch) is
listed first and so wins every file it ships: the merged text sources and
the RAW indices, which it builds from the mods (see patch.go). A file it
wins from a mod its header records it was built from is "merged", not
lost, when it is a text source or a RAW index of that mod that decodes
(one that does not gave the patch none of its records); anything else it
wins is lost, as from any mod. A patch that no longer matches the load
order (other mods, another order, a source file changed: the SHA-256 its
header records, read once per State) is stale: the view says why, marks
its merged conflicts, and adds merged-patch-stale to its row.

"Merged" is per file: inside it, the three-way merge can still lose a mod's
change where two mods change one place differently (merge.Conflict.Losers).
mergepatch records, when it packs a patch, the mods that lost conflicts in
each file it ships, how many and to whom (PatchLosses, a JSON file named by
the patch's hash in LossesDir, written atomically; the newest 16 kept), and
the view names them (Conflict.lost, Mod.lostInPatch) without merging again.
The record of another build never applies (another hash); none, or one that
does not read, is "not known": the mods are then only "merged".

Mods the game does not load (bad rollingHash, past the limit, no file) take
no part in conflicts, and neither do lower-case stored names, which the
game never finds. A mod never conflicts with itself: a path its manifest
lists twice counts once (and is its duplicate-path finding). Conflict paths compare as the game does: stored names in
upper case, exactly.
*/
package loadorder
