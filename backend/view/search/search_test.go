package search

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf16"
	"unicode/utf8"

	"packsmith/backend/archive"
	_ "packsmith/backend/drivers/all"
	"packsmith/backend/drivers/drivertest"
)

func utf16le(s string, bom bool) []byte {
	var b []byte
	if bom {
		b = []byte{0xFF, 0xFE}
	}
	for _, c := range utf16.Encode([]rune(s)) {
		b = append(b, byte(c), byte(c>>8))
	}
	return b
}

// The demo .MOD holds only compiled data: hits come from the decompiled
// text, with the preview's line numbers.
func TestSearchDecompiled(t *testing.T) {
	a, err := archive.Open("../../../testdata/demo/PACKSMITH_SAMPLE.MOD", archive.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	var streamed []Hit
	r, err := Search(context.Background(), a, Options{Query: "sample_sharp"}, nil, func(h []Hit) { streamed = append(streamed, h...) })
	if err != nil {
		t.Fatal(err)
	}
	// 11 entries decompile (4 RAW, 4 BINDAT, 3 BINLAYOUT); the .MPP is skipped.
	if r.Entries != 11 || r.Skipped != 1 || len(r.Notes) != 0 {
		t.Fatalf("entries %d skipped %d notes %v", r.Entries, r.Skipped, r.Notes)
	}
	got := map[string]Hit{}
	for _, h := range r.Hits {
		got[h.Entry] = h
	}
	sword := got["MEDIA/UNITS/ITEMS/SAMPLE/SAMPLE_SWORD.DAT"]
	if sword.Line != 12 || sword.Text != "\t\t<STRING>AFFIX:SAMPLE_SHARP" || sword.Col != 17 || sword.Len != 12 {
		t.Errorf("sword hit %+v", sword)
	}
	if h := got["MEDIA/AFFIXES/SAMPLE_SHARP.DAT"]; h.Line == 0 {
		t.Errorf("no hit in the affix itself: %+v", r.Hits)
	}
	if len(streamed) != len(r.Hits) || r.Matched != len(got) {
		t.Errorf("streamed %d hits, result %d, matched %d", len(streamed), len(r.Hits), r.Matched)
	}
	// Case-sensitive: the decompiled text says SAMPLE_SHARP.
	if r, _ := Search(context.Background(), a, Options{Query: "sample_sharp", CaseSensitive: true}, nil, nil); len(r.Hits) != 0 {
		t.Errorf("case-sensitive found %+v", r.Hits)
	}
	// A regular expression over a RAW table.
	r, err = Search(context.Background(), a, Options{Query: `^UNITDATA\.RAW: \d+ records$`, Regex: true}, nil, nil)
	if err != nil || len(r.Hits) != 1 || r.Hits[0].Entry != "MEDIA/UNITDATA.RAW" || r.Hits[0].Line != 1 {
		t.Fatalf("regex: %+v %v", r.Hits, err)
	}
	if _, err := Search(context.Background(), a, Options{Query: "(", Regex: true}, nil, nil); err == nil || !strings.Contains(err.Error(), "bad regular expression") {
		t.Fatalf("bad regex: %v", err)
	}
}

func TestSearchTextEncodings(t *testing.T) {
	long := strings.Repeat("é", 500) + "NEEDLE" + strings.Repeat("x", 500)
	a := drivertest.NewMem("t.zip", map[string][]byte{
		"a/utf8.txt":    []byte("one\nthe Needle here\nthree\n"),
		"a/utf16.dat":   utf16le("[ITEM]\r\n<STRING>NAME:needle\r\n[/ITEM]\r\n", true),
		"b/nobom.txt":   utf16le("first\r\nsecond needle\r\n", false),
		"b/long.txt":    []byte(long),
		"b/binary.bin":  {0, 1, 2, 0, 'n', 'e', 'e', 'd', 'l', 'e', 0, 0xFF},
		"c/picture.png": []byte("\x89PNG needle"),
		"c/ÜBER.txt":    []byte("STRASSE ÜBER NEEDLE"),
	})
	r, err := Search(context.Background(), a, Options{Query: "needle"}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"a/utf16.dat": 2, "a/utf8.txt": 2, "b/long.txt": 1, "b/nobom.txt": 2, "c/ÜBER.txt": 1}
	if len(r.Hits) != len(want) {
		t.Fatalf("hits %+v", r.Hits)
	}
	for _, h := range r.Hits {
		if want[h.Entry] != h.Line {
			t.Errorf("%s: line %d, want %d", h.Entry, h.Line, want[h.Entry])
		}
	}
	for _, h := range r.Hits {
		switch h.Entry {
		case "b/long.txt":
			if h.Col != 501 || len([]rune(h.Text)) != MaxLineText || !strings.Contains(h.Text, "NEEDLE") || h.Cut != 500-MaxLineText/3 {
				t.Errorf("long line hit: col %d cut %d %d runes", h.Col, h.Cut, len([]rune(h.Text)))
			}
		case "c/ÜBER.txt":
			if h.Col != 14 || h.Len != 6 {
				t.Errorf("unicode fold: %+v", h)
			}
		}
	}
	// binary.bin is read and skipped; the PNG is skipped by its kind.
	if r.Entries != 5 || r.Skipped != 2 {
		t.Errorf("entries %d skipped %d", r.Entries, r.Skipped)
	}
	// Only a folder.
	r, _ = Search(context.Background(), a, Options{Query: "needle", Paths: []string{"A"}}, nil, nil)
	if len(r.Hits) != 2 {
		t.Errorf("folder a: %+v", r.Hits)
	}
	// MaxHits stops the search and says so.
	r, _ = Search(context.Background(), a, Options{Query: "e", MaxHits: 3, Workers: 1}, nil, nil)
	if len(r.Hits) != 3 || !r.Truncated {
		t.Errorf("max hits: %d truncated %v", len(r.Hits), r.Truncated)
	}
}

// slow reads 4 KB per call, 2 ms each.
type slow struct{ *drivertest.Mem }

func (s slow) Open(p string) (io.ReadCloser, error) {
	rc, err := s.Mem.Open(p)
	if err != nil {
		return nil, err
	}
	return io.NopCloser(slowReader{rc}), nil
}

type slowReader struct{ r io.Reader }

func (s slowReader) Read(b []byte) (int, error) {
	time.Sleep(2 * time.Millisecond)
	return s.r.Read(b[:min(len(b), 4096)])
}

type lastProgress struct{ done, total atomic.Int64 }

func (l *lastProgress) Progress(d, t int64, _ string) { l.done.Store(d); l.total.Store(t) }

// Cancel stops a search mid-entry: it ends with the context's error, long
// before it would have finished.
func TestSearchCancel(t *testing.T) {
	files := map[string][]byte{}
	for i := 0; i < 20; i++ {
		files[fmt.Sprintf("f%02d.txt", i)] = []byte(strings.Repeat("needle in a haystack\n", 256<<10/21))
	}
	a := slow{drivertest.NewMem("slow.zip", files)}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	var p lastProgress
	go func() {
		_, err := Search(ctx, a, Options{Query: "needle", Workers: 2}, &p, nil)
		done <- err
	}()
	time.Sleep(50 * time.Millisecond)
	cancel()
	t0 := time.Now()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("cancelled search: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("cancel did not stop the search")
	}
	// One 4 KB read per worker may finish after the cancel.
	if d := time.Since(t0); d > 500*time.Millisecond {
		t.Errorf("search ran %v after the cancel", d)
	}
	if p.done.Load() >= 20 {
		t.Errorf("every entry was searched (%d of %d)", p.done.Load(), p.total.Load())
	}
}

// The case-folding matcher agrees with Go's (?i) regular expressions on
// where a match starts, for ASCII and Unicode text.
func FuzzFoldMatch(f *testing.F) {
	f.Add("STRASSE ÜBER NEEDLE", "über")
	f.Add("<STRING>AFFIX:SAMPLE_SHARP", "sample_sharp")
	f.Add("İstanbul ıi", "i")
	f.Fuzz(func(t *testing.T, line, q string) {
		if q == "" || !utf8.ValidString(line) || !utf8.ValidString(q) || strings.ToLower(q) != strings.ToLower(strings.ToUpper(strings.ToLower(q))) {
			return
		}
		m, err := compile(Options{Query: q})
		if err != nil {
			t.Fatal(err)
		}
		s, e, ok := m(line)
		if ok && (s < 0 || e > len(line) || s > e) {
			t.Fatalf("match [%d,%d) outside %q", s, e, line)
		}
		if ok && !strings.EqualFold(line[s:e], q) && strings.ToLower(line[s:e]) != strings.ToLower(q) {
			// Folding may change byte lengths (ẞ/ß): the lower-cased texts must agree.
			t.Fatalf("%q in %q: matched %q", q, line, line[s:e])
		}
		if !ok && strings.Contains(strings.ToLower(line), strings.ToLower(q)) {
			t.Fatalf("%q in %q: not found", q, line)
		}
	})
}

// A Reborn text table is searched as its preview shows it (key → text).
func TestSearchRebornTextTable(t *testing.T) {
	a, err := archive.Open("../../../testdata/demo/reborn_sample.dat", archive.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	r, err := Search(context.Background(), a, Options{Query: "vyce"}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Hits) != 1 || r.Hits[0].Entry != "#0" || r.Hits[0].Line != 5 || r.Hits[0].Text != "1  msg_0002  Vyce" {
		t.Fatalf("%+v", r.Hits)
	}
}

// Hits carry their entry's place in the listing, so the window can put the
// streamed hits (in the order workers finish) back in entry order; the
// result itself is in entry order.
func TestSearchHitsCarryEntryOrder(t *testing.T) {
	a, err := archive.Open("../../../testdata/demo/PACKSMITH_SAMPLE.MOD", archive.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	place := map[string]int{}
	for i, e := range a.Entries() {
		place[e.Path] = i
	}
	r, err := Search(context.Background(), a, Options{Query: "SAMPLE", Workers: 4}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if r.Matched < 5 {
		t.Fatalf("only %d entries matched", r.Matched)
	}
	last := -1
	for _, h := range r.Hits {
		if h.Order != place[h.Entry] {
			t.Fatalf("%s: order %d, listed at %d", h.Entry, h.Order, place[h.Entry])
		}
		if h.Order < last {
			t.Fatalf("result not in entry order at %s", h.Entry)
		}
		last = h.Order
	}
}
