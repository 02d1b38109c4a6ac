package mod

import (
	"bytes"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"testing"
)

// spanSource writes a .MOD of compressible, incompressible and stored
// (.JPG) entries to a file and returns it open, with the payload CRC-32s
// its writer recorded and its bytes.
func spanSource(t *testing.T) (*Reader, map[string]uint32, []byte) {
	t.Helper()
	rng := rand.New(rand.NewSource(9))
	p := filepath.Join(t.TempDir(), "SRC.MOD")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	w, err := NewWriter(f, &Header{Title: "span source"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 200; i++ {
		name := fmt.Sprintf("MEDIA/F/E%03d.DAT", i)
		data := make([]byte, rng.Intn(5000))
		for j := range data {
			data[j] = byte(rng.Intn(4) + 'a')
			if i%5 == 2 {
				data[j] = byte(rng.Intn(256)) // does not shrink: stored
			}
		}
		if i%11 == 4 {
			name = fmt.Sprintf("MEDIA/F/E%03d.JPG", i) // stored
		}
		if err := w.Add(FileHeader{Name: name, FileTime: fixedTime}, bytes.NewReader(data)); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	crcs := map[string]uint32{}
	for _, b := range w.Written() {
		crcs[b.Path] = b.PayloadCRC32
	}
	f.Close()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if f, err = os.Open(p); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	r, err := NewReader(f, int64(len(b)), nil)
	if err != nil {
		t.Fatal(err)
	}
	return r, crcs, b
}

// spanCopy copies every entry of r, in its block order, into a new file
// with CopyRawVerifyLater; it returns the bytes, the writer's records and
// how many bytes the kernel copied.
func spanCopy(t *testing.T, r *Reader, crcs map[string]uint32) ([]byte, []WrittenBlock, int64) {
	t.Helper()
	p := filepath.Join(t.TempDir(), "OUT.MOD")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w, err := NewWriter(f, &Header{Title: "span source"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := range r.Entries {
		e := &r.Entries[i]
		if err := w.CopyRawVerifyLater(r, e, FileHeader{Name: e.Path, FileTime: fixedTime}, crcs[e.Path]); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return b, w.Written(), w.SpannedBytes()
}

// Blocks copied file to file for CopyRawVerifyLater go through the kernel
// (spans), their heads taken from the manifest and the tiling: the copy is
// the source byte for byte (its data head's maxCompressedBlockSize and
// rollingHash included), VerifyWritten finds nothing, and the spans carry
// every compressed block's bytes (stored ones are read, as before).
func TestCopySpanMatchesSource(t *testing.T) {
	r, crcs, src := spanSource(t)
	got, written, spanned := spanCopy(t, r, crcs)
	if !bytes.Equal(got, src) {
		t.Fatalf("the copy (%d bytes) differs from its source (%d bytes)", len(got), len(src))
	}
	for _, f := range check2(t, got, written) {
		if f.Severity != SevInfo {
			t.Fatalf("VerifyWritten: %+v", f)
		}
	}
	var compressed int64
	for _, b := range written {
		if b.Packed != 0 {
			compressed += 8 + int64(b.Packed)
		}
	}
	if compressed == 0 || spanned < compressed {
		t.Fatalf("the kernel copied %d bytes; the compressed blocks hold %d", spanned, compressed)
	}
}

// A source damaged on disk behind its manifest's back is copied as it is
// by a span, and VerifyWritten names the block: a payload byte changed is
// a "payload" finding, a head's compressed size changed a "block-head"
// one.
func TestCopySpanDamagedSourceFailsVerify(t *testing.T) {
	for _, tc := range []struct {
		check string
		at    func(b Block) int64
	}{
		{"payload", func(b Block) int64 { return b.Offset + 8 + b.Payload/2 }},
		{"block-head", func(b Block) int64 { return b.Offset + 4 }},
	} {
		t.Run(tc.check, func(t *testing.T) {
			r, crcs, src := spanSource(t)
			e, _ := r.Lookup("MEDIA/F/E010.DAT")
			blk, err := r.BlockOf(e)
			if err != nil || blk.Stored {
				t.Fatalf("E010 should be compressed: %+v %v", blk, err)
			}
			ra, _, _ := r.data.Outer()
			src[tc.at(blk)] ^= 0x10 // the same file, rewritten in place: the open reader sees it
			if err := os.WriteFile(ra.(*os.File).Name(), src, 0o644); err != nil {
				t.Fatal(err)
			}
			got, written, spanned := spanCopy(t, r, crcs)
			if spanned == 0 {
				t.Fatal("nothing went through the kernel")
			}
			fs := check2(t, got, written)
			if !hasCheck(fs, tc.check, e.Path) {
				t.Fatalf("no %q finding for %s: %+v", tc.check, e.Path, fs)
			}
		})
	}
}
