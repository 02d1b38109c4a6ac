package modpack

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"packsmith/formats/tl2/dattext"
	"packsmith/formats/tl2/mod"
)

// backdate makes every file under dir an hour old: older than the pack by
// more than the cache's one-second rule, so unchanged sources are not read.
func backdate(dir string) {
	old := time.Now().Add(-time.Hour)
	filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() {
			os.Chtimes(p, old, old)
		}
		return nil
	})
}

// xoverRepackable is the XOVER fixture's sources with a fixed MOD_ID
// (its mod.dat has GUTS's -1: a fresh id each pack), older than any pack
// (backdate), and the options of an incremental pack of them to X.MOD.
func xoverRepackable(t *testing.T) (dir string, opt Options) {
	t.Helper()
	dir, _ = xoverSources(t)
	os.WriteFile(filepath.Join(dir, "mod.dat"), dattext.EncodeText("[MOD]\r\n\t<STRING>NAME:XOVER\r\n\t<INTEGER64>MOD_ID:77\r\n[/MOD]\r\n", dattext.UTF16LEBOM), 0o644)
	backdate(dir)
	return dir, Options{Output: filepath.Join(t.TempDir(), "X.MOD"), Incremental: true, GameVersion: "1.25.5.6"}
}

func TestIncrementalPackIsByteIdentical(t *testing.T) {
	// Sources older than the pack: the unchanged ones are not even read
	// again (same size and time), the changed ones are.
	dir, opt := xoverRepackable(t)
	out := opt.Output
	first, err := Pack(context.Background(), dir, opt)
	if err != nil {
		t.Fatal(err)
	}
	if first.Reused != 0 || first.Compiled == 0 {
		t.Fatalf("first pack: %d reused, %d compiled", first.Reused, first.Compiled)
	}
	if _, err := os.Stat(out + CacheSuffix); err != nil {
		t.Fatal(err)
	}
	b1, _ := os.ReadFile(out)

	// Nothing changed: everything is reused and the bytes are the same.
	again, err := Pack(context.Background(), dir, opt)
	if err != nil {
		t.Fatal(err)
	}
	if again.Compiled != 0 || again.Reused != first.Compiled+first.Assets || Count(again.Findings, SevWarning) != Count(first.Findings, SevWarning) {
		t.Errorf("unchanged: %d reused, %d compiled; warnings %d vs %d", again.Reused, again.Compiled, Count(again.Findings, SevWarning), Count(first.Findings, SevWarning))
	}
	if b2, _ := os.ReadFile(out); !bytes.Equal(b1, b2) {
		t.Error("an unchanged incremental repack differs")
	}

	// One unit and one asset change: those two are packed, the rest
	// reused, and the result is the full pack's, byte for byte.
	unit := filepath.Join(dir, "MEDIA", "UNITS", "PLAYERS", "XOVER", "HUM_F.DAT")
	body, err := os.ReadFile(unit)
	if err != nil {
		t.Fatal(err)
	}
	text, enc, _ := dattext.Decode(unit, body)
	os.WriteFile(unit, dattext.EncodeText(strings.Replace(text, "NAME:Hum_xover_F", "NAME:Hum_xover_G", 1), enc), 0o644)
	var asset string
	filepath.Walk(filepath.Join(dir, "MEDIA"), func(p string, info os.FileInfo, err error) error {
		if err == nil && asset == "" && strings.EqualFold(filepath.Ext(p), ".wav") {
			asset = p
		}
		return nil
	})
	ab, _ := os.ReadFile(asset)
	ab[len(ab)-1] ^= 0xFF
	os.WriteFile(asset, ab, 0o644)
	now := time.Now()
	os.Chtimes(unit, now, now)
	os.Chtimes(asset, now, now)

	incr, err := Pack(context.Background(), dir, opt)
	if err != nil {
		t.Fatal(err)
	}
	full, err := Pack(context.Background(), dir, Options{Output: filepath.Join(t.TempDir(), "X.MOD"), GameVersion: "1.25.5.6"})
	if err != nil {
		t.Fatal(err)
	}
	if incr.Compiled != 1 || incr.Reused != first.Compiled+first.Assets-2 {
		t.Errorf("after two changes: %d reused, %d compiled", incr.Reused, incr.Compiled)
	}
	bi, _ := os.ReadFile(incr.Output)
	bf, _ := os.ReadFile(full.Output)
	if !bytes.Equal(bi, bf) {
		t.Errorf("incremental (%d bytes) ≠ full (%d bytes)", len(bi), len(bf))
	}
	// The SHA-256 of the whole file: taken only when asked
	// (Options.SHA256), full pack or repack, and then it is the file's.
	if full.Hashes.SHA256 != "" || incr.Hashes.SHA256 != "" {
		t.Errorf("SHA-256 not asked for: full pack %q, repack %q", full.Hashes.SHA256, incr.Hashes.SHA256)
	}
	want := fmt.Sprintf("%x", sha256.Sum256(bf))
	opt.SHA256 = true
	if again, err := Pack(context.Background(), dir, opt); err != nil || again.Reused == 0 || again.Hashes.SHA256 != want {
		t.Errorf("a repack asked for the SHA-256: %v, %d reused, %q, the file's is %s", err, again.Reused, again.Hashes.SHA256, want)
	}
	fullOpt := opt
	fullOpt.Incremental, fullOpt.Output = false, filepath.Join(t.TempDir(), "FULL.MOD")
	if f2, err := Pack(context.Background(), dir, fullOpt); err != nil || f2.Hashes.SHA256 != want {
		t.Errorf("a full pack asked for the SHA-256: %v, %q, the file's is %s", err, f2.Hashes.SHA256, want)
	}
	if !strings.Contains(string(unitdata(t, incr.Output)), "HUM_XOVER_G") {
		t.Error("UNITDATA.RAW does not follow the changed unit")
	}

	// A .MOD changed behind the cache's back: a full pack, said.
	os.Chtimes(out, now.Add(time.Hour), now.Add(time.Hour))
	res, err := Pack(context.Background(), dir, opt)
	if err != nil || res.Reused != 0 {
		t.Fatalf("%v, %d reused", err, res.Reused)
	}
	note := false
	for _, f := range res.Findings {
		note = note || strings.Contains(f.Message, "full pack: the .MOD changed since the cache was written")
	}
	if !note {
		t.Errorf("findings %v", res.Findings)
	}
}

// unitdata reads UNITDATA.RAW out of the .MOD at p and closes it again:
// the next pack renames over p, which Windows refuses while it is open.
func unitdata(t *testing.T, p string) []byte {
	t.Helper()
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	st, _ := f.Stat()
	r, err := mod.NewReader(f, st.Size(), nil)
	if err != nil {
		t.Fatal(err)
	}
	b := entries(t, r)["MEDIA/UNITDATA.RAW"]
	var ascii []byte
	for i := 0; i+1 < len(b); i += 2 {
		if b[i+1] == 0 {
			ascii = append(ascii, b[i])
		}
	}
	return append(ascii, b...)
}

// A damaged cache, or one of other options, means a full pack that says
// why; the output is the same.
func TestIncrementalBadCache(t *testing.T) {
	dir := makeMod(t, simpleModDat, map[string]string{"MEDIA/UNITS/ITEMS/A.DAT": "[UNIT]\n<STRING>NAME:A\n[/UNIT]\n"})
	out := filepath.Join(t.TempDir(), "A.MOD")
	opt := Options{Output: out, Incremental: true, SHA256: true}
	first, err := Pack(context.Background(), dir, opt)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		prep func()
		opt  Options
		note string
	}{
		{"garbage", func() { os.WriteFile(out+CacheSuffix, []byte("not a cache"), 0o644) }, opt, "full pack: A.MOD.packcache: not a Packsmith pack cache"},
		{"other options", func() {}, Options{Output: out, Incremental: true, Level: 9}, "full pack: the cache was made by another Packsmith or with other options"},
	} {
		c.prep()
		res, err := Pack(context.Background(), dir, c.opt)
		if err != nil {
			t.Fatal(err)
		}
		note := ""
		for _, f := range res.Findings {
			if strings.HasPrefix(f.Message, "full pack:") {
				note = f.Message
			}
		}
		if res.Reused != 0 || note != c.note {
			t.Errorf("%s: %d reused, note %q", c.name, res.Reused, note)
		}
		if c.name == "garbage" && res.Hashes.SHA256 != first.Hashes.SHA256 {
			t.Errorf("%s: output differs", c.name)
		}
	}
}

// A previous .MOD damaged behind its cache's back (same size and time, a
// block head changed) cannot be copied from: the pack goes again in full,
// says why in a warning naming the block, gives the full pack's bytes and
// a cache the next pack reuses.
func TestIncrementalDamagedPreviousMod(t *testing.T) {
	files := map[string]string{}
	for i := 0; i < 40; i++ {
		files[fmt.Sprintf("MEDIA/UNITS/ITEMS/I%02d.DAT", i)] = fmt.Sprintf("[UNIT]\n<STRING>NAME:I%02d\n<INTEGER>LEVEL:%d\n[/UNIT]\n", i, i)
	}
	dir := makeMod(t, simpleModDat, files)
	backdate(dir)
	out := filepath.Join(t.TempDir(), "D.MOD")
	opt := Options{Output: out, Incremental: true, SHA256: true}
	if _, err := Pack(context.Background(), dir, opt); err != nil {
		t.Fatal(err)
	}
	full := filepath.Join(t.TempDir(), "FULL.MOD")
	want, err := Pack(context.Background(), dir, Options{Output: full, SHA256: true})
	if err != nil {
		t.Fatal(err)
	}

	// Damage one block head of the previous .MOD, keeping its time.
	st, _ := os.Stat(out)
	b, _ := os.ReadFile(out)
	r, err := mod.NewReader(bytes.NewReader(b), int64(len(b)), nil) // not left open: Windows could not replace it
	if err != nil {
		t.Fatal(err)
	}
	e, _ := r.Lookup("MEDIA/UNITS/ITEMS/I20.DAT")
	blk, err := r.BlockOf(e)
	if err != nil {
		t.Fatal(err)
	}
	b[blk.Offset] ^= 1
	os.WriteFile(out, b, 0o644)
	os.Chtimes(out, st.ModTime(), st.ModTime())

	res, err := Pack(context.Background(), dir, opt)
	if err != nil {
		t.Fatalf("the damaged previous .MOD failed the pack: %v", err)
	}
	var note string
	for _, f := range res.Findings {
		if f.Severity == SevWarning && strings.HasPrefix(f.Message, "full pack: the previous .MOD did not read back") {
			note = f.Message
		}
	}
	if res.Reused != 0 || !strings.Contains(note, "MEDIA/UNITS/ITEMS/I20.DAT") || !strings.Contains(note, "manifest says") {
		t.Fatalf("%d reused, note %q", res.Reused, note)
	}
	if res.Hashes.SHA256 != want.Hashes.SHA256 {
		t.Fatal("the repack differs from a full pack")
	}
	next, err := Pack(context.Background(), dir, opt)
	if err != nil || next.Reused != 40 || next.Hashes.SHA256 != want.Hashes.SHA256 {
		t.Fatalf("next pack: %v, %d reused", err, next.Reused)
	}
}
