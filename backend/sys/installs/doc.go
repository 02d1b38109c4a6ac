// Package installs finds the Tactics Ogre: Reborn and Lost Saga folders
// on this system, for the first screen's "found on this system" (issue
// 46). A folder is recognised by what it holds, never by its name alone:
//
//   - Tactics Ogre: Reborn: a Data folder holding FileTable.bin (the table
//     of the .dat files, reborn-iop-notes §A.7), in the game's folder;
//   - Lost Saga: a folder holding rs.iop or map.iop, the two packs the
//     client opens from its own folder (reborn-iop-notes §B,
//     CLogin::ProcessOptions).
//
// Where they are looked for (conventions unless marked):
//
//   - every folder of every Steam library's steamapps/common (package
//     steamlib reads libraryfolders.vdf), so a game is found whatever its
//     install folder is called;
//   - Windows: Program Files, Program Files (x86) and C:\ with the game's
//     usual folder names;
//   - Linux: the same folders inside ~/.wine and inside each Proton prefix
//     (steamapps/compatdata/<id>/pfx) of each Steam library.
//
// Names are matched in any letter case. Every listing has a cap
// (steamlib.MaxCommon, maxPrefixes) so a huge or odd folder cannot stall
// the first screen.
package installs
