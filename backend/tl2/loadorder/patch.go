package loadorder

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"

	"packsmith/backend/sys/filehash"
	"packsmith/formats/tl2/mod"
	"packsmith/formats/tl2/raw"
)

// The merged patch (backend/tl2/mergepatch) in the conflicts view.
//
// The patch is a normal .MOD listed first: it ships the three-way merge of
// every text source two or more mods ship, and RAW indices holding the
// merged files' records and each mod's own. By the game's rule (first
// wins) it "wins" those files, and every mod's copy would read as lost,
// while the patch holds that mod's change. The view says the truth: a
// file the patch won from a mod it was built from, that is a text source
// (merged) or a RAW index (the mod's records copied in), is merged into
// the patch, not lost; a file the patch does not carry for that mod (a
// mod added after the build, a file that is neither) is lost. When the
// patch is stale (another order, another mod, a changed file since the
// build) those merges may be out of date, and the view says why.
//
// This package cannot import mergepatch (mergepatch reads load orders), so
// what both need lives here, once: the patch's MOD_ID, its header
// description (PatchDescription writes it, RecordedSources reads it) and
// the staleness check (State.patchStale), which the view runs for the
// patch's row whether the game loads it or not.

// MergedPatchID is the merged patch's MOD_ID (mergepatch.PatchID).
const MergedPatchID int64 = 0x50534D5247504154 // "PSMRGPAT"

// PatchSource is one mod a merged patch records it was built from.
type PatchSource struct {
	ID    int64
	Hash  string // first 16 hex digits of the .MOD's SHA-256
	Title string // written for people; RecordedSources does not read it back
}

// patchDescHead starts a merged patch's header DESCRIPTION.
const patchDescHead = "Packsmith merged patch of "

// PatchDescription is a merged patch's header DESCRIPTION recording its
// sources in load order: "Packsmith merged patch of N mods, first wins:
// ID=SHA ; … | TITLE ; …". Titles lose the characters that would break the
// fields ('|', line ends).
func PatchDescription(srcs []PatchSource) string {
	var ids, ts []string
	for _, s := range srcs {
		ids = append(ids, strconv.FormatInt(s.ID, 10)+"="+s.Hash)
		ts = append(ts, strings.NewReplacer("\r", " ", "\n", " ", "|", "/").Replace(s.Title))
	}
	return fmt.Sprintf("%s%d mods, first wins: %s | %s", patchDescHead, len(srcs), strings.Join(ids, " ; "), strings.Join(ts, " ; "))
}

// RecordedSources reads the sources a merged patch's header description
// lists (PatchDescription): ids and hashes.
func RecordedSources(desc string) ([]PatchSource, bool) {
	if !strings.HasPrefix(desc, patchDescHead) {
		return nil, false
	}
	i := strings.Index(desc, ": ")
	j := strings.Index(desc, " | ")
	if i < 0 || j < i {
		return nil, false
	}
	var out []PatchSource
	for _, part := range strings.Split(desc[i+2:j], " ; ") {
		id, h, ok := strings.Cut(strings.TrimSpace(part), "=")
		n, err := strconv.ParseInt(id, 10, 64)
		if !ok || err != nil {
			return nil, false
		}
		out = append(out, PatchSource{ID: n, Hash: h})
	}
	return out, true
}

// FileHash is the first 16 hex digits of a file's SHA-256 (what a merged
// patch records per source).
func FileHash(p string) (string, error) {
	h, err := filehash.SHA256(p)
	if err != nil {
		return "", err
	}
	return h[:16], nil
}

// MergedPatch is the loaded merged patch, as the view shows it.
type MergedPatch struct {
	ID    int64  `json:"id,string"` // "0": no merged patch is loaded
	Title string `json:"title"`
	Place int    `json:"place"`
	// Stale says why the patch no longer matches the load order ("" =
	// current): the merges it holds may then be out of date.
	Stale string `json:"stale"`
}

// sourceHash is a scanned file's hash, read once per State (a stale check
// runs on every View; the files do not change under a State).
type sourceHash struct {
	once sync.Once
	v    string
	err  error
}

func (f *scanned) sha() (string, error) {
	f.sum.once.Do(func() { f.sum.v, f.sum.err = FileHash(f.path) })
	return f.sum.v, f.sum.err
}

// patchInfo is what the conflicts need to know of the merged patch.
type patchInfo struct {
	view    MergedPatch
	sources map[int64]bool // the mods it was built from
}

// mergedPatch finds the loaded merged patch and checks it against the
// loaded mods (loaded: id → place); nil when none is loaded.
func (s *State) mergedPatch(loaded map[int64]int) *patchInfo {
	place, ok := loaded[MergedPatchID]
	if !ok {
		return nil
	}
	f := s.primary(MergedPatchID)
	p := &patchInfo{view: MergedPatch{ID: MergedPatchID, Title: f.hdr.Title, Place: place}, sources: map[int64]bool{}}
	rec, _ := RecordedSources(f.hdr.Description)
	for _, r := range rec {
		p.sources[r.ID] = true
	}
	p.view.Stale = s.patchStale(f.hdr.Description, loaded)
	return p
}

// patchStale says why a merged patch whose header description is desc no
// longer matches the mods loaded now (loaded: id → place), in order, the
// patch left out: another count, another order, or a source whose bytes
// changed since the build (its SHA-256). "" when it is current. The one
// home of the check: the loaded patch (View.MergedPatch) and a patch row
// the game does not load (inactive, past the limit) both ask it.
func (s *State) patchStale(desc string, loaded map[int64]int) string {
	rec, ok := RecordedSources(desc)
	if !ok {
		return "its header does not list the mods it was built from: build it again"
	}
	var now []int64
	for _, id := range s.order {
		if _, ok := loaded[id]; ok && id != MergedPatchID {
			now = append(now, id)
		}
	}
	if len(now) != len(rec) {
		return fmt.Sprintf("it was built from %d mods and %d are loaded now: build it again (packsmith merge)", len(rec), len(now))
	}
	for i, id := range now {
		title := s.primary(id).hdr.Title
		if rec[i].ID != id {
			return fmt.Sprintf("the load order changed since it was built (place %d was %d, is now %q): build it again (packsmith merge)", i+1, rec[i].ID, title)
		}
		h, err := s.primary(id).sha()
		if err != nil {
			return err.Error()
		}
		if rec[i].Hash != h {
			return fmt.Sprintf("%q changed since it was built: build it again (packsmith merge)", title)
		}
	}
	return ""
}

// rowStale says why the merged patch on row m is stale ("" when m is not
// a patch, or a current one): the loaded patch as the view found it, any
// other copy (inactive, past the limit) from its own header, so that its
// row too says what a build would change.
func (s *State) rowStale(m *Mod, v *View, loaded map[int64]int) string {
	if m.ID != MergedPatchID || m.File == "" {
		return ""
	}
	if m.Loaded {
		return v.MergedPatch.Stale
	}
	for _, f := range s.files {
		if f.path == m.File && f.err == nil {
			return s.patchStale(f.hdr.Description, loaded)
		}
	}
	return ""
}

// isSource says whether the stored path p is a text source the patch
// merges (the three-way merge of every source's version).
func isSource(p string) bool {
	return mod.SourceKind(p) != mod.NotSource
}

// isIndex says whether the stored path p is one of the seven RAW indices,
// into which the patch copies each source's records.
func isIndex(p string) bool {
	for _, k := range raw.Kinds {
		if p == "MEDIA/"+k.FileName() {
			return true
		}
	}
	return false
}

// carries says whether the patch, winning p, holds mod id's version of it:
// a mod it was built from, and a text source, or a RAW index of that mod
// that decodes (one that does not gave the patch nothing).
func (s *State) carries(pi *patchInfo, p string, id int64) bool {
	if pi == nil || !pi.sources[id] {
		return false
	}
	if isSource(p) {
		return true
	}
	return isIndex(p) && s.primary(id).rawDecodes(p)
}

// rawIndices records which RAW indices of a scanned file decode, read once
// per State: a mod index that does not decode gave the patch none of its
// records (mergepatch reports it skipped), so that index is lost, not
// merged.
type rawIndices struct {
	once sync.Once
	bad  map[string]bool // stored path → does not decode (or cannot be read)
}

// rawDecodes says whether f's RAW index p (a stored path) decodes.
func (f *scanned) rawDecodes(p string) bool {
	f.raws.once.Do(func() {
		f.raws.bad = map[string]bool{}
		fh, err := os.Open(f.path)
		if err != nil {
			f.raws.bad["*"] = true
			return
		}
		defer fh.Close()
		r, err := mod.NewReader(fh, f.size, scanOpts)
		if err != nil {
			f.raws.bad["*"] = true
			return
		}
		for _, k := range raw.Kinds {
			name := "MEDIA/" + k.FileName()
			e, ok := r.Lookup(name)
			if !ok {
				continue
			}
			b, err := r.ReadEntry(e, 256<<20)
			if err == nil {
				_, err = raw.Decode(k, b)
			}
			if err != nil {
				f.raws.bad[name] = true
			}
		}
	})
	return !f.raws.bad["*"] && !f.raws.bad[p]
}
