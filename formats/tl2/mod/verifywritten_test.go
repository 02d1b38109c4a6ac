package mod

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
)

// VerifyWritten passes a fresh archive (compressed, stored, large stored
// and copied blocks), sums the whole file, and catches a flipped byte in
// a payload, in a block head and a manifest that disagrees.
func TestVerifyWritten(t *testing.T) {
	dir, first, _ := assetsArchive(t, !testing.Short())
	src, err := NewReader(first, int64(len(first.b)), nil)
	if err != nil {
		t.Fatal(err)
	}
	out := &memFile{}
	w, err := NewWriter(out, testHeader(), &WriterOptions{Workers: 3})
	if err != nil {
		t.Fatal(err)
	}
	writeFolder(t, w, dir)
	for i := range src.Entries {
		e := &src.Entries[i]
		if err := w.CopyRaw(src, e, FileHeader{Name: "MEDIA/COPIED/" + e.Path, Type: e.Type, ExplicitType: true}); err != nil {
			t.Fatal(err)
		}
	}
	if w.Written() != nil {
		t.Error("Written before Close")
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	written := w.Written()
	if len(written) == 0 {
		t.Fatal("Written is empty after Close")
	}

	check := func(b []byte) []Finding {
		t.Helper()
		fs := check2(t, b, written)
		var errs []Finding
		for _, f := range fs {
			if f.Severity == SevError {
				errs = append(errs, f)
			}
		}
		return errs
	}
	if errs := check(out.b); len(errs) != 0 {
		t.Fatalf("clean archive: %v", errs)
	}
	r, _ := NewReader(bytes.NewReader(out.b), int64(len(out.b)), nil)
	bigDone := false
	for i := range r.Entries {
		e := &r.Entries[i]
		blk, err := r.BlockOf(e)
		if err != nil || blk.Payload < 2 || (blk.Payload > 1<<20 && bigDone) {
			continue
		}
		bigDone = bigDone || blk.Payload > 1<<20
		// A flipped payload byte: caught without inflating.
		at := blk.Offset + 8 + blk.Payload/2
		out.b[at] ^= 0x40
		if errs := check(out.b); !hasCheck(errs, "payload", e.Path) {
			t.Errorf("%s: flipped payload byte not caught: %v", e.Path, errs)
		}
		out.b[at] ^= 0x40
		// A block head that lies about the compressed size.
		out.b[blk.Offset+4] ^= 0x01
		if errs := check(out.b); !hasCheck(errs, "block-head", e.Path) {
			t.Errorf("%s: damaged block head not caught: %v", e.Path, errs)
		}
		out.b[blk.Offset+4] ^= 0x01
	}
	// The writer's records against a manifest that lost an entry.
	if errs := check2(t, out.b, written[1:]); !hasCheck(errs, "manifest", written[0].Path) {
		t.Errorf("missing record not caught: %v", errs)
	}
}

func check2(t *testing.T, b []byte, written []WrittenBlock) []Finding {
	r, err := NewReader(bytes.NewReader(b), int64(len(b)), nil)
	if err != nil {
		t.Fatal(err)
	}
	fs, err := r.VerifyWritten(context.Background(), bytes.NewReader(b), int64(len(b)), written, nil)
	if err != nil {
		t.Fatal(err)
	}
	// VerifyWrittenFile, which parses the manifest beside the pass, finds
	// the same, in the same order.
	_, ff, _, err := VerifyWrittenFile(context.Background(), bytes.NewReader(b), int64(len(b)), written, nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(ff, fs) {
		t.Fatalf("VerifyWrittenFile found\n%v\nVerifyWritten\n%v", ff, fs)
	}
	// The pass split across goroutines (scanSplit: a repack's, over a
	// large file) finds the same as the serial one, in the same order,
	// for every split.
	for _, workers := range []int{1, 2, 3, 7} {
		fw := withScanSplit(workers, int64(1+workers*workers*997), func() []Finding {
			f, err := r.VerifyWritten(context.Background(), bytes.NewReader(b), int64(len(b)), written, nil)
			if err != nil {
				t.Fatal(err)
			}
			return f
		})
		if !reflect.DeepEqual(fw, fs) {
			t.Fatalf("split %d ways the pass found\n%v\nthe serial one\n%v", workers, fw, fs)
		}
	}
	return fs
}

func hasCheck(fs []Finding, check, entry string) bool {
	for _, f := range fs {
		if f.Check == check && f.Entry == entry {
			return true
		}
	}
	return false
}

// VerifyWrittenTee hands the tee every byte of the file in order (its
// SHA-256 is the file's, over more buffers than the tee holds, so they
// go round), and a read that stops short says so through teed, with a
// "read" finding naming the offset.
func TestVerifyWrittenTee(t *testing.T) {
	_, out, written := assetsArchive(t, true)
	size := int64(len(out.b))
	if size <= teeBuffers<<20 {
		t.Fatalf("the archive is %d bytes: too small to go round the %d tee buffers", size, teeBuffers)
	}
	r, err := NewReader(bytes.NewReader(out.b), size, nil)
	if err != nil {
		t.Fatal(err)
	}
	h := sha256.New()
	fs, teed, err := r.VerifyWrittenTee(context.Background(), bytes.NewReader(out.b), size, written, h, nil)
	if err != nil || len(errorsOf(fs)) != 0 {
		t.Fatalf("clean archive: %v %v", err, fs)
	}
	want := sha256.Sum256(out.b)
	if teed != size || !bytes.Equal(h.Sum(nil), want[:]) {
		t.Fatalf("tee took %d of %d bytes, SHA-256 %x, want %x", teed, size, h.Sum(nil), want)
	}
	h.Reset()
	if rd, fs, teed, err := VerifyWrittenFile(context.Background(), bytes.NewReader(out.b), size, written, h, nil, nil); err != nil || rd == nil || len(errorsOf(fs)) != 0 || teed != size || !bytes.Equal(h.Sum(nil), want[:]) {
		t.Fatalf("VerifyWrittenFile: %v, %d findings, tee took %d of %d bytes, SHA-256 %x", err, len(fs), teed, size, h.Sum(nil))
	}
	// A file that is not a .MOD: NewReader's error, from the header.
	if _, _, _, err := VerifyWrittenFile(context.Background(), bytes.NewReader([]byte("not a mod at all")), 16, written, nil, nil, nil); err == nil || !strings.Contains(err.Error(), "header version") {
		t.Errorf("not a .MOD: %v", err)
	}
	short := size - 3<<20 - 17
	h.Reset()
	fs, teed, err = r.VerifyWrittenTee(context.Background(), bytes.NewReader(out.b[:short]), size, written, h, nil)
	if err != nil || teed == size {
		t.Fatalf("a short read: teed %d of %d, err %v", teed, size, err)
	}
	if !hasCheckAt(fs, "read", short&^(1<<20-1)) {
		t.Errorf("a short read at %d: no read finding at its buffer: %v", short, fs)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, teed, err = r.VerifyWrittenTee(ctx, bytes.NewReader(out.b), size, written, sha256.New(), nil); err != context.Canceled || teed == size {
		t.Errorf("cancelled: teed %d of %d, err %v", teed, size, err)
	}
}

func errorsOf(fs []Finding) []Finding {
	var errs []Finding
	for _, f := range fs {
		if f.Severity == SevError {
			errs = append(errs, f)
		}
	}
	return errs
}

func hasCheckAt(fs []Finding, check string, off int64) bool {
	for _, f := range fs {
		if f.Check == check && f.Offset == off {
			return true
		}
	}
	return false
}

// withScanSplit runs fn with every pass without a tee split between
// workers goroutines (1: serial) in pieces of about piece bytes, whatever
// its size.
func withScanSplit(workers int, piece int64, fn func() []Finding) []Finding {
	minWas, workersWas, pieceWas := scanParallelMin, scanWorkers, scanPiece
	defer func() { scanParallelMin, scanWorkers, scanPiece = minWas, workersWas, pieceWas }()
	scanParallelMin, scanWorkers, scanPiece = 0, func() int { return workers }, piece
	return fn()
}

// assetsArchive writes makeAssets' files (big: the large ones too) into a
// folder and packs them into an archive in memory, with the writer's
// record of its blocks.
func assetsArchive(t *testing.T, big bool) (dir string, out *memFile, written []WrittenBlock) {
	t.Helper()
	dir = t.TempDir()
	makeAssets(t, dir, big)
	out = &memFile{}
	w, err := NewWriter(out, testHeader(), nil)
	if err != nil {
		t.Fatal(err)
	}
	writeFolder(t, w, dir)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return dir, out, w.Written()
}

// rangeCounter counts the bytes read at or past from.
type rangeCounter struct {
	r    io.ReaderAt
	from int64
	n    atomic.Int64
}

func (c *rangeCounter) ReadAt(p []byte, off int64) (int, error) {
	n, err := c.r.ReadAt(p, off)
	if end := off + int64(n); end > c.from {
		c.n.Add(end - max(off, c.from))
	}
	return n, err
}

// VerifyWrittenFile reads the manifest once: the parse keeps its bytes for
// the check's mhash step (3 MB read twice for 37,000 entries), and the
// step found is the one the writer used.
func TestVerifyWrittenFileReadsTheManifestOnce(t *testing.T) {
	_, out, written := assetsArchive(t, true)
	size := int64(len(out.b))
	r, err := NewReader(bytes.NewReader(out.b), size, nil)
	if err != nil {
		t.Fatal(err)
	}
	rc := &rangeCounter{r: bytes.NewReader(out.b), from: r.manOff}
	rd, fs, _, err := VerifyWrittenFile(context.Background(), rc, size, written, nil, nil, nil)
	if err != nil || len(errorsOf(fs)) != 0 {
		t.Fatalf("clean archive: %v %v", err, fs)
	}
	if got, want := rc.n.Load(), size-r.manOff; got != want {
		t.Errorf("%d bytes read from the manifest's %d", got, want)
	}
	if rd.mb != nil {
		t.Error("the Reader handed back still holds the manifest's bytes")
	}
	if !slices.ContainsFunc(fs, func(f Finding) bool {
		return f.Check == "mhash" && strings.Contains(f.Message, fmt.Sprintf("sampling step %d", FindMHashStep(mustManifest(t, r), r.MHash)))
	}) {
		t.Errorf("no mhash finding with the step: %v", fs)
	}
}

func mustManifest(t *testing.T, r *Reader) []byte {
	t.Helper()
	mb, err := r.ManifestBytes()
	if err != nil {
		t.Fatal(err)
	}
	return mb
}

// The manifest check's quick answer (listsExactly, through byPath) is the
// full one's: nothing for an exact list, and the same findings for a list
// that differs in any field, path or count.
func TestManifestAgainstWrittenQuickPath(t *testing.T) {
	_, out, written := assetsArchive(t, false)
	r, err := NewReader(bytes.NewReader(out.b), int64(len(out.b)), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(written) < 3 {
		t.Fatalf("%d blocks", len(written))
	}
	slow, err := NewReader(bytes.NewReader(out.b), int64(len(out.b)), nil)
	if err != nil {
		t.Fatal(err)
	}
	slow.byPath = nil // no index: the full check, map and all
	change := func(f func(w []WrittenBlock) []WrittenBlock) []WrittenBlock {
		return f(slices.Clone(written))
	}
	cases := map[string][]WrittenBlock{
		"exact":          written,
		"crc":            change(func(w []WrittenBlock) []WrittenBlock { w[1].CRC32 ^= 1; return w }),
		"offset":         change(func(w []WrittenBlock) []WrittenBlock { w[2].Offset += 8; return w }),
		"size":           change(func(w []WrittenBlock) []WrittenBlock { w[0].Size++; return w }),
		"renamed":        change(func(w []WrittenBlock) []WrittenBlock { w[1].Path += "X"; return w }),
		"written twice":  change(func(w []WrittenBlock) []WrittenBlock { w[2] = w[1]; return w }),
		"one missing":    change(func(w []WrittenBlock) []WrittenBlock { return w[1:] }),
		"one more block": change(func(w []WrittenBlock) []WrittenBlock { return append(w, WrittenBlock{Path: "MEDIA/EXTRA.DAT"}) }),
	}
	for name, w := range cases {
		got, want := r.manifestAgainst(w), slow.manifestAgainst(w)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: quick path found %v, the full check %v", name, got, want)
		}
		if (name == "exact") != (len(got) == 0) {
			t.Errorf("%s: %d findings %v", name, len(got), got)
		}
	}
}
