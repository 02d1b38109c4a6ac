package modpack

import (
	"bytes"
	"context"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/formats/tl2/mod"
)

// A previous .MOD with one byte of a block's compressed payload flipped on
// disk, its size and time kept (its head intact, so nothing but the
// payload's CRC-32 notices): ten times, a different block each time, the
// new .MOD is the full pack's bytes and inflates and verifies, with a
// warning naming the block (issue 22: 8 of 10 new .MODs failed to inflate,
// exit 0, no warning).
func TestIncrementalDamagedPayload(t *testing.T) {
	rng := rand.New(rand.NewSource(22))
	files := map[string]string{}
	for i := range 30 {
		files[fmt.Sprintf("MEDIA/UNITS/ITEMS/I%02d.DAT", i)] = fmt.Sprintf("[UNIT]\n<STRING>NAME:I%02d\n<STRING>DESCRIPTION:%s\n<INTEGER>LEVEL:%d\n[/UNIT]\n", i, strings.Repeat("long words ", 20+i), i)
	}
	for i := range 10 {
		b := make([]byte, 3000)
		for j := range b {
			b[j] = byte(rng.Intn(16))
		}
		files[fmt.Sprintf("MEDIA/SOUNDS/S%02d.OGG", i)] = string(b)
	}
	dir := makeMod(t, simpleModDat, files)
	backdate(dir)
	full, err := Pack(context.Background(), dir, Options{Output: filepath.Join(t.TempDir(), "FULL.MOD"), SHA256: true})
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "D.MOD")
	opt := Options{Output: out, Incremental: true, SHA256: true}
	if _, err := Pack(context.Background(), dir, opt); err != nil {
		t.Fatal(err)
	}
	broken := 0
	for trial := range 10 {
		st, _ := os.Stat(out)
		b, _ := os.ReadFile(out)
		r, err := mod.NewReader(bytes.NewReader(b), int64(len(b)), nil)
		if err != nil {
			t.Fatal(err)
		}
		e := &r.Entries[(trial*len(r.Entries))/10+1]
		blk, err := r.BlockOf(e)
		if err != nil {
			t.Fatal(err)
		}
		b[blk.Offset+8+blk.Payload/3] ^= 0x04
		os.WriteFile(out, b, 0o644)
		os.Chtimes(out, st.ModTime(), st.ModTime())

		res, err := Pack(context.Background(), dir, opt)
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		var note string
		for _, f := range res.Findings {
			if f.Severity == SevWarning && strings.Contains(f.Message, "did not read back") {
				note = f.Message
			}
		}
		nb, _ := os.ReadFile(out)
		nr, err := mod.NewReader(bytes.NewReader(nb), int64(len(nb)), nil)
		ok := err == nil
		if ok {
			finds, err := nr.Verify(context.Background(), nil)
			ok = err == nil
			for _, f := range finds {
				if f.Severity == mod.SevError {
					ok = false
					t.Logf("trial %d: %s", trial, f.Message)
				}
			}
		}
		if !ok || res.Hashes.SHA256 != full.Hashes.SHA256 {
			broken++
			t.Errorf("trial %d (%s damaged): the new .MOD verifies: %v; same as a full pack: %v", trial, e.Path, ok, res.Hashes.SHA256 == full.Hashes.SHA256)
		}
		if !strings.Contains(note, e.Path) || !strings.Contains(note, "payload CRC-32") {
			t.Errorf("trial %d: warning %q does not name %s", trial, note, e.Path)
		}
	}
	t.Logf("%d of 10 new .MODs broken", broken)
	// Undamaged, everything is reused again and the bytes are the full
	// pack's.
	next, err := Pack(context.Background(), dir, opt)
	if err != nil || next.Reused != 40 || next.Hashes.SHA256 != full.Hashes.SHA256 {
		t.Fatalf("next pack: %v, %d reused", err, next.Reused)
	}
}
