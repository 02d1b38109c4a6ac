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
	// current): the merges it holds may then be out of date. StaleWhy is
	// the same as data, for the window to say in its own words.
	Stale    string       `json:"stale"`
	StaleWhy *StaleReason `json:"staleWhy,omitempty"`
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
	losses  *PatchLosses   // what its build lost (losses.go); nil: not known
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
	if h, err := f.sha(); err == nil {
		p.losses = readPatchLosses(LossesDir(), h)
	}
	p.view.StaleWhy = s.patchStale(f.hdr.Description, loaded)
	p.view.Stale = p.view.StaleWhy.Text()
	return p
}

// StaleReason says, as data, why a merged patch no longer matches the
// load order (issue 46: the window rewrote a sentence with a raw id in
// it). What is one of the Stale* kinds; the other fields are set as the
// kind says. Places count the mods the patch is built from, 1 = loaded
// first (the patch itself is not counted); Row is the mod's row on the
// load order's screen now (0: not loaded).
type StaleReason struct {
	What string `json:"what"`
	// StaleOrder, StaleChanged: the mod it is about.
	Mod   int64  `json:"mod,string,omitempty"`
	Title string `json:"title,omitempty"` // "" when no file of it is found now
	// StaleOrder: Mod's place when the patch was built and now (0: not
	// loaded now), and the mod at PlaceThen now.
	PlaceThen  int    `json:"placeThen,omitempty"`
	PlaceNow   int    `json:"placeNow,omitempty"`
	Row        int    `json:"row,omitempty"`
	Other      int64  `json:"other,string,omitempty"`
	OtherTitle string `json:"otherTitle,omitempty"`
	// StaleCount: how many mods it was built from and how many are loaded.
	Built  int `json:"built,omitempty"`
	Loaded int `json:"loaded,omitempty"`
	// StaleUnreadable: why a source could not be read.
	Err string `json:"err,omitempty"`
}

// The kinds of StaleReason.What.
const (
	StaleUnlisted   = "unlisted"   // the header does not list its sources
	StaleCount      = "count"      // another number of mods is loaded
	StaleOrder      = "order"      // another mod at a place
	StaleChanged    = "changed"    // a source's bytes changed
	StaleUnreadable = "unreadable" // a source could not be hashed
)

// Text is the reason in words, as the command line prints it.
func (r *StaleReason) Text() string {
	if r == nil {
		return ""
	}
	switch r.What {
	case StaleUnlisted:
		return "its header does not list the mods it was built from: build it again"
	case StaleCount:
		return fmt.Sprintf("it was built from %d mods and %d are loaded now: build it again (packsmith merge)", r.Built, r.Loaded)
	case StaleOrder:
		return fmt.Sprintf("the load order changed since it was built (place %d was %s, is now %s): build it again (packsmith merge)", r.PlaceThen, modName(r.Mod, r.Title), modName(r.Other, r.OtherTitle))
	case StaleChanged:
		return fmt.Sprintf("%q changed since it was built: build it again (packsmith merge)", r.Title)
	}
	return r.Err
}

// modName is a mod's title in quotes, or its id when no file names it.
func modName(id int64, title string) string {
	if title != "" {
		return strconv.Quote(title)
	}
	return fmt.Sprintf("the mod with id %d", id)
}

// patchStale says why a merged patch whose header description is desc no
// longer matches the mods loaded now (loaded: id → row), in order, the
// patch left out: another count, another order, or a source whose bytes
// changed since the build (its SHA-256). nil when it is current. The one
// home of the check: the loaded patch (View.MergedPatch) and a patch row
// the game does not load (inactive, past the limit) both ask it.
func (s *State) patchStale(desc string, loaded map[int64]int) *StaleReason {
	rec, ok := RecordedSources(desc)
	if !ok {
		return &StaleReason{What: StaleUnlisted}
	}
	var now []int64
	for _, id := range s.order {
		if _, ok := loaded[id]; ok && id != MergedPatchID {
			now = append(now, id)
		}
	}
	if len(now) != len(rec) {
		return &StaleReason{What: StaleCount, Built: len(rec), Loaded: len(now)}
	}
	for i, id := range now {
		if rec[i].ID != id {
			return s.orderReason(rec[i].ID, i, now, loaded)
		}
		h, err := s.primary(id).sha()
		if err != nil {
			return &StaleReason{What: StaleUnreadable, Mod: id, Title: s.primary(id).hdr.Title, Err: err.Error()}
		}
		if rec[i].Hash != h {
			return &StaleReason{What: StaleChanged, Mod: id, Title: s.primary(id).hdr.Title}
		}
	}
	return nil
}

// orderReason: the mod recorded at index i (was) is no longer there.
func (s *State) orderReason(was int64, i int, now []int64, loaded map[int64]int) *StaleReason {
	r := &StaleReason{What: StaleOrder, Mod: was, PlaceThen: i + 1, Row: loaded[was], Other: now[i], OtherTitle: s.primary(now[i]).hdr.Title}
	if f := s.primary(was); f != nil {
		r.Title = f.hdr.Title
	}
	for j, id := range now {
		if id == was {
			r.PlaceNow = j + 1
		}
	}
	return r
}

// rowStale says why the merged patch on row m is stale (nil when m is not
// a patch, or a current one): the loaded patch as the view found it, any
// other copy (inactive, past the limit) from its own header, so that its
// row too says what a build would change.
func (s *State) rowStale(m *Mod, v *View, loaded map[int64]int) *StaleReason {
	if m.ID != MergedPatchID || m.File == "" {
		return nil
	}
	if m.Loaded {
		return v.MergedPatch.StaleWhy
	}
	for _, f := range s.files {
		if f.path == m.File && f.err == nil {
			return s.patchStale(f.hdr.Description, loaded)
		}
	}
	return nil
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

// lostIn says what mod id lost inside the patched file p, as the patch's
// build recorded it; false when it lost nothing there or that is not known.
func (s *State) lostIn(pi *patchInfo, p string, id int64, loaded map[int64]int) (LostRef, bool) {
	if pi == nil || pi.losses == nil {
		return LostRef{}, false
	}
	for _, l := range pi.losses.Files[p] {
		if l.ID != id || l.Conflicts <= 0 {
			continue
		}
		m := s.ref(id, loaded)
		r := LostRef{ID: m.ID, Title: m.Title, Place: m.Place, Conflicts: l.Conflicts, To: []ModRef{}}
		for _, w := range l.To {
			r.To = append(r.To, s.ref(w, loaded))
		}
		return r, true
	}
	return LostRef{}, false
}
