package combine

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"sync"

	"packsmith/backend/sys/filehash"
	"packsmith/backend/sys/limits"
	"packsmith/backend/tl2/loadorder"
	"packsmith/backend/tl2/merge"
	"packsmith/backend/tl2/mergepatch"
	"packsmith/backend/tl2/modpack"
	"packsmith/formats/tl2/mod"
	"packsmith/formats/tl2/raw"
)

// FileName is the combined mod's default file name.
const FileName = "PACKSMITH_COMBINED.MOD"

// DefaultTitle is the combined mod's NAME when Options.Name is empty.
const DefaultTitle = "Combined mods (Packsmith)"

// MaxEntries bounds the entries a combine copies (every constituent's
// together): a lying manifest cannot make it plan without end.
const MaxEntries = 4 << 20

// Errors.
var (
	ErrNoMods    = errors.New("combine needs two or more mods: none or one is active (or named)")
	ErrNoOutput  = errors.New("combine needs an output file (-o OUT.MOD)")
	ErrTooLarge  = errors.New("the mods hold more entries than a combine copies")
	ErrNotLoaded = errors.New("the named mod has no .MOD file in the mods folder")
	// ErrOverConstituent: -o names a mod being combined (it is read while
	// the combined mod is written, and the player's copy would be lost).
	ErrOverConstituent = errors.New("-o names one of the mods being combined; write the combined mod elsewhere")
)

// Options say what to combine.
type Options struct {
	UserDir string // holds modlauncher.sch
	ModsDir string // "" = UserDir/mods
	// Mods names the mods to combine (ids, titles or file names, as
	// loadorder's Find takes them); empty = the active mods. Named mods
	// keep the load order's order; those not loaded follow, as named.
	Mods    []string
	BaseDir string // the game's MEDIA folder: shared text sources are merged
	GameDir string // or its install (PAKS/DATA.PAK)
	Output  string // the combined .MOD (required)
	Name    string // its NAME ("" = DefaultTitle)
	// Winners: merge.Conflict.Key → the title of the mod that wins it.
	Winners map[string]string
	// Budget is the memory the combine may hold (the command's
	// --max-memory, the window's; nil: limits.DefaultMB): what the copy
	// plan keeps per entry and of the RAW indices (memory.go), the block
	// copy's buffers, the merge of the shared text and its pack.
	Budget *limits.Budget
	// Progress hears the merge (mergepatch.StageMerge), the pack of the
	// merged files and indices, then StageCopy, an entry at a time.
	Progress func(modpack.Progress)
}

// StageCopy is the progress stage of the block copy.
const StageCopy modpack.Stage = "copy"

func (o *Options) report(done, total int64, file string) {
	if o.Progress != nil {
		o.Progress(modpack.Progress{Stage: StageCopy, Done: done, Total: total, File: file})
	}
}

// Report is what Build did.
type Report struct {
	ID      int64                `json:"id,string"` // the combined mod's MOD_ID
	Title   string               `json:"title"`
	Sources []mergepatch.Source  `json:"sources"` // the constituents, in load order
	Files   []mergepatch.File    `json:"files"`   // shared text sources merged
	Skipped []mergepatch.Skipped `json:"skipped"`
	// Conflicts are the merge's (the load order's winner took each).
	Conflicts []merge.Conflict `json:"conflicts"`
	// Shared counts text sources two or more constituents ship.
	Shared int `json:"shared"`
	// Unmerged is said once when no game data was given: the shared text
	// sources are the load order's winner's, not merged.
	Unmerged string `json:"unmerged,omitempty"`
	// Entries counts the combined mod's files; Copied those copied as
	// compressed blocks from the constituents, CopiedBytes their bytes.
	Entries     int    `json:"entries"`
	Copied      int    `json:"copied"`
	CopiedBytes int64  `json:"copiedBytes"`
	Required    int    `json:"required"` // REQUIRED_MODS carried
	Remove      int    `json:"remove"`   // REMOVE_FILES carried
	Output      string `json:"output"`
	Size        int64  `json:"size"`
	SHA256      string `json:"sha256"` // its first 16 hex digits, as merge's
	sha         string // all of them (a profile's combined build)
	// Backup is the backup of a file -o named that was not a combined mod.
	Backup string `json:"backup,omitempty"`
}

// Build combines the mods into one .MOD at o.Output (see the package doc).
func Build(ctx context.Context, o Options) (*Report, error) {
	if o.Output == "" {
		return nil, ErrNoOutput
	}
	srcs, err := Constituents(ctx, o)
	if err != nil {
		return nil, err
	}
	if err := notOver(o.Output, srcs); err != nil {
		return nil, err
	}
	readers, closeAll, err := mergepatch.OpenMods(srcs)
	if err != nil {
		return nil, err
	}
	defer closeAll()
	if o.Budget == nil {
		o.Budget, _ = limits.NewBudget(0)
	}
	release, err := takeMemory(o.Budget, srcs, readers)
	if err != nil {
		return nil, err
	}
	defer release()
	rep := &Report{ID: ID(srcs), Title: o.Name, Sources: srcs, Files: []mergepatch.File{},
		Skipped: []mergepatch.Skipped{}, Conflicts: []merge.Conflict{}}
	if rep.Title == "" {
		rep.Title = DefaultTitle
	}
	if err := mergeText(ctx, o, rep, readers); err != nil {
		return nil, err
	}
	if err := write(ctx, o, rep, readers); err != nil {
		return nil, err
	}
	return rep, nil
}

// notOver refuses an output that is one of the constituents' files.
func notOver(out string, srcs []mergepatch.Source) error {
	st, err := os.Stat(out)
	if err != nil {
		return nil // nothing there yet
	}
	for _, s := range srcs {
		if fi, err := os.Stat(s.File); err == nil && os.SameFile(st, fi) {
			return fmt.Errorf("%s: %w", out, ErrOverConstituent)
		}
	}
	return nil
}

// mergeText merges the shared text sources when the game's data is given,
// else says once that the load order's winner takes each.
func mergeText(ctx context.Context, o Options, rep *Report, readers []*mod.Reader) error {
	if o.BaseDir == "" && o.GameDir == "" {
		rep.Shared = len(sharedText(readers))
		if rep.Shared > 0 {
			rep.Unmerged = unmergedText(rep.Shared)
		}
		return nil
	}
	mr, err := mergepatch.Merge(ctx, mergepatch.Options{BaseDir: o.BaseDir, GameDir: o.GameDir, Winners: o.Winners, Progress: o.Progress, Budget: o.Budget}, rep.Sources, readers)
	if err != nil {
		return err
	}
	rep.Files, rep.Conflicts, rep.Skipped, rep.Shared = mr.Files, mr.Conflicts, mr.Skipped, mr.Shared
	return nil
}

// unmergedText says that n shared text sources are the winner's: read
// in the window as in the terminal, so it names the game folder, not the
// flags (the window's field is "Game folder"; the CLI's --game).
func unmergedText(n int) string {
	if n == 1 {
		return "The game's data was not given, so the one text source two or more mods ship is the load order's winner's copy, not a merge (give the game folder to merge it)"
	}
	return fmt.Sprintf("The game's data was not given, so the %d text sources two or more mods ship are the load order's winner's copies, not merges (give the game folder to merge them)", n)
}

// sharedText lists the text sources two or more readers ship.
func sharedText(readers []*mod.Reader) []string {
	count := map[string]int{}
	for _, r := range readers {
		seen := map[string]bool{}
		for _, e := range r.Entries {
			up := mod.UpperName(e.Path)
			if modpack.IsSourceName(up) && !seen[up] {
				seen[up] = true
				count[up]++
			}
		}
	}
	var out []string
	for p, n := range count {
		if n >= 2 {
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out
}

// Constituents lists the mods to combine, in load order, with their
// hashes: o.Mods, or the active mods (those past the game's cap too). The merged patch is left out when
// the game's data is given (the combined mod merges itself); without it,
// the patch is one mod like the others, first, and its merges win.
// A combined mod already loaded is left out of the loaded mods.
func Constituents(ctx context.Context, o Options) ([]mergepatch.Source, error) {
	st, err := loadorder.Open(ctx, loadorder.Options{UserDir: o.UserDir, ModsDir: o.ModsDir})
	if err != nil {
		return nil, err
	}
	defer st.Close()
	rows, err := pick(st, o)
	if err != nil {
		return nil, err
	}
	if len(rows) < 2 {
		return nil, ErrNoMods
	}
	return hashed(ctx, rows)
}

// HashMemo is the file where combine remembers its constituents' hashes
// (filehash.Memo): <user cache>/Packsmith/filehashes.json.
func HashMemo() string {
	d, err := os.UserCacheDir()
	if err != nil || d == "" {
		d = os.TempDir()
	}
	return filepath.Join(d, "Packsmith", "filehashes.json")
}

// hashed gives each row as a Source with its file's hash (the first 16
// hex digits of its SHA-256, as loadorder.FileHash), the files hashed
// side by side (one per CPU): on large mods the hashes were a third of a
// combine. A file unchanged since it was last hashed is not read again
// (filehash.Memo): a rebuild hashed 160 MB of input for 105 MB of output.
func hashed(ctx context.Context, rows []loadorder.Mod) ([]mergepatch.Source, error) {
	memo := filehash.OpenMemo(HashMemo())
	defer memo.Save()
	out := make([]mergepatch.Source, len(rows))
	errs := make([]error, len(rows))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(rows)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				m := rows[i]
				h, err := memo.SHA256(m.File)
				if err == nil {
					h = h[:16]
				}
				out[i], errs[i] = mergepatch.Source{ID: m.ID, Title: m.Title, File: m.File, Hash: h}, err
			}
		}()
	}
	for i := range rows {
		if ctx.Err() != nil {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return out, errors.Join(errs...)
}

// pick chooses the rows of the load order to combine.
func pick(st *loadorder.State, o Options) ([]loadorder.Mod, error) {
	v := st.View()
	byID := map[int64]loadorder.Mod{}
	for _, m := range v.Mods {
		if m.File == "" {
			continue
		}
		if prev, ok := byID[m.ID]; !ok || (m.Loaded && !prev.Loaded) {
			byID[m.ID] = m
		}
	}
	// Every active mod, past the cap too (putting those in one slot is
	// the point), once per id: the file the game would load for it. An
	// active combined mod stands for the mods it records, at its place:
	// combining again rebuilds it from their files as they are now.
	var loaded []loadorder.Mod
	seen := map[int64]bool{}
	for _, id := range activeIDs(st.Order(), byID) {
		m, ok := byID[id]
		if ok && !seen[id] && !(m.ID == mergepatch.PatchID && (o.BaseDir != "" || o.GameDir != "")) {
			seen[id] = true
			loaded = append(loaded, m)
		}
	}
	if len(o.Mods) == 0 {
		return loaded, nil
	}
	want := map[int64]int{}
	for n, q := range o.Mods {
		id, err := st.Find(q)
		if err != nil {
			return nil, err
		}
		if _, ok := byID[id]; !ok {
			return nil, fmt.Errorf("%s: %w", q, ErrNotLoaded)
		}
		if _, dup := want[id]; !dup {
			want[id] = n
		}
	}
	var rows []loadorder.Mod
	for _, m := range loaded {
		if _, ok := want[m.ID]; ok {
			rows = append(rows, m)
			delete(want, m.ID)
		}
	}
	rest := make([]int64, 0, len(want))
	for id := range want {
		rest = append(rest, id)
	}
	sort.Slice(rest, func(i, j int) bool { return want[rest[i]] < want[rest[j]] })
	for _, id := range rest {
		rows = append(rows, byID[id])
	}
	return rows, nil
}

// activeIDs is the load order with each combined mod (known by its
// header's description: Recorded) replaced by the ids it records.
func activeIDs(order []int64, byID map[int64]loadorder.Mod) []int64 {
	var out []int64
	for _, id := range order {
		m, ok := byID[id]
		if !ok {
			continue
		}
		rec, combined := RecordedFile(m.File)
		if !combined {
			out = append(out, id)
			continue
		}
		for _, r := range rec {
			out = append(out, r.ID)
		}
	}
	return out
}

// ID is a combined mod's MOD_ID: a hash of its constituents' ids in load
// order, so a rebuild of the same mods keeps the id (a character moved to
// it stays bound) and another set gets another.
func ID(srcs []mergepatch.Source) int64 {
	h := fnv.New64a()
	h.Write([]byte("Packsmith combined mod of "))
	for _, s := range srcs {
		h.Write([]byte(strconv.FormatInt(s.ID, 10) + ";"))
	}
	id := int64(h.Sum64() & (1<<63 - 1))
	if id == 0 || id == mergepatch.PatchID {
		id = 1
	}
	return id
}

// Description is the combined mod's header DESCRIPTION: its constituents
// in load order, each MOD_ID with its file's hash, then their titles
// (loadorder.CombinedDescription, whose view judges it stale).
func Description(srcs []mergepatch.Source) string {
	rec := make([]loadorder.PatchSource, len(srcs))
	for i, s := range srcs {
		rec[i] = loadorder.PatchSource{ID: s.ID, Hash: s.Hash, Title: s.Title}
	}
	return loadorder.CombinedDescription(rec)
}

// Recorded reads the constituents a combined mod's description lists
// (ids and hashes; titles are not read back).
func Recorded(desc string) ([]loadorder.PatchSource, bool) { return loadorder.CombinedSources(desc) }

// rawIndex reports whether p (upper case) is one of the RAW indices a
// .MOD ships at MEDIA/ (the combined mod builds its own).
func rawIndex(p string) bool {
	for _, k := range raw.Kinds {
		if p == "MEDIA/"+k.FileName() {
			return true
		}
	}
	return false
}
