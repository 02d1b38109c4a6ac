package installs

import (
	"os"
	"path/filepath"
	"strings"

	"packsmith/backend/sys/steamlib"
)

// Game names as the first screen shows them.
const (
	Reborn   = "Tactics Ogre: Reborn"
	LostSaga = "Lost Saga"
)

// maxPrefixes caps the Proton prefixes looked into per library.
const maxPrefixes = 500

// Found is one game folder.
type Found struct {
	Game string // Reborn or LostSaga
	What string // what Path is, in words
	Path string // the folder to open
	From string // how it was found, in words
}

// usualNames are the install folder names looked for outside Steam
// (conventions).
var usualNames = []string{"Lost Saga", "LostSaga", "Tactics Ogre Reborn", "TACTICS OGRE Reborn"}

// Find lists the Reborn and Lost Saga folders found on this system, each
// once, Steam's first.
func Find() []Found {
	var out []Found
	seen := map[string]bool{}
	add := func(dir, from string) {
		f, ok := recognise(dir)
		if !ok {
			return
		}
		key := strings.ToLower(filepath.Clean(f.Path))
		if real, err := filepath.EvalSymlinks(f.Path); err == nil {
			key = strings.ToLower(real)
		}
		if seen[key] {
			return
		}
		seen[key] = true
		f.From = from
		out = append(out, f)
	}
	libs := steamlib.All()
	for _, l := range libs {
		for _, g := range steamlib.Games(l.Dir) {
			add(g, "Steam library "+l.Dir)
		}
	}
	for _, c := range places(libs) {
		add(c.dir, c.from)
	}
	return out
}

// recognise says which game dir holds, if any.
func recognise(dir string) (Found, bool) {
	if isFile(steamlib.ChildCI(dir, "rs.iop")) || isFile(steamlib.ChildCI(dir, "map.iop")) {
		return Found{Game: LostSaga, What: "game folder (rs.iop, map.iop)", Path: dir}, true
	}
	for _, d := range []string{steamlib.ChildCI(dir, "Data"), dir} {
		if isFile(steamlib.ChildCI(d, "FileTable.bin")) {
			return Found{Game: Reborn, What: "game data (FileTable.bin and .dat files)", Path: d}, true
		}
	}
	return Found{}, false
}

type place struct{ dir, from string }

// inDrive lists the usual install folders inside a Windows drive or a
// wine prefix's drive_c.
func inDrive(drive, from string) []place {
	var out []place
	for _, base := range []string{drive, filepath.Join(drive, "Program Files"), filepath.Join(drive, "Program Files (x86)")} {
		for _, n := range usualNames {
			out = append(out, place{filepath.Join(base, n), from})
		}
	}
	return out
}

// prefixes lists the Proton prefixes of a Steam library (at most
// maxPrefixes).
func prefixes(lib string) []string {
	compat := steamlib.ChildCI(steamlib.ChildCI(lib, "steamapps"), "compatdata")
	ents, err := os.ReadDir(compat)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range ents {
		if len(out) == maxPrefixes {
			break
		}
		out = append(out, filepath.Join(compat, e.Name(), "pfx"))
	}
	return out
}

func isFile(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}
