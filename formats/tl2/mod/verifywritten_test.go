package mod

import (
	"bytes"
	"context"
	"testing"
)

// VerifyWritten passes a fresh archive (compressed, stored, large stored
// and copied blocks), sums the whole file, and catches a flipped byte in
// a payload, in a block head and a manifest that disagrees.
func TestVerifyWritten(t *testing.T) {
	dir := t.TempDir()
	makeAssets(t, dir, !testing.Short())
	first := &memFile{}
	w, err := NewWriter(first, testHeader(), nil)
	if err != nil {
		t.Fatal(err)
	}
	writeFolder(t, w, dir)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	src, err := NewReader(first, int64(len(first.b)), nil)
	if err != nil {
		t.Fatal(err)
	}
	out := &memFile{}
	if w, err = NewWriter(out, testHeader(), &WriterOptions{Workers: 3}); err != nil {
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
