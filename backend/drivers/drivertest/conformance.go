package drivertest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"packsmith/backend/archive"
	"packsmith/backend/edit/writeback"
)

// Family describes one driver for the conformance suite (Run): how to make
// a sample archive and what the family promises.
type Family struct {
	// Driver is the driver under test; it must also be registered, since
	// the suite opens files through archive.Open as the program does.
	Driver archive.Driver
	// Dir is set instead of Driver for a folder view (Make returns a
	// folder); it must be registered with archive.RegisterDir.
	Dir archive.DirDriver
	// AnyFolder: the folder view takes every folder (the generic one),
	// so it is not asked to refuse an empty one.
	AnyFolder bool
	// Fallback: Driver is registered with archive.RegisterFallback (it
	// takes files no family knows, text included: a loose file), so no
	// family detects the sample, archive.Open reaches it through the
	// driver, and what it must refuse is a binary file, not a text one.
	Fallback bool
	// Make writes a sample archive into dir and returns its path and what it
	// holds, as the family lists it (entry path → decoded bytes). The sample
	// needs at least MinEntries entries.
	Make func(t testing.TB, dir string) (string, map[string][]byte)
	// MinEntries is how many entries the sample must hold: 3 when 0 (a
	// loose file's family, one entry by design, sets 1).
	MinEntries int
	// Companions lists sidecar files that belong to the archive at p (a
	// DATA.PAK's .MAN); an unchanged repack must reproduce them too.
	Companions func(p string) []string

	// Lookup rules of the family.
	FoldCase     bool // entry lookup ignores ASCII letter case
	Backslash    bool // `\` is accepted for `/` in a looked-up path
	LeadingSlash bool // a leading `/` is accepted

	// RepackIdentical: a rewrite without edits is byte-identical.
	RepackIdentical bool

	// ReadOnly: the family has no Rewrite; the edit checks are skipped.
	ReadOnly bool
	// Replace and Remove name the entries the edit check changes; by
	// default the first and the last listed entries. Add is the path of the
	// new entry ("MEDIA/ADDED/NEW_ENTRY.TXT" by default) and AddedAs how it
	// lists afterwards (Add by default).
	Replace, Remove, Add, AddedAs string
	// Stored, when set, says how the family stores written bytes (Reborn
	// pads an entry with zeros to a 16-byte boundary); reads return that.
	Stored func(data []byte) []byte
}

// Run checks a driver against the archive model's contract: detection,
// listing and sizes, bytes, concurrent reads, lookup as the family defines
// it, the missing-entry error naming the entry, the capability descriptor
// against what the driver does, an unchanged repack, and replace/add/remove
// read back (to a new file and in place).
func Run(t *testing.T, fam Family) {
	t.Helper()
	t.Run("detect", func(t *testing.T) { checkDetect(t, fam) })
	t.Run("listing", func(t *testing.T) { checkListing(t, fam) })
	t.Run("concurrent", func(t *testing.T) { checkConcurrent(t, fam) })
	t.Run("lookup", func(t *testing.T) { checkLookup(t, fam) })
	t.Run("missing", func(t *testing.T) { checkMissing(t, fam) })
	t.Run("capabilities", func(t *testing.T) { checkCapabilities(t, fam) })
	if fam.ReadOnly {
		return
	}
	t.Run("repack", func(t *testing.T) { checkRepack(t, fam) })
	t.Run("edits", func(t *testing.T) { checkEdits(t, fam) })
	t.Run("edit-errors", func(t *testing.T) { checkEditErrors(t, fam) })
	t.Run("edit-lookup", func(t *testing.T) { checkEditLookup(t, fam) })
	t.Run("in-place", func(t *testing.T) { checkInPlace(t, fam) })
	t.Run("rename", func(t *testing.T) { checkRename(t, fam) })
}

func open(t testing.TB, p string) archive.Archive {
	t.Helper()
	a, err := archive.Open(p, archive.OpenOptions{})
	if err != nil {
		t.Fatalf("open %s: %v", p, err)
	}
	t.Cleanup(func() { a.Close() })
	return a
}

func readEntry(a archive.Archive, p string) ([]byte, error) {
	rc, err := a.Open(p)
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	return io.ReadAll(rc)
}

// listed returns the archive's entry paths in listing order.
func listed(a archive.Archive) []string {
	var out []string
	for _, e := range a.Entries() {
		out = append(out, e.Path)
	}
	return out
}

func sortedKeys(m map[string][]byte) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func checkDetect(t *testing.T, fam Family) {
	p, _ := fam.Make(t, t.TempDir())
	if fam.Dir != nil {
		d, err := archive.DetectDir(p)
		if err != nil || d.Name() != fam.Dir.Name() {
			t.Fatalf("folder %s: detected as %v (%v), want %s", p, d, err, fam.Dir.Name())
		}
		if s := fam.Dir.DetectDir(t.TempDir()); s != 0 && !fam.AnyFolder {
			t.Errorf("%s scores an empty folder %d", fam.Dir.Name(), s)
		}
		if a := open(t, p); a.Path() != p {
			t.Errorf("path %q, want %q", a.Path(), p)
		}
		return
	}
	if fam.Fallback {
		checkFallbackDetect(t, fam, p)
		return
	}
	d, err := archive.Detect(p)
	if err != nil {
		t.Fatal(err)
	}
	if d.Name() != fam.Driver.Name() {
		t.Fatalf("%s detected as %s, want %s", filepath.Base(p), d.Name(), fam.Driver.Name())
	}
	if fam.Driver.Detect("notes.txt", []byte("just some words, no archive here\n")) {
		t.Fatalf("%s takes a text file", fam.Driver.Name())
	}
	a := open(t, p)
	if a.Family() == "" || a.Path() != p {
		t.Fatalf("family %q, path %q (want %q)", a.Family(), a.Path(), p)
	}
}

// checkFallbackDetect: no family claims the sample (else the fallback
// would never see it), the driver takes it and archive.Open opens it
// through the driver; a binary file with no view is still refused.
func checkFallbackDetect(t *testing.T, fam Family, p string) {
	if d, err := archive.Detect(p); !errors.Is(err, archive.ErrUnknownFormat) {
		t.Fatalf("%s: a family (%v) takes the fallback's sample: %v", filepath.Base(p), d, err)
	}
	head, _ := os.ReadFile(p)
	if len(head) > archive.HeadSize {
		head = head[:archive.HeadSize]
	}
	if !fam.Driver.Detect(p, head) {
		t.Fatalf("%s does not take its sample %s", fam.Driver.Name(), filepath.Base(p))
	}
	if fam.Driver.Detect("random.bin", []byte{1, 2, 3, 0, 0, 9, 0xFE}) {
		t.Fatalf("%s takes a binary file", fam.Driver.Name())
	}
	a := open(t, p)
	if a.Family() == "" || a.Path() != p {
		t.Fatalf("family %q, path %q (want %q)", a.Family(), a.Path(), p)
	}
}

// checkListing compares the listing and every entry's bytes with the sample.
func checkListing(t *testing.T, fam Family) {
	p, want := fam.Make(t, t.TempDir())
	least := fam.MinEntries
	if least == 0 {
		least = 3
	}
	if len(want) < least {
		t.Fatalf("the sample needs at least %d entries, has %d", least, len(want))
	}
	a := open(t, p)
	compare(t, a, want)
}

// compare checks the listing against want. An entry whose extra says
// Shadowed is a copy a later one of the same path hides (a
// Lost Saga pack appended to, a GUTS .MOD listing a path twice): it is
// listed, but what its path reads is the winner's, so it is not compared.
func compare(t testing.TB, a archive.Archive, want map[string][]byte) {
	t.Helper()
	got := map[string]bool{}
	for _, e := range a.Entries() {
		if strings.HasPrefix(e.Path, "/") || strings.Contains(e.Path, `\`) || e.Path == "" {
			t.Errorf("entry path %q: paths are '/'-separated and relative", e.Path)
		}
		if e.Shadowed() {
			continue
		}
		if got[e.Path] {
			t.Errorf("entry %q listed twice", e.Path)
		}
		got[e.Path] = true
		b, ok := want[e.Path]
		if !ok {
			t.Errorf("unexpected entry %q", e.Path)
			continue
		}
		if e.Size != -1 && e.Size != int64(len(b)) {
			t.Errorf("%s: size %d, want %d", e.Path, e.Size, len(b))
		}
		if e.Packed < 0 {
			t.Errorf("%s: packed size %d", e.Path, e.Packed)
		}
		data, err := readEntry(a, e.Path)
		if err != nil {
			t.Errorf("%s: %v", e.Path, err)
		} else if !bytes.Equal(data, b) {
			t.Errorf("%s: %d bytes read, differ from the %d written", e.Path, len(data), len(b))
		}
	}
	for _, k := range sortedKeys(want) {
		if !got[k] {
			t.Errorf("entry %q missing from the listing %q", k, listed(a))
		}
	}
}

func checkConcurrent(t *testing.T, fam Family) {
	p, want := fam.Make(t, t.TempDir())
	a := open(t, p)
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			keys := sortedKeys(want)
			for round := 0; round < 4; round++ {
				for i := range keys {
					k := keys[(i+g)%len(keys)]
					b, err := readEntry(a, k)
					if err != nil {
						errs <- err
						return
					}
					if !bytes.Equal(b, want[k]) {
						errs <- fmt.Errorf("%s: concurrent read gave different bytes", k)
						return
					}
				}
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// swapCase flips the case of every ASCII letter.
func swapCase(s string) string {
	b := []byte(s)
	for i, c := range b {
		switch {
		case 'a' <= c && c <= 'z':
			b[i] = c - 32
		case 'A' <= c && c <= 'Z':
			b[i] = c + 32
		}
	}
	return string(b)
}

func checkLookup(t *testing.T, fam Family) {
	p, want := fam.Make(t, t.TempDir())
	a := open(t, p)
	var nested, lettered string
	for _, k := range sortedKeys(want) {
		if nested == "" && strings.Contains(k, "/") {
			nested = k
		}
		if lettered == "" && swapCase(k) != k && want[swapCase(k)] == nil {
			lettered = k
		}
	}
	try := func(rule string, allowed bool, asked, entry string) {
		t.Helper()
		b, err := readEntry(a, asked)
		switch {
		case allowed && err != nil:
			t.Errorf("%s: %q should find %q: %v", rule, asked, entry, err)
		case allowed && !bytes.Equal(b, want[entry]):
			t.Errorf("%s: %q read other bytes than %q", rule, asked, entry)
		case !allowed && err == nil:
			t.Errorf("%s: %q found an entry, but the family's lookup is exact", rule, asked)
		case !allowed && !errors.Is(err, archive.ErrNotFound):
			t.Errorf("%s: %q: want ErrNotFound, got %v", rule, asked, err)
		}
	}
	if lettered != "" {
		try("letter case", fam.FoldCase, swapCase(lettered), lettered)
	}
	if nested != "" {
		try("backslash", fam.Backslash, strings.ReplaceAll(nested, "/", `\`), nested)
	}
	any := sortedKeys(want)[0]
	try("leading slash", fam.LeadingSlash, "/"+any, any)
	if e, ok := archive.Find(a, any); !ok || e.Path != any {
		t.Errorf("archive.Find(%q) = %q, %v", any, e.Path, ok)
	}
}

func checkMissing(t *testing.T, fam Family) {
	p, _ := fam.Make(t, t.TempDir())
	a := open(t, p)
	const name = "NO/SUCH/ENTRY_IN_HERE.BIN"
	_, err := readEntry(a, name)
	if err == nil {
		t.Fatalf("opening %s succeeded", name)
	}
	if !errors.Is(err, archive.ErrNotFound) {
		t.Errorf("missing entry: want an error wrapping ErrNotFound, got %v", err)
	}
	if !strings.Contains(err.Error(), name) {
		t.Errorf("missing-entry error %q does not name the entry", err)
	}
	if !strings.Contains(err.Error(), filepath.Base(p)) {
		t.Errorf("missing-entry error %q does not name the archive", err)
	}
}

func rewrite(t testing.TB, a archive.Archive, dst string, edits []archive.Edit) error {
	t.Helper()
	rw := a.Capabilities().Rewrite
	if rw == nil {
		t.Fatalf("%s archives have no Rewrite (set ReadOnly)", a.Family())
	}
	st, err := rw(context.Background(), dst, edits, archive.NoProgress{})
	if err != nil {
		return err
	}
	return st.Commit()
}

func outPath(t testing.TB, src string) string {
	return filepath.Join(t.TempDir(), "out"+filepath.Ext(src))
}

func checkRepack(t *testing.T, fam Family) {
	p, want := fam.Make(t, t.TempDir())
	a := open(t, p)
	dst := outPath(t, p)
	if err := rewrite(t, a, dst, nil); err != nil {
		t.Fatalf("repack: %v", err)
	}
	if fam.RepackIdentical {
		same := func(x, y string) {
			bx, err1 := os.ReadFile(x)
			by, err2 := os.ReadFile(y)
			if err1 != nil || err2 != nil {
				t.Fatalf("%v %v", err1, err2)
			}
			if !bytes.Equal(bx, by) {
				t.Errorf("unchanged repack of %s is not byte-identical (%d bytes, was %d)", filepath.Base(x), len(by), len(bx))
			}
		}
		same(p, dst)
		if fam.Companions != nil {
			src, out := fam.Companions(p), fam.Companions(dst)
			if len(src) != len(out) {
				t.Fatalf("companions %q vs %q", src, out)
			}
			for i := range src {
				same(src[i], out[i])
			}
		}
	}
	compare(t, open(t, dst), want)
}

// plan picks the suite's edits and what the archive should hold after them.
func plan(t testing.TB, fam Family, a archive.Archive, want map[string][]byte, dir string) ([]archive.Edit, map[string][]byte) {
	t.Helper()
	ls := listed(a)
	rep, rem, add, addedAs := fam.Replace, fam.Remove, fam.Add, fam.AddedAs
	if rep == "" {
		rep = ls[0]
	}
	if rem == "" {
		rem = ls[len(ls)-1]
	}
	if add == "" {
		add = "MEDIA/ADDED/NEW_ENTRY.TXT"
	}
	if addedAs == "" {
		addedAs = add
	}
	newBytes := []byte("replaced by the conformance suite\r\n" + strings.Repeat("0123456789", 50))
	addBytes := []byte("added by the conformance suite\n")
	repSrc := filepath.Join(dir, "replacement.bin")
	addSrc := filepath.Join(dir, "addition.txt")
	if err := os.WriteFile(repSrc, newBytes, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(addSrc, addBytes, 0o644); err != nil {
		t.Fatal(err)
	}
	after := map[string][]byte{}
	for k, v := range want {
		after[k] = v
	}
	stored := func(b []byte) []byte { return b }
	if fam.Stored != nil {
		stored = fam.Stored
	}
	after[rep] = stored(newBytes)
	delete(after, rem)
	after[addedAs] = stored(addBytes)
	// The suite checks the container stores bytes as given: no conversion
	// (backend/edit/intake compiles text and rebuilds RAW indices otherwise).
	return []archive.Edit{
		{Op: archive.EditReplace, Path: rep, Source: repSrc, Convert: archive.ConvertNone},
		{Op: archive.EditRemove, Path: rem, Convert: archive.ConvertNone},
		{Op: archive.EditAdd, Path: add, Source: addSrc, Convert: archive.ConvertNone},
	}, after
}

func checkEdits(t *testing.T, fam Family) {
	p, want := fam.Make(t, t.TempDir())
	a := open(t, p)
	edits, after := plan(t, fam, a, want, t.TempDir())
	dst := outPath(t, p)
	if err := rewrite(t, a, dst, edits); err != nil {
		t.Fatalf("rewrite with %v: %v", edits, err)
	}
	compare(t, open(t, dst), after)
	// The source is untouched.
	compare(t, open(t, p), want)
}

func checkEditErrors(t *testing.T, fam Family) {
	p, want := fam.Make(t, t.TempDir())
	a := open(t, p)
	src := filepath.Join(t.TempDir(), "x.bin")
	if err := os.WriteFile(src, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	const missing = "NO/SUCH/ENTRY_TO_EDIT.BIN"
	for _, ed := range []archive.Edit{
		{Op: archive.EditReplace, Path: missing, Source: src},
		{Op: archive.EditRemove, Path: missing},
		{Op: archive.EditAdd, Path: sortedKeys(want)[0], Source: src},
	} {
		dst := outPath(t, p)
		err := rewrite(t, a, dst, []archive.Edit{ed})
		if err == nil {
			t.Errorf("%s %s succeeded", ed.Op, ed.Path)
			continue
		}
		if !strings.Contains(err.Error(), ed.Path) {
			t.Errorf("%s %s: error %q does not name the entry", ed.Op, ed.Path, err)
		}
		if ed.Op != archive.EditAdd && !errors.Is(err, archive.ErrNotFound) {
			t.Errorf("%s %s: want ErrNotFound, got %v", ed.Op, ed.Path, err)
		}
		if _, err := os.Stat(dst); err == nil {
			t.Errorf("%s %s: a failed rewrite left %s", ed.Op, ed.Path, dst)
		}
		if ents, _ := os.ReadDir(filepath.Dir(dst)); len(ents) != 0 {
			t.Errorf("%s %s: a failed rewrite left %d files beside the output", ed.Op, ed.Path, len(ents))
		}
	}
}

// checkInPlace edits the archive where it is through writeback.Apply, as
// the CLI and the window do: a backup of the old bytes, the new ones read
// back.
func checkInPlace(t *testing.T, fam Family) {
	dir := t.TempDir()
	p, want := fam.Make(t, dir)
	var before []byte
	if st, err := os.Stat(p); err != nil {
		t.Fatal(err)
	} else if !st.IsDir() { // a folder is edited file by file, not backed up whole
		if before, err = os.ReadFile(p); err != nil {
			t.Fatal(err)
		}
	}
	a := open(t, p)
	edits, after := plan(t, fam, a, want, t.TempDir())
	a.Close()
	res, err := writeback.Apply(context.Background(), p, "", edits, archive.OpenOptions{}, nil)
	if err != nil {
		t.Fatalf("in place: %v", err)
	}
	if res.Output != p {
		t.Errorf("output %s, want %s", res.Output, p)
	}
	if res.Backup != "" && before != nil {
		b, err := os.ReadFile(res.Backup)
		if err != nil || !bytes.Equal(b, before) {
			t.Errorf("backup %s does not hold the old bytes (%v)", res.Backup, err)
		}
	}
	compare(t, open(t, p), after)
}

// checkEditLookup: an edit finds its entry by the same rule as Open, so a
// name Open refuses is refused by replace too, and one it takes is edited.
func checkEditLookup(t *testing.T, fam Family) {
	p, want := fam.Make(t, t.TempDir())
	a := open(t, p)
	src := filepath.Join(t.TempDir(), "x.bin")
	if err := os.WriteFile(src, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, k := range sortedKeys(want) {
		asked := swapCase(k)
		if asked == k || want[asked] != nil {
			continue
		}
		_, openErr := readEntry(a, asked)
		err := rewrite(t, a, outPath(t, p), []archive.Edit{{Op: archive.EditReplace, Path: asked, Source: src, Convert: archive.ConvertNone}})
		switch {
		case openErr == nil && err != nil:
			t.Errorf("Open(%q) finds %q but replace fails: %v", asked, k, err)
		case openErr != nil && err == nil:
			t.Errorf("Open(%q) finds nothing but replace edited %q", asked, k)
		}
		return
	}
}

// checkRename renames an entry into another folder where the family says
// it can (EditRename in Capabilities.Edit), and checks that a family that
// cannot refuses.
func checkRename(t *testing.T, fam Family) {
	p, want := fam.Make(t, t.TempDir())
	a := open(t, p)
	from := listed(a)[0]
	to := "RENAMED/" + strings.ToUpper(filepath.Base(from))
	if !a.Capabilities().Edit.Has(archive.EditRename) {
		_, err := writeback.Apply(context.Background(), p, outPath(t, p),
			[]archive.Edit{{Op: archive.EditRename, Path: from, NewPath: to}}, archive.OpenOptions{}, nil)
		if err == nil || !strings.Contains(err.Error(), "rename") {
			t.Errorf("%s cannot rename: want an error saying so, got %v", a.Family(), err)
		}
		return
	}
	dst := outPath(t, p)
	if err := rewrite(t, a, dst, []archive.Edit{{Op: archive.EditRename, Path: from, NewPath: to}}); err != nil {
		t.Fatalf("rename %s → %s: %v", from, to, err)
	}
	after := map[string][]byte{}
	for k, v := range want {
		after[k] = v
	}
	after[to] = want[from]
	delete(after, from)
	compare(t, open(t, dst), after)
}
