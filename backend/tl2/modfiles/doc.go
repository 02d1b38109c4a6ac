// Package modfiles finds a Torchlight II mod's files the way the game
// does: by their "MEDIA/…" path without regard to case, in the mod first,
// then in the game's own data behind it. It is the one place that decides
// which folder a file belongs to: the level bake (levelbake), the 3D view
// and `packsmith info`/`render` (meshview's Model) all open a mod here.
//
// Where a mod's files are:
//
//	a folder holding MEDIA/            its files under MEDIA/
//	a file on disk under a MEDIA/      the folder above the nearest MEDIA/ (ModRoot)
//	a file on disk under no MEDIA/     its own folder stands for MEDIA/ (a monster
//	                                   unzipped on its own: WOLF.MESH beside
//	                                   WOLF.SKELETON, WOLF.MATERIAL, its .DDS)
//	an archive entry (.MOD, zip, …)    the archive's entries under the entry's
//	                                   MEDIA/ (ArchiveRoot); an entry under none,
//	                                   in an archive whose entries are files on
//	                                   disk (a folder, a loose file), as that file
//	the game's data                    DATA.PAK + DATA.PAK.MAN read in place, or
//	                                   a folder holding an extracted MEDIA/
//
// Keys are upper-case "MEDIA/…" paths (mod.UpperName); a compiled
// X.DAT.BINDAT answers for X.DAT unless the text is there too. One file
// read is capped at 256 MiB; a folder standing in for MEDIA/ at 100,000
// files.
package modfiles
