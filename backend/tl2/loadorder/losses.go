package loadorder

import (
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"

	"packsmith/backend/sys/safefile"
)

// What a merged patch's merge lost, per patched file (issue 43: the
// conflicts view said a mod whose block lost a conflict inside a merged
// file was "merged into the patch"). mergepatch writes the record when it
// packs a patch (WritePatchLosses); the view reads it (readPatchLosses)
// for the loaded patch, keyed by the patch .MOD's hash (FileHash), so
// it never merges again and a record of another build never applies. A
// missing, unreadable or foreign record means "not known": the view then
// says only "merged", as before. Records live in the cache folder
// (LossesDir), one small JSON file per build; the oldest are pruned.

// lossesFormat is the layout of a record; one of another format is not read.
const lossesFormat = 1

// maxLossesFile caps what reading a record may allocate (a record names
// at most the patch's files and its mods: far below this).
const maxLossesFile = 16 << 20

// keepLosses is how many records (builds) the folder keeps.
const keepLosses = 16

// PatchLoss is one mod that lost conflicts inside one patched file.
type PatchLoss struct {
	ID        int64   `json:"id,string"`
	Conflicts int     `json:"conflicts"` // places of the file where its change is not in the patch
	To        []int64 `json:"to"`        // the mods whose change won there, by id, in load order
}

// PatchLosses is the record of one patch build.
type PatchLosses struct {
	Format int    `json:"format"`
	Patch  string `json:"patch"` // the patch .MOD's FileHash
	// Files: stored path → the mods that lost there, in load order.
	Files map[string][]PatchLoss `json:"files"`
}

// LossesDir is where the records live: <user cache>/Packsmith/patchlosses.
func LossesDir() string {
	d, err := os.UserCacheDir()
	if err != nil || d == "" {
		d = os.TempDir()
	}
	return filepath.Join(d, "Packsmith", "patchlosses")
}

var hashName = regexp.MustCompile(`^[0-9a-f]{16}$`)

// WritePatchLosses writes rec (its Patch the patch's FileHash) into dir
// atomically and prunes the oldest records past keepLosses.
func WritePatchLosses(dir string, rec PatchLosses) error {
	if !hashName.MatchString(rec.Patch) {
		return errors.New("patch losses: the patch hash " + rec.Patch + " is not 16 hex digits")
	}
	rec.Format = lossesFormat
	if rec.Files == nil {
		rec.Files = map[string][]PatchLoss{}
	}
	b, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := safefile.WriteFile(filepath.Join(dir, rec.Patch+".json"), b); err != nil {
		return err
	}
	pruneLosses(dir)
	return nil
}

// pruneLosses removes all but the newest keepLosses records (best effort:
// a record left over only takes a little space).
func pruneLosses(dir string) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	type rec struct {
		name string
		mod  int64
	}
	var rs []rec
	for _, e := range ents {
		n := e.Name()
		if filepath.Ext(n) != ".json" || !hashName.MatchString(n[:len(n)-len(".json")]) {
			continue
		}
		if fi, err := e.Info(); err == nil {
			rs = append(rs, rec{n, fi.ModTime().UnixNano()})
		}
	}
	sort.Slice(rs, func(i, j int) bool { return rs[i].mod > rs[j].mod })
	for i := keepLosses; i < len(rs); i++ {
		os.Remove(filepath.Join(dir, rs[i].name))
	}
}

// readPatchLosses reads the record of the patch whose hash is hash; nil
// when there is none, it does not read, or it is of another format or
// patch (all "not known", never an error).
func readPatchLosses(dir, hash string) *PatchLosses {
	if !hashName.MatchString(hash) {
		return nil
	}
	f, err := os.Open(filepath.Join(dir, hash+".json"))
	if err != nil {
		return nil
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxLossesFile+1))
	if err != nil || len(b) > maxLossesFile {
		return nil
	}
	var rec PatchLosses
	if json.Unmarshal(b, &rec) != nil || rec.Format != lossesFormat || rec.Patch != hash {
		return nil
	}
	return &rec
}
