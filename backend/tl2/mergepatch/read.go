package mergepatch

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"packsmith/backend/sys/limits"
	"packsmith/backend/tl2/merge"
	"packsmith/backend/tl2/modpack"
	"packsmith/backend/tl2/tl2names"
	"packsmith/formats/tl2/dattext"
	"packsmith/formats/tl2/mod"
	"packsmith/formats/tl2/rghash"
)

// treeFactor is how many bytes of memory one byte of a stored source
// costs while it is merged: the bytes read, the decompiled or parsed tree
// (a property is a struct of three strings, 48 bytes before its text, for
// the 8-12 bytes it takes in BINDAT), the canonical texts the report keeps
// of every version and the merged result. Measured on a 180,000-block
// .DAT: about 11 bytes of heap per stored byte; 16 leaves room for the
// garbage the collector has not yet taken.
const treeFactor = 16

// shipped is one mod's copy of a shared source: the mod (its index in the
// load order) and its entry, as that mod stores it. Two mods may store one
// file under names that differ in letter case (…/SAMPLE_SWORD.DAT and
// …/sample_sword.dat); the game reads them as one file, and each copy is
// read through its own entry, never looked up again by the upper-cased key.
type shipped struct {
	mod int
	e   *mod.Entry
}

// sharedSources maps each text source (upper-cased path) to the copies of
// the mods shipping it, in load order, and lists, sorted, the paths two or
// more mods ship: the only ones a merge can change.
func sharedSources(readers []*mod.Reader) (ship map[string][]shipped, paths []string) {
	ship = map[string][]shipped{}
	for i, r := range readers {
		seen := map[string]bool{}
		for j := range r.Entries {
			e := &r.Entries[j]
			up := strings.ToUpper(e.Path)
			if !modpack.IsSourceName(up) || seen[up] {
				continue
			}
			seen[up] = true
			ship[up] = append(ship[up], shipped{mod: i, e: e})
		}
	}
	for p, ms := range ship {
		if len(ms) >= 2 {
			paths = append(paths, p)
		}
	}
	sort.Strings(paths)
	return ship, paths
}

// merger holds what merging every shared file needs.
type fileMerger struct {
	o       Options
	readers []*mod.Reader
	names   []string
	dict    *rghash.Dictionary
	bs      *base
	budget  *limits.Budget
	mu      sync.Mutex
	kept    []func() // the budget taken by the texts the report keeps
	// views: keep each file's texts for a three-way view (MergeFile);
	// a whole merge keeps only the merged source the patch packs.
	views bool
}

// mergeAll merges each shared file into rep.Files, or says in rep.Skipped
// why a file, or one mod's copy of it, was left out. Files merge on
// mergeWorkers goroutines (each file alone: its copies, the base, the
// merge); the report lists them in path order whatever order they finish
// in. A file whose copies do not fit in the budget beside what the other
// workers hold is merged again at the end, alone, so what is skipped for
// memory does not depend on timing.
func mergeAll(ctx context.Context, o Options, rep *Report, readers []*mod.Reader, ship map[string][]shipped, paths []string, bs *base) error {
	m := newFileMerger(o, readers, titles(rep.Sources), bs)
	defer m.releaseKept()
	results := make([]merged, len(paths))
	if err := m.parallel(ctx, paths, ship, results); err != nil {
		return err
	}
	for i, p := range paths {
		r := &results[i]
		if r.retry {
			f, skipped, err := m.file(ctx, p, ship[p], false)
			if err != nil {
				return err
			}
			*r = merged{f: f, skipped: skipped}
		}
		rep.Skipped = append(rep.Skipped, r.skipped...)
		if r.f == nil {
			continue
		}
		rep.Conflicts = append(rep.Conflicts, r.f.conflicts...)
		r.f.conflicts = nil
		if r.f.Status == StatusLoadOrder {
			rep.LeftOut++
			continue
		}
		rep.Files = append(rep.Files, *r.f)
	}
	return nil
}

// newFileMerger is a fileMerger with the names dictionary and o's budget
// (nil: the default).
func newFileMerger(o Options, readers []*mod.Reader, names []string, bs *base) *fileMerger {
	dict, _ := tl2names.Default()
	if dict == nil {
		dict = rghash.NewDictionary()
	}
	budget := o.Budget
	if budget == nil {
		budget, _ = limits.NewBudget(0)
	}
	return &fileMerger{o: o, readers: readers, names: names, dict: dict, bs: bs, budget: budget}
}

// merged is one shared file's outcome in mergeAll.
type merged struct {
	f       *File
	skipped []Skipped
	retry   bool // over the budget beside the other workers: merged again alone
}

// mergeWorkers is how many files merge at once: the cores, at most 4 (the
// budget is shared; more workers would mostly wait on each other's memory).
func mergeWorkers() int { return max(1, min(runtime.GOMAXPROCS(0), 4)) }

// parallel merges paths into results on mergeWorkers goroutines; the
// first error (a cancel) stops them all.
func (m *fileMerger) parallel(ctx context.Context, paths []string, ship map[string][]shipped, results []merged) error {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	var next, done atomic.Int64
	var mu sync.Mutex // Progress is called from one goroutine at a time
	var wg sync.WaitGroup
	for w := 0; w < mergeWorkers(); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= len(paths) || ctx.Err() != nil {
					return
				}
				f, skipped, err := m.file(ctx, paths[i], ship[paths[i]], true)
				if err != nil && !errors.Is(err, errRetry) {
					cancel(err)
					return
				}
				results[i] = merged{f: f, skipped: skipped, retry: errors.Is(err, errRetry)}
				mu.Lock()
				m.o.report(StageMerge, int(done.Add(1)), len(paths), paths[i])
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if err := context.Cause(ctx); err != nil && ctx.Err() != nil {
		return err
	}
	return nil
}

// testHookTaken, when a test sets it, hears each file whose budget was
// taken (TestBudgetSharedByWorkers holds one so the other worker meets a
// full budget).
var testHookTaken func(path string)

// errRetry: in parallel, a file's copies did not fit in the budget beside
// what the other workers held (mergeAll merges it again alone).
var errRetry = errors.New("over the budget beside the other workers")

// releaseKept gives back the budget the report's texts took.
func (m *fileMerger) releaseKept() {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, r := range m.kept {
		r()
	}
	m.kept = nil
}

// file merges one shared file: nil when it was left out (skipped says
// why); an error only for what ends the whole merge (a cancel, the game's
// own files unreadable).
func (m *fileMerger) file(ctx context.Context, p string, copies []shipped, shared bool) (*File, []Skipped, error) {
	var size int64
	for _, c := range copies {
		size += int64(c.e.Size)
	}
	release, err := m.budget.Take("merging "+p, limits.Mul(size, treeFactor))
	if err != nil {
		if shared {
			return nil, nil, errRetry
		}
		return nil, []Skipped{{Path: p, Reason: err.Error()}}, nil
	}
	defer release()
	if testHookTaken != nil {
		testHookTaken(p)
	}
	f := &File{Path: p}
	vs, same, skipped := m.versions(ctx, f, copies)
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	if same {
		// Every mod ships the very same bytes: the merge is that copy,
		// which the load order already gives (nothing to parse or read
		// from the game).
		f.Status = StatusLoadOrder
		return f, skipped, nil
	}
	if len(vs) < 2 {
		why := fmt.Sprintf("only %d of the %d mods' copies could be read: nothing to merge, the load order decides", len(vs), len(copies))
		return nil, append(skipped, Skipped{Path: p, Reason: why}), nil
	}
	base, skip, err := m.base(p, f)
	if err != nil || skip != "" {
		return nil, append(skipped, Skipped{Path: p, Reason: skip}), err
	}
	r, err := merge.MergeContext(ctx, p, base, vs, &merge.Options{Winners: m.o.Winners})
	if errors.Is(err, merge.ErrTooMuchWork) {
		return nil, append(skipped, Skipped{Path: p, Reason: err.Error()}), nil
	}
	if err != nil {
		return nil, nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	f.Conflicts = len(r.Conflicts)
	f.Status = "merged"
	if f.Conflicts > 0 {
		f.Status = "conflict"
	}
	f.conflicts = r.Conflicts
	if m.loadOrderGives(p, copies, vs, r.Root) {
		f.Status = StatusLoadOrder
		if !m.views {
			f.Base = ""
			return f, skipped, nil
		}
	}
	if err := m.texts(ctx, f, vs, r.Root); err != nil {
		return nil, nil, err
	}
	if err := m.keep(f); err != nil {
		return nil, append(skipped, Skipped{Path: p, Reason: err.Error()}), nil
	}
	return f, skipped, nil
}

// StatusLoadOrder is a File's Status when the merge gives what the load
// order alone gives (the first mod's copy, as the game reads it): the
// patch leaves the file out (Report.LeftOut counts them), so it neither
// owns it nor goes stale when either mod changes it.
const StatusLoadOrder = "load-order"

// loadOrderGives says whether the merged tree is, to the game, the copy
// the load order gives it: the first mod's, when it could be read (an
// unreadable first copy is what the game would read: the patch keeps the
// file). Trees are compared rather than compiled bytes: the merge's own
// rule (merge.Same: values by what the game reads) on the trees already
// in memory, where compiling both would cost a BINDAT or BINLAYOUT
// compile per shared file and still differ in bytes (string-table order)
// where the game reads the same.
func (m *fileMerger) loadOrderGives(p string, copies []shipped, vs []merge.Version, merged *dattext.Node) bool {
	if len(vs) == 0 || vs[0].Mod != m.names[copies[0].mod] {
		return false
	}
	return merge.Same(p, merged, vs[0].Root)
}

// texts fills the texts the report keeps of a file the patch holds: the
// merged source and, for a three-way view (MergeFile), each copy's and the
// merged one's canonical text.
func (m *fileMerger) texts(ctx context.Context, f *File, vs []merge.Version, merged *dattext.Node) error {
	if !m.views {
		f.Source = dattext.Encode(merged)
		return nil
	}
	for _, v := range vs {
		if err := ctx.Err(); err != nil {
			return err
		}
		f.Theirs = append(f.Theirs, dattext.Format(v.Root))
	}
	f.Merged = dattext.Format(merged)
	if err := ctx.Err(); err != nil {
		return err
	}
	f.Source = dattext.Encode(merged)
	return nil
}

// keep takes from the budget, until Build returns, the texts the report
// keeps of f: the merged files of a large load order add up.
func (m *fileMerger) keep(f *File) error {
	n := int64(len(f.Base) + len(f.Merged) + len(f.Source))
	for _, t := range f.Theirs {
		n += int64(len(t))
	}
	release, err := m.budget.Take("the merged texts of "+f.Path, n)
	if err != nil {
		return err
	}
	m.mu.Lock()
	m.kept = append(m.kept, release)
	m.mu.Unlock()
	return nil
}

// versions reads every mod's copy of f.Path; a copy that cannot be read
// (the entry is damaged, it does not decompile or parse) is left out of
// the merge, its reason in skipped, and the others still merge. same
// reports that every copy was read and they are byte for byte one (then
// nothing is parsed: vs is nil).
func (m *fileMerger) versions(ctx context.Context, f *File, copies []shipped) (vs []merge.Version, same bool, skipped []Skipped) {
	if m.sameStored(copies) {
		for _, c := range copies {
			f.Mods = append(f.Mods, m.names[c.mod])
		}
		return nil, true, nil
	}
	raws := make([][]byte, 0, len(copies))
	read := make([]shipped, 0, len(copies))
	unreadable := func(c shipped, err error) {
		name := m.names[c.mod]
		skipped = append(skipped, Skipped{Path: f.Path, Mod: name, Reason: fmt.Sprintf("%s's copy (%s) cannot be read, left out of the merge: %v", name, c.e.Path, err)})
	}
	for _, c := range copies {
		if ctx.Err() != nil {
			return nil, false, skipped // file reports the cancel
		}
		b, err := m.readers[c.mod].ReadEntry(c.e, m.budget.Bytes())
		if err != nil {
			unreadable(c, err)
			continue
		}
		raws, read = append(raws, b), append(read, c)
	}
	if len(read) == len(copies) && allSame(raws) {
		for _, c := range copies {
			f.Mods = append(f.Mods, m.names[c.mod])
		}
		return nil, true, skipped
	}
	for i, c := range read {
		if ctx.Err() != nil {
			return vs, false, skipped
		}
		n, err := tree(f.Path, raws[i], m.dict)
		raws[i] = nil
		if err != nil {
			unreadable(c, err)
			continue
		}
		vs = append(vs, merge.Version{Mod: m.names[c.mod], Root: n})
		f.Mods = append(f.Mods, m.names[c.mod])
	}
	return vs, false, skipped
}

// sameStored reports whether every copy is stored as the very same block
// (size, CRC-32 and compressed bytes): then they are one file and nothing
// needs inflating. Mods built with GUTS compress a file they share
// unchanged to the same stream; copies that differ only in how they were
// compressed are compared after inflating (allSame). A payload larger
// than the file it holds (a lying block) is never read here.
func (m *fileMerger) sameStored(copies []shipped) bool {
	first := copies[0].e
	var want []byte
	for i, c := range copies {
		if c.e.Size != first.Size || c.e.CRC32 != first.CRC32 {
			return false
		}
		b, raw, err := m.readers[c.mod].RawBlock(c.e)
		if err != nil || b.Payload > int64(b.Size)+64 {
			return false
		}
		got := make([]byte, b.Payload)
		if _, err := raw.ReadAt(got, 0); err != nil {
			return false
		}
		if i == 0 {
			want = got
		} else if !bytes.Equal(got, want) {
			return false
		}
	}
	return true
}

// allSame reports whether two or more byte strings are all one.
func allSame(bs [][]byte) bool {
	for _, b := range bs[1:] {
		if !bytes.Equal(b, bs[0]) {
			return false
		}
	}
	return len(bs) >= 2
}

// base reads the game's copy of p into f: nil when the game has none;
// skip says why the file cannot be merged (the game's copy unreadable).
func (m *fileMerger) base(p string, f *File) (*dattext.Node, string, error) {
	b, ok, err := m.bs.read(p, m.budget.Bytes()/treeFactor)
	if errors.Is(err, errBaseTooLarge) {
		return nil, fmt.Sprintf("the game's copy: %v", err), nil
	}
	if err != nil {
		return nil, "", fmt.Errorf("base %s: %w", p, err)
	}
	if !ok {
		return nil, "", nil
	}
	n, err := tree(p, b, m.dict)
	if err != nil {
		return nil, fmt.Sprintf("the game's copy cannot be read: %v", err), nil
	}
	f.InBase = true
	if m.views {
		f.Base = dattext.Format(n)
	}
	return n, "", nil
}

// nothingMerged is Build's refusal when no file could be merged: it names
// each file left out and why, rather than claiming no file is shared.
func nothingMerged(rep *Report) error {
	if rep.Shared == 0 {
		return errors.New("no text source is shipped by two or more active mods: nothing to merge, no patch written")
	}
	if len(rep.Skipped) == 0 && rep.LeftOut > 0 {
		return fmt.Errorf("%w: each of the %d text sources two or more active mods ship merges to what the load order already gives (the first mod's copy), no patch written", ErrNothingToPatch, rep.LeftOut)
	}
	var why []string
	for i, s := range rep.Skipped {
		if i == 8 {
			why = append(why, fmt.Sprintf("and %d more", len(rep.Skipped)-i))
			break
		}
		why = append(why, s.Path+": "+s.Reason)
	}
	also := ""
	if rep.LeftOut > 0 {
		also = fmt.Sprintf(" (%d more merge to what the load order already gives)", rep.LeftOut)
	}
	return fmt.Errorf("none of the %d text sources two or more active mods ship could be merged%s, no patch written: %s", rep.Shared, also, strings.Join(why, "; "))
}

// ErrNothingToPatch: every shared source merges to the load order's
// winner's copy; a patch would change nothing.
var ErrNothingToPatch = errors.New("no patch needed")

// errBaseTooLarge: the game's copy of a file is over the memory budget.
var errBaseTooLarge = errors.New("over the memory limit")

// read reads the game's version of a file, of at most max bytes.
func (b *base) read(p string, max int64) ([]byte, bool, error) {
	var f fs.File
	var err error
	if b.pak != nil {
		f, err = b.pak.Open(p)
	} else {
		name, ok := b.index[p]
		if !ok {
			if name, ok = b.index[p+".BINDAT"]; !ok {
				if name, ok = b.index[p+".BINLAYOUT"]; !ok {
					return nil, false, nil
				}
			}
		}
		f, err = os.Open(name)
	}
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.Size() > max {
		return nil, false, fmt.Errorf("%d bytes: %w of %d MB", st.Size(), errBaseTooLarge, max*treeFactor>>20)
	}
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err == nil && int64(len(data)) > max {
		return nil, false, fmt.Errorf("more than %d bytes: %w of %d MB", max, errBaseTooLarge, max*treeFactor>>20)
	}
	return data, err == nil, err
}
