// Package deploy puts a packed Torchlight II .MOD where the game loads it,
// beside the load order (backend/tl2/loadorder) that decides which mods
// the game activates.
//
// # What a deploy does
//
// Mod puts the .MOD atomically (a temporary name renamed into place) into
// the mods folder (DefaultModsDir, or the one given), under its own file
// name, holding the folder's lock (backend/sys/filelock) so two deploys
// never interleave. The temporary name is a hard link to the packed file
// where the system allows (not on Windows; one volume), else a copy: no
// .MOD is ever written in place, so both names keep their bytes when the
// next pack renames a new build over its output. The build it replaces is
// kept in the backups the same way (linked when it can be, else copied).
// The game loads the first file per MOD_ID, so older copies of the same
// MOD_ID anywhere under the folder are moved into the backups in the
// user's cache (backend/workspace/backups), and so is a different mod
// under the target name: nothing but .MODs stays in the mods folder.
// When that file is an earlier build of this mod (the same title, another
// MOD_ID: a mod folder without MOD_ID packed twice), the line of
// modlauncher.sch naming its id names the new id instead, in its place
// (Result.SchReplaced). With enable the id goes first in modlauncher.sch
// (beside the mods folder, after a backup, under loadorder's lock), so the
// mod wins over the others; more than MaxActiveMods enabled is a warning.
// Cancelling leaves the folder as it was.
//
// # The journal
//
// Placing the new copy and retiring the old ones are two moves; a kill
// between them would leave two files with one MOD_ID. So before placing
// the copy Mod writes a journal (backend/sys/journal, kind "deploy") in
// the mods folder, and removes it once the older copies are retired:
//
//	<mods folder>/.packsmith-deploy-<pid>-<random>.journal
//	    packsmith deploy journal: the .MOD placed and the older copies to retire
//	    modId <MOD_ID, decimal>
//	    target <the deployed .MOD's path>
//	    retire <an older copy's path>        (one line per copy)
//	    pid <the deploying process>
//
// No journal is written when there is nothing to retire. The next deploy
// to the folder, and the load-order editor opening it (FinishInterrupted,
// passed as loadorder.Options.Tidy), finish every journal whose process is
// gone: when the target holds the journal's MOD_ID (it was placed), the
// listed copies still holding that id are retired; when not, the old
// copies stay. Either way the journal goes and one .MOD per MOD_ID is left.
//
// # The hold
//
// A pack whose units inherit fields that were guessed (no base-game data
// for them) should not silently replace the copy the user plays with. With
// modpack's Options.HoldGuessedDeploy, Pack asks Hold: when guessed fields
// exist and Copies finds a deployed copy (the same MOD_ID, or the same file
// name in the mods folder), the deploy is not done but returned as a Held
// (Result.DeployHeld in modpack), the window asks, and on a yes deploys with
// Mod (app/packhold.go).
package deploy
