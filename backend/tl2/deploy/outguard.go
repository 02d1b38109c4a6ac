package deploy

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"packsmith/backend/workspace/backups"
	"packsmith/formats/tl2/sch"
)

// ErrActiveMod: an output (pack -o, merge -o) names a .MOD the load order
// has active. Writing there would swap the mod under the game's list (a
// missing mod, or another one in its place); deploy is the way to
// replace an active mod, and it keeps the build it replaces.
var ErrActiveMod = errors.New("is an active mod")

// OutputGuard says what a command is about to write at an output path.
type OutputGuard struct {
	// ModID is the MOD_ID of the .MOD to be written (0: not known yet).
	ModID int64
	// Ours says the file now there was written by Packsmith for this same
	// output (the pack cache records its size and time, or it is the
	// merged patch): replacing it needs no copy, as a rebuild.
	Ours bool
	// Command names the command in the backup's "why" ("pack -o").
	Command string
	// Store is the backups folder (nil: backups.Default()).
	Store *backups.Store
}

// GuardOutput is what every command writing a .MOD at a path the user
// chose calls before it writes: nothing there, nothing to do; a .MOD the
// load order beside it has active is refused (ErrActiveMod), unless it is
// this same mod rebuilt by Packsmith; any other file Packsmith did not
// make is copied to the backups first (a user's mod, a plain.zip), so that
// `packsmith backups restore` gives it back. The entry is that copy.
func GuardOutput(out string, g OutputGuard) (*backups.Entry, error) {
	st, err := os.Lstat(out)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		return nil, fmt.Errorf("output %s is a folder", out)
	}
	h, _ := ReadHeader(out)
	if h != nil {
		if list := activeList(out, h.ModID); list != "" && !(g.Ours && h.ModID == g.ModID) {
			return nil, fmt.Errorf("output %s %w (%q, MOD_ID %d, listed in %s): writing over it would replace that mod; write elsewhere and deploy it (--deploy), or disable it first",
				out, ErrActiveMod, h.Title, h.ModID, list)
		}
	}
	if g.Ours {
		return nil, nil
	}
	store := g.Store
	if store == nil {
		store = backups.Default()
	}
	kind := backups.KindOther
	if h != nil {
		kind = backups.KindMod
	}
	e, err := store.Copy(out, backups.Options{Kind: kind, Why: "before " + g.Command + " wrote over it"})
	if err != nil {
		return nil, fmt.Errorf("output %s is not a file Packsmith made, and it could not be backed up before being replaced: %w", out, err)
	}
	return e, nil
}

// activeList is the modlauncher.sch that lists id, looked for where the
// game keeps it for a .MOD at out: the user folder that holds mods/ (the
// .MOD in mods/ or a folder under it), or the folder of out itself; ""
// when none does.
func activeList(out string, id int64) string {
	dir := filepath.Dir(out)
	for range 3 {
		p := filepath.Join(dir, SchName)
		if b, err := os.ReadFile(p); err == nil {
			if f, err := sch.Parse(b); err == nil && slices.Contains(f.IDs(), id) {
				return p
			}
		}
		up := filepath.Dir(dir)
		if up == dir {
			break
		}
		dir = up
	}
	return ""
}
