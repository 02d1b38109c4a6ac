package loadorder

import (
	"fmt"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"packsmith/formats/tl2/mod"
)

// Severity of a problem.
const (
	SevError   = "error"   // the game will not do what the list says
	SevWarning = "warning" // probably not what the player wants
)

// Problem codes (stable; the --json field "code").
const (
	ProbMissingFile    = "missing-file"     // listed id with no .MOD in the mods folder
	ProbDuplicateID    = "duplicate-id"     // two .MOD files carry one id
	ProbListedTwice    = "listed-twice"     // modlauncher.sch lists the id more than once
	ProbRollingHash    = "rolling-hash"     // wrong rollingHash: the game drops the mod
	ProbUnreadable     = "unreadable"       // header or manifest does not parse
	ProbLowerCase      = "lowercase-names"  // stored names with lower-case letters
	ProbReqMissing     = "requires-missing" // REQUIRED_MODS: not installed
	ProbReqInactive    = "requires-inactive"
	ProbReqBelow       = "requires-below" // listed lower than the mod that needs it
	ProbReqTooOld      = "requires-too-old"
	ProbMisplaced      = "misplaced"  // in a folder the game never looks in
	ProbOverLimit      = "over-limit" // past the 10 mods the game activates
	ProbFullyOverriden = "fully-overridden"
	ProbDuplicatePath  = "duplicate-path" // the mod's manifest lists a path more than once
	// ProbMergedPatchStale: a merged patch (loaded or not) was built for
	// another load order or other files (mergepatch.StaleCode).
	ProbMergedPatchStale = "merged-patch-stale"
)

// Problem is one thing wrong with a mod, worded for a player.
type Problem struct {
	Code     string `json:"code"`
	Severity string `json:"severity"`
	Message  string `json:"message"`
	// Stale: a merged-patch-stale problem's reason as data (patch.go).
	Stale *StaleReason `json:"stale,omitempty"`
}

// Mod is one row of the load order: a .MOD file, or a listed id with no
// file.
type Mod struct {
	Key        string           `json:"key"` // unique per row: the file's path, or "id:<id>"
	ID         int64            `json:"id,string"`
	Title      string           `json:"title"`
	Author     string           `json:"author"`
	Version    int              `json:"version"`
	File       string           `json:"file"`
	Rel        string           `json:"rel"`
	Where      string           `json:"where"`
	Size       int64            `json:"size"`
	Files      int              `json:"files"`
	Active     bool             `json:"active"`
	Place      int              `json:"place"`
	Loaded     bool             `json:"loaded"`
	Requires   []mod.Dependency `json:"requires"`
	Wins       int              `json:"wins"`
	Loses      int              `json:"loses"`
	Merged     int              `json:"merged"` // shared files the merged patch wins and holds this mod's version of
	Unique     int              `json:"unique"`
	Overridden bool             `json:"overridden"`
	Problems   []Problem        `json:"problems"`

	// LostInPatch: of Merged, the files in which the patch's merge lost
	// one or more of this mod's changes to another mod's (Conflict.Lost).
	LostInPatch int `json:"lostInPatch"`
}

// ModRef names a mod in a conflict.
type ModRef struct {
	ID    int64  `json:"id,string"`
	Title string `json:"title"`
	Place int    `json:"place"`
}

// LostRef is a mod that lost conflicts inside a file merged into the
// patch: how many places, and to which mods.
type LostRef struct {
	ID        int64    `json:"id,string"`
	Title     string   `json:"title"`
	Place     int      `json:"place"`
	Conflicts int      `json:"conflicts"`
	To        []ModRef `json:"to"`
}

// LostText words what l lost for a player: "2 changes lost to 2. Mod A"
// (the window words it the same, frontend/src/lib/loadorder.js).
func (l LostRef) LostText() string {
	what := "1 change"
	if l.Conflicts != 1 {
		what = strconv.Itoa(l.Conflicts) + " changes"
	}
	var to []string
	for _, w := range l.To {
		to = append(to, fmt.Sprintf("%d. %s", w.Place, w.Title))
	}
	if len(to) == 0 {
		return what + " lost"
	}
	last := to[len(to)-1]
	if len(to) > 1 {
		last = strings.Join(to[:len(to)-1], ", ") + " and " + last
	}
	return what + " lost to " + last
}

// Conflict is a file that two or more loaded mods ship: the first listed
// wins, the others lose it, unless the winner is the merged patch and it
// holds their version (Merged: see patch.go).
type Conflict struct {
	Path   string   `json:"path"`
	Winner ModRef   `json:"winner"`
	Losers []ModRef `json:"losers"`
	// Merged are the mods whose version of the file the winner, the
	// merged patch, holds (merged into it): not lost.
	Merged []ModRef `json:"merged"`
	// Lost are the mods among Merged whose change lost one or more
	// conflicts inside the merged file (the patch holds the winner's
	// there), as the patch's build recorded it (losses.go); empty when
	// none lost or the record is not known.
	Lost []LostRef `json:"lost"`
	// MergedStale: the patch is stale (View.MergedPatch.Stale), so the
	// merges it holds of this file may be out of date.
	MergedStale bool `json:"mergedStale"`
}

// View is everything the window and `loadorder list --json` show.
type View struct {
	UserDir    string     `json:"userDir"`
	ModsDir    string     `json:"modsDir"`
	InstallDir string     `json:"installDir"`
	SchPath    string     `json:"schPath"`
	SchExists  bool       `json:"schExists"`
	SchError   string     `json:"schError"`
	Notes      []string   `json:"notes"`
	Limit      int        `json:"limit"`
	Order      []string   `json:"order"` // active ids, first wins
	Mods       []Mod      `json:"mods"`
	Conflicts  []Conflict `json:"conflicts"`
	// MergedPatch is the loaded merged patch (ID "0": none).
	MergedPatch MergedPatch `json:"mergedPatch"`
	Problems    int         `json:"problems"` // rows with at least one error
	Dirty       bool        `json:"dirty"`
	CanUndo     bool        `json:"canUndo"`
	UndoWhat    string      `json:"undoWhat"`
	ScanMillis  int64       `json:"scanMillis"`
}

func placeWord(n int) string { return "place " + strconv.Itoa(n) }

// View computes the rows (active mods in order, then the others by title),
// the conflicts and every problem.
func (s *State) View() *View {
	v := &View{
		UserDir: s.opts.UserDir, ModsDir: s.opts.ModsDir, InstallDir: s.opts.InstallDir,
		SchPath: s.schPath, SchExists: s.schFound, Limit: s.opts.Limit,
		Notes: append([]string{}, s.notes...), Order: []string{}, Mods: []Mod{}, Conflicts: []Conflict{},
		Dirty: s.Dirty(), CanUndo: len(s.history) > 0, ScanMillis: s.scan.Milliseconds(),
	}
	if s.schErr != nil {
		v.SchError = s.schErr.Error()
	}
	if n := len(s.history); n > 0 {
		v.UndoWhat = s.history[n-1].what
	}
	for _, id := range s.order {
		v.Order = append(v.Order, strconv.FormatInt(id, 10))
	}

	// Which file the game uses for each listed id, and how many loadable
	// mods come before it (the limit counts mods the game finds).
	rank := 0
	loaded := map[int64]int{} // id → place, for mods the game really loads
	rankOf := map[int64]int{}
	for i, id := range s.order {
		f := s.primary(id)
		if f == nil {
			continue
		}
		rank++
		rankOf[id] = rank
		if f.hash.ok && rank <= s.opts.Limit {
			loaded[id] = i + 1
		}
	}

	// Rows: the list in order, then every other file.
	used := map[*scanned]bool{}
	for i, id := range s.order {
		f := s.primary(id)
		var m Mod
		if f == nil {
			m = Mod{Key: "id:" + strconv.FormatInt(id, 10), ID: id, Title: s.missingTitle(id), Where: WhereNone, Requires: []mod.Dependency{}}
		} else {
			used[f] = true
			m = s.row(f)
		}
		m.Active, m.Place = true, i+1
		_, m.Loaded = loaded[id]
		v.Mods = append(v.Mods, m)
	}
	var rest []Mod
	for _, f := range s.files {
		if !used[f] {
			rest = append(rest, s.row(f))
		}
	}
	sort.SliceStable(rest, func(i, j int) bool {
		a, b := strings.ToLower(rest[i].Title), strings.ToLower(rest[j].Title)
		if a != b {
			return a < b
		}
		return strings.ToLower(rest[i].Rel) < strings.ToLower(rest[j].Rel)
	})
	v.Mods = append(v.Mods, rest...)

	v.Conflicts = s.conflicts(v, loaded)
	for i := range v.Mods {
		s.problems(&v.Mods[i], rankOf)
		if why := s.rowStale(&v.Mods[i], v, loaded); why != nil {
			v.Mods[i].add(ProbMergedPatchStale, SevWarning, "The merged patch is out of date: %s.", why.Text())
			v.Mods[i].Problems[len(v.Mods[i].Problems)-1].Stale = why
		}
		if why := s.rowCombinedStale(&v.Mods[i]); why != "" {
			v.Mods[i].add(ProbCombinedStale, SevWarning, "The combined mod is out of date: %s.", why)
		}
		for _, p := range v.Mods[i].Problems {
			if p.Severity == SevError {
				v.Problems++
				break
			}
		}
	}
	return v
}

// primary is the file the game uses for id: the first readable one in the
// mods folder (by path), or nil.
func (s *State) primary(id int64) *scanned {
	if fs := s.byID[id]; len(fs) > 0 {
		return fs[0]
	}
	return nil
}

// missingTitle names a listed id that has no file: a copy in a wrong
// place or a dependency declaration may know its title.
func (s *State) missingTitle(id int64) string {
	for _, f := range s.files {
		if f.err == nil && f.hdr.ModID == id && f.hdr.Title != "" {
			return f.hdr.Title
		}
	}
	for _, f := range s.files {
		if f.err != nil {
			continue
		}
		for _, d := range f.hdr.Required {
			if d.ID == id && d.Name != "" {
				return d.Name
			}
		}
	}
	return "(no mod file)"
}

func (s *State) row(f *scanned) Mod {
	m := Mod{Key: f.path, File: f.path, Rel: f.rel, Where: f.where, Size: f.size, Requires: []mod.Dependency{}, Problems: []Problem{}}
	if f.err != nil {
		m.Title = filepath.Base(f.path)
		m.Key = f.path
		return m
	}
	m.ID, m.Title, m.Author, m.Version = f.hdr.ModID, f.hdr.Title, f.hdr.Author, int(f.hdr.ModVersion)
	m.Files = f.files
	if len(f.hdr.Required) > 0 {
		m.Requires = f.hdr.Required
	}
	return m
}

// conflicts finds every file two or more loaded mods ship and counts, per
// mod, the files it wins and loses. Mods the game drops (bad rollingHash,
// past the limit, no file) take no part; nor do lower-case stored names,
// which the game never finds.
func (s *State) conflicts(v *View, loaded map[int64]int) []Conflict {
	type owner struct{ ids []int64 }
	owners := map[string]*owner{}
	var order []int64
	for _, id := range s.order {
		if _, ok := loaded[id]; ok {
			order = append(order, id)
		}
	}
	for _, id := range order {
		for _, p := range s.primary(id).paths {
			o := owners[p]
			if o == nil {
				o = &owner{}
				owners[p] = o
			}
			o.ids = append(o.ids, id)
		}
	}
	// The merged patch holds, for the mods it was built from, the text
	// sources and RAW indices it wins: those are merged, not lost.
	patch := s.mergedPatch(loaded)
	if patch != nil {
		v.MergedPatch = patch.view
	}
	wins, loses, merged, lostIn := map[int64]int{}, map[int64]int{}, map[int64]int{}, map[int64]int{}
	var out []Conflict
	for p, o := range owners {
		if len(o.ids) < 2 {
			continue
		}
		c := Conflict{Path: p, Winner: s.ref(o.ids[0], loaded), Losers: []ModRef{}, Merged: []ModRef{}, Lost: []LostRef{}}
		wins[o.ids[0]]++
		for _, id := range o.ids[1:] {
			if o.ids[0] == MergedPatchID && s.carries(patch, p, id) {
				c.Merged = append(c.Merged, s.ref(id, loaded))
				merged[id]++
				if l, ok := s.lostIn(patch, p, id, loaded); ok {
					c.Lost = append(c.Lost, l)
					lostIn[id]++
				}
				continue
			}
			c.Losers = append(c.Losers, s.ref(id, loaded))
			loses[id]++
		}
		c.MergedStale = len(c.Merged) > 0 && patch.view.Stale != ""
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	for i := range v.Mods {
		m := &v.Mods[i]
		if !m.Loaded {
			continue
		}
		n := len(s.primary(m.ID).paths)
		m.Wins, m.Loses, m.Merged, m.LostInPatch = wins[m.ID], loses[m.ID], merged[m.ID], lostIn[m.ID]
		m.Unique = n - m.Wins - m.Loses - m.Merged
		m.Overridden = n > 0 && m.Loses == n
	}
	if out == nil {
		out = []Conflict{}
	}
	return out
}

func (s *State) ref(id int64, loaded map[int64]int) ModRef {
	r := ModRef{ID: id, Place: loaded[id]}
	if h := s.header(id); h != nil {
		r.Title = h.Title
	}
	return r
}

func (m *Mod) add(code, sev, format string, args ...any) {
	m.Problems = append(m.Problems, Problem{Code: code, Severity: sev, Message: fmt.Sprintf(format, args...)})
}

// problems fills in what is wrong with one row.
func (s *State) problems(m *Mod, rankOf map[int64]int) {
	if m.Problems == nil {
		m.Problems = []Problem{}
	}
	if m.Where == WhereNone {
		s.missingFile(m)
		return
	}
	var f *scanned
	for _, x := range s.files {
		if x.path == m.File {
			f = x
			break
		}
	}
	if f == nil {
		return
	}
	if f.err != nil {
		m.add(ProbUnreadable, SevError, "The game cannot read this file: %s", strings.TrimPrefix(f.err.Error(), "mod: "))
		return
	}

	switch f.where {
	case WhereNested:
		m.add(ProbMisplaced, SevError, "In mods%cmods%c, a folder the game never looks in: move it up into %s.", filepath.Separator, filepath.Separator, s.opts.ModsDir)
	case WhereUser:
		m.add(ProbMisplaced, SevError, "In the user folder beside modlauncher.sch, where the game never looks: move it into %s.", s.opts.ModsDir)
	case WhereInstall:
		m.add(ProbMisplaced, SevError, "In the game's install folder, where the game never looks for mods (GUTS builds there): copy it into %s.", s.opts.ModsDir)
	}

	if f.where == WhereMods {
		s.duplicateID(m, f)
	}
	if m.Active {
		s.listedTwice(m)
	}

	if !f.hash.ok {
		m.add(ProbRollingHash, SevError, "Wrong rollingHash (stored 0x%08X, computed 0x%08X): the game silently drops the whole mod; it stays ticked but nothing of it appears in game. Rebuild or re-download it.",
			f.hash.stored, f.hash.computed)
	}
	switch n := len(f.lower); {
	case n == 1:
		m.add(ProbLowerCase, SevError, "Stored file name %s has lower-case letters: the game looks files up in upper case and never finds it (a texture or icon silently shows another image). Rebuild the mod with GUTS or Packsmith.", f.lower[0])
	case n > 1:
		m.add(ProbLowerCase, SevError, "%d stored file names have lower-case letters (e.g. %s): the game looks files up in upper case and never finds them (textures and icons silently show another image). Rebuild the mod with GUTS or Packsmith.", n, f.lower[0])
	}

	if len(f.twice) > 0 {
		m.add(ProbDuplicatePath, SevWarning, "%s", twiceMessage(f.twice))
	}

	if m.Active && f.where == WhereMods {
		if r := rankOf[m.ID]; r > s.opts.Limit {
			m.add(ProbOverLimit, SevError, "This is active mod number %d: the game activates at most %d mods (as players report) and refuses the rest. Disable some, or combine mods into one (packsmith combine, Load order → Combine).", r, s.opts.Limit)
		}
	}

	s.requirements(m, f)

	if m.Overridden {
		m.add(ProbFullyOverriden, SevWarning, "Every file of this mod is also shipped by a mod listed above it, so none of it is used: move it up or disable it.")
	}
}

// missingFile: m is listed in modlauncher.sch but no .MOD in the mods
// folder has its id (a copy elsewhere is named).
func (s *State) missingFile(m *Mod) {
	msg := fmt.Sprintf("Listed in modlauncher.sch (%s, id %d), but no .MOD in the mods folder has this id: the game skips it.", placeWord(m.Place), m.ID)
	for _, f := range s.files {
		if f.err == nil && f.hdr.ModID == m.ID {
			msg += fmt.Sprintf(" A copy is at %s, where the game never looks.", f.path)
			break
		}
	}
	m.add(ProbMissingFile, SevError, "%s", msg)
	s.listedTwice(m)
}

// duplicateID: another file in the mods folder has f's mod id.
func (s *State) duplicateID(m *Mod, f *scanned) {
	dups := s.byID[f.hdr.ModID]
	if len(dups) < 2 {
		return
	}
	var others []string
	for _, d := range dups {
		if d != f {
			others = append(others, d.rel)
		}
	}
	used := "this one is the copy Packsmith counts"
	if dups[0] != f {
		used = "Packsmith counts " + dups[0].rel
	}
	m.add(ProbDuplicateID, SevError, "Another file has the same mod id %d (%s): the game loads only one of them and which one is not defined; %s. Delete the copy you do not want.",
		f.hdr.ModID, strings.Join(others, ", "), used)
}

// requirements: each mod f's header requires is installed, new enough
// and, for an active m, enabled above it.
func (s *State) requirements(m *Mod, f *scanned) {
	for _, d := range f.hdr.Required {
		name := d.Name
		if name == "" {
			name = "mod " + strconv.FormatInt(d.ID, 10)
		}
		dh := s.header(d.ID)
		if dh == nil {
			msg := fmt.Sprintf("Needs %q (id %d), which is not in the mods folder.", name, d.ID)
			for _, x := range s.files {
				if x.err == nil && x.hdr.ModID == d.ID {
					msg = fmt.Sprintf("Needs %q (id %d), which is at %s, where the game never looks.", name, d.ID, x.path)
					break
				}
			}
			m.add(ProbReqMissing, SevError, "%s", msg)
			continue
		}
		if dh.Title != "" {
			name = dh.Title
		}
		if int(dh.ModVersion) < int(d.Version) {
			m.add(ProbReqTooOld, SevError, "Needs %q version %d or newer; the installed one is version %d.", name, d.Version, dh.ModVersion)
		}
		if !m.Active {
			continue
		}
		dp := s.place(d.ID)
		switch {
		case dp == 0:
			m.add(ProbReqInactive, SevError, "Needs %q, which is installed but not enabled: enable it above this mod.", name)
		case dp > m.Place:
			m.add(ProbReqBelow, SevError, "Needs %q, which is listed lower (%s, this mod is at %d): the game loads the list top down, so move %q above this mod.", name, placeWord(dp), m.Place, name)
		}
	}
}

func (s *State) listedTwice(m *Mod) {
	if ps := s.twice[m.ID]; len(ps) > 1 && m.Active {
		var w []string
		for _, p := range ps {
			w = append(w, strconv.Itoa(p))
		}
		m.add(ProbListedTwice, SevWarning, "modlauncher.sch lists this id %d times (lines for places %s); only the first counts. Saving keeps one.", len(ps), strings.Join(w, ", "))
	}
}

// twiceMessage words the duplicate-path finding: the paths (up to three)
// and how often each is listed.
func twiceMessage(ds []dupPath) string {
	times := func(d dupPath) string {
		if d.n == 2 {
			return d.path + " twice"
		}
		return fmt.Sprintf("%s %d times", d.path, d.n)
	}
	fix := "the game reads one copy (which one is not documented) and the others only take space; `packsmith repack MOD --drop-shadowed -o OUT` keeps the copy a lookup finds."
	if len(ds) == 1 {
		return "This .MOD lists " + times(ds[0]) + ": " + fix
	}
	var names []string
	for i, d := range ds {
		if i == 3 {
			names = append(names, fmt.Sprintf("and %d more", len(ds)-3))
			break
		}
		names = append(names, times(d))
	}
	return fmt.Sprintf("This .MOD lists %d paths more than once (%s): %s", len(ds), strings.Join(names, ", "), fix)
}
