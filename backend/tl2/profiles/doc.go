/*
Package profiles keeps named Torchlight II mod setups ("profiles") and puts
one back: the ordered set of mods modlauncher.sch activates, each by MOD_ID
and the SHA-256 of its .MOD file, plus (later) the combined build made of
them.

A player switches setups (a character played with one set of mods) by
saving the current load order under a name and using it again later;
before, that meant editing modlauncher.sch by hand or restoring it from
the backups.

# Where profiles live

One JSON file per profile in the settings folder
(backend/workspace/settings.Dir, PACKSMITH_CONFIG_DIR in tests):
<settings>/profiles/<NAME>.json. Names are compared ignoring case (two
profiles "Main" and "main" would be one file on Windows); a name is 1 to
64 characters, none of them a path separator, a control character or one
Windows refuses in a file name (<>:"/\|?*), and not "." or "..". Files are
written to a temporary file and renamed.

# File (format 1)

	{
	  "format":   1,
	  "name":     string    as the user typed it
	  "saved":    string    RFC 3339, UTC
	  "userDir":  string    the user folder the setup was read from
	  "modsDir":  string    its mods folder
	  "mods":     [Mod]     the active list, first = highest priority
	  "combined": null | {"file": string, "sha256": string, "id": id,
	                      "mods": [id], "units": {GUID: id}}
	                        a combined build (issue 43's combine): the one
	                        the profile activates (Snapshot), or, in the
	                        profile combine saves of the setup before, the
	                        build of its mods. mods: the ids it holds, in
	                        load order; units: each unit GUID its mods'
	                        UNITDATA.RAW list → the first mod listing it
	                        (Providers), both decimal strings
	}
	Mod
	{
	  "id":     id        MOD_ID, a decimal string (JavaScript numbers cannot hold it)
	  "title":  string    the header's title when saved
	  "file":   string    the .MOD's path relative to the mods folder, '/'-separated
	                      ("" when the list named an id with no file)
	  "sha256": string    the file's SHA-256 when saved ("" without a file)
	  "size":   int       its size in bytes
	}

# Use

Use sets the load order to the profile's mods that the mods folder holds
(by MOD_ID, in the profile's order) and saves modlauncher.sch as the load
order does (backed up first, written atomically, under its lock; a file
that already holds the list is left alone). What the profile needs and the
folder lacks is said, not guessed at: a mod whose id no .MOD carries any
more is "gone" (left out of the list: the game would skip it); one whose
file's SHA-256 differs from the saved one is "changed" (kept: same mod,
another build), naming the file and both hashes; a file found under
another path with the saved hash is "moved" (kept, a note).

# Combined builds

Save (Keep, then Put) keeps a copy of the combined build a profile
activates in <settings>/profiles/builds/<SHA-256, 12 hex digits>.MOD (a
hard link where the disk allows, checked against the saved SHA-256).
Redeploy, run before Use, puts it back through deploy.Mod when the mods
folder lost it or holds another build under its id (that build goes to
the backups); a profile whose copy is gone says so (ErrNoKeptBuild).
backend/tl2/saves.UseProfile runs both, then lists (and, asked, moves)
the characters the switch strands.

# Diff

Diff compares two profiles: the mods only one has, the mods both have at
different places, and the mods both have with different file hashes.
*/
package profiles
