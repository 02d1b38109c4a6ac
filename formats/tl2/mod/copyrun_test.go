package mod

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand"
	"strings"
	"testing"
)

// runSource is a .MOD of n small entries (some stored: .JPG) to copy from.
func runSource(t *testing.T, n int) *Reader {
	t.Helper()
	rng := rand.New(rand.NewSource(3))
	var files []genFile
	for i := 0; i < n; i++ {
		name := fmt.Sprintf("MEDIA/F/E%03d.DAT", i)
		if i%7 == 3 {
			name = fmt.Sprintf("MEDIA/F/E%03d.JPG", i)
		}
		data := make([]byte, rng.Intn(3000))
		for j := range data {
			data[j] = byte(rng.Intn(4) + 'a')
		}
		files = append(files, genFile{name, data})
	}
	b := genMod(t, &Header{Title: "run source"}, files)
	r, err := NewReader(bytes.NewReader(b), int64(len(b)), nil)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// copyAll copies es from r with CopyRaw, or block by block (the path
// before runs) when alone is set.
func copyAll(t *testing.T, r *Reader, es []*Entry, alone bool) ([]byte, error) {
	t.Helper()
	out := &memFile{}
	w, err := NewWriter(out, &Header{Title: "copy"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, e := range es {
		if k%50 == 49 {
			if err := w.Add(FileHeader{Name: fmt.Sprintf("MEDIA/C/%04d_ADDED.DAT", k), FileTime: fixedTime}, strings.NewReader("added between copies")); err != nil {
				t.Fatal(err)
			}
		}
		fh := FileHeader{Name: fmt.Sprintf("MEDIA/C/%04d_%s", k, e.Path[len("MEDIA/F/"):]), FileTime: fixedTime}
		if alone {
			rec, name, err := w.newRecord(fh)
			if err == nil {
				err = w.copyOne(r, e, rec, payloadCheck{})
			}
			if err != nil {
				w.Abort()
				return nil, err
			}
			w.commitRecord(rec, name)
			continue
		}
		if err := w.CopyRaw(r, e, fh); err != nil {
			w.Abort()
			return nil, err
		}
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return out.b, nil
}

// Runs write the same bytes as copying block by block, whatever the order
// and subset copied, with small runMax-sized runs and runs cut by Add.
func TestCopyRunsMatchBlockByBlock(t *testing.T) {
	r := runSource(t, 300)
	rng := rand.New(rand.NewSource(5))
	defer func(m int64) { runMax = m }(runMax)
	for trial := 0; trial < 40; trial++ {
		runMax = 4 << 20
		if trial%2 == 1 {
			runMax = 5000 // a few blocks a run; some blocks bigger than a run
		}
		var es []*Entry
		for _, i := range r.BlockOrder() {
			if trial%4 == 0 || rng.Intn(5) > 0 {
				es = append(es, &r.Entries[i])
			}
		}
		if trial%3 == 1 { // some out of order: runs break there
			for k := 0; k < 10; k++ {
				a, b := rng.Intn(len(es)), rng.Intn(len(es))
				es[a], es[b] = es[b], es[a]
			}
		}
		sameAsAlone(t, r, es, fmt.Sprintf("trial %d", trial))
	}
}

// A block followed by bytes no entry claims (here: an entry the manifest
// no longer lists) does not fill its span: it is copied alone, the run
// split around it, and the output is what block-by-block copying gives.
func TestCopyRunsAroundUnlistedBlocks(t *testing.T) {
	r := runSource(t, 40)
	var keep []Entry
	for i, e := range r.Entries {
		if i%9 != 4 {
			keep = append(keep, e)
		}
	}
	r.Entries = keep
	var es []*Entry
	for _, i := range r.BlockOrder() {
		es = append(es, &r.Entries[i])
	}
	sameAsAlone(t, r, es, "around unlisted blocks")
}

// sameAsAlone copies es both ways and wants the same, valid, bytes.
func sameAsAlone(t *testing.T, r *Reader, es []*Entry, what string) {
	t.Helper()
	runs, err := copyAll(t, r, es, false)
	if err != nil {
		t.Fatal(err)
	}
	alone, err := copyAll(t, r, es, true)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(runs, alone) {
		t.Fatalf("%s: runs wrote other bytes than block-by-block copies", what)
	}
	if _, err := indepCheck(runs, nil); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// A manifest size that disagrees with the block head is an error naming
// the entry and the head's offset, as BlockOf reports it.
func TestCopyRunSizeMismatch(t *testing.T) {
	r := runSource(t, 10)
	bad := &r.Entries[r.BlockOrder()[5]]
	bad.Size++
	var es []*Entry
	for _, i := range r.BlockOrder() {
		es = append(es, &r.Entries[i])
	}
	_, err := copyAll(t, r, es, false)
	b, _ := r.BlockOf(bad)
	want := fmt.Sprintf("%s at offset 0x%X", bad.Path, b.Offset)
	if err == nil || !strings.Contains(err.Error(), "manifest says") || !strings.Contains(err.Error(), bad.Path) {
		t.Fatalf("got %v, want an error naming %s", err, want)
	}
	_, err2 := copyAll(t, r, es, true)
	if err2 == nil || err2.Error() != err.Error() {
		t.Fatalf("runs say %q, block by block %q", err, err2)
	}
	for _, e := range []error{err, err2} {
		var ce *CopyError
		if !errors.As(e, &ce) || ce.Entry != bad.Path || ce.Offset != b.Offset || !errors.Is(e, ErrFormat) {
			t.Fatalf("%v: want a *CopyError for %s at 0x%X wrapping ErrFormat, got %#v", e, bad.Path, b.Offset, ce)
		}
	}
}

// A source that fails to read is a *CopyError naming the run's first block
// and where it starts, whichever call reports it.
func TestCopyRunReadFailure(t *testing.T) {
	r := runSource(t, 10)
	order := r.BlockOrder()
	first := &r.Entries[order[0]]
	b0, _ := r.BlockOf(first)
	r.data = io.NewSectionReader(failingReaderAt{}, r.dataOff, r.data.Size())
	w, err := NewWriter(&memFile{}, &Header{Title: "copy"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, i := range order {
		if err = w.CopyRaw(r, &r.Entries[i], FileHeader{Name: fmt.Sprintf("MEDIA/C/%d.DAT", k)}); err != nil {
			break
		}
	}
	if err == nil {
		err = w.Close()
	}
	var ce *CopyError
	if !errors.As(err, &ce) || ce.Entry != first.Path || ce.Offset != b0.Offset || ce.Blocks != len(order) || !errors.Is(err, errDisk) {
		t.Fatalf("got %v (%#v), want a *CopyError for %s at 0x%X over %d blocks", err, ce, first.Path, b0.Offset, len(order))
	}
	if want := fmt.Sprintf("mod: copying %s and the %d blocks after it (offset 0x%X): disk on fire", first.Path, len(order)-1, b0.Offset); err.Error() != want {
		t.Fatalf("text %q, want %q", err, want)
	}
}

var errDisk = errors.New("disk on fire")

type failingReaderAt struct{}

func (failingReaderAt) ReadAt([]byte, int64) (int, error) { return 0, errDisk }

// AddBytes writes what Add writes for the same bytes (compressed, stored
// .JPG, empty), interleaved with copied runs.
func TestAddBytesMatchesAdd(t *testing.T) {
	r := runSource(t, 30)
	build := func(owned bool) []byte {
		out := &memFile{}
		w, err := NewWriter(out, &Header{Title: "add bytes"}, nil)
		if err != nil {
			t.Fatal(err)
		}
		for k, i := range r.BlockOrder() {
			e := &r.Entries[i]
			if err := w.CopyRaw(r, e, FileHeader{Name: "MEDIA/C/" + e.Path[len("MEDIA/F/"):], FileTime: fixedTime}); err != nil {
				t.Fatal(err)
			}
			if k%10 != 3 {
				continue
			}
			for _, f := range []genFile{{fmt.Sprintf("MEDIA/N/%d.DAT", k), bytes.Repeat([]byte("compiled "), 50+k)}, {fmt.Sprintf("MEDIA/N/%d.JPG", k), []byte("stored bytes")}, {fmt.Sprintf("MEDIA/N/%d_EMPTY.DAT", k), nil}} {
				fh := FileHeader{Name: f.name, FileTime: fixedTime}
				var err error
				if owned {
					err = w.AddBytes(fh, append([]byte(nil), f.data...))
				} else {
					err = w.Add(fh, bytes.NewReader(f.data))
				}
				if err != nil {
					t.Fatal(err)
				}
			}
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		return out.b
	}
	a, b := build(false), build(true)
	if !bytes.Equal(a, b) {
		t.Fatal("AddBytes wrote other bytes than Add")
	}
	if _, err := indepCheck(b, nil); err != nil {
		t.Fatal(err)
	}
}

// A run that fails to copy fails the writer: its records are in the
// manifest already, so going on and closing must not give an archive.
func TestCopyRunFailureFailsWriter(t *testing.T) {
	r := runSource(t, 10)
	order := r.BlockOrder()
	r.Entries[order[2]].Size++
	w, err := NewWriter(&memFile{}, &Header{Title: "copy"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var first error
	for k, i := range order {
		e := &r.Entries[i]
		if err := w.CopyRaw(r, e, FileHeader{Name: fmt.Sprintf("MEDIA/C/%d.DAT", k)}); err != nil && first == nil {
			first = err
		}
	}
	if err := w.Add(FileHeader{Name: "MEDIA/C/LATER.DAT"}, strings.NewReader("after the failure")); err != nil && first == nil {
		first = err
	}
	err = w.Close()
	if err == nil {
		t.Fatal("Close after a failed run wrote an archive")
	}
	if first != nil && err.Error() != first.Error() {
		t.Fatalf("Close says %q, the failure was %q", err, first)
	}
	if !strings.Contains(err.Error(), "manifest says") {
		t.Fatalf("Close: %v", err)
	}
}
