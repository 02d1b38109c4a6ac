package diff

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"packsmith/backend/archive"
	"packsmith/backend/drivers/drivertest"
)

// family gives a memory archive another family name; fold says its game
// reads names in any case (as a Torchlight II pack's does); unknown hides
// sizes (-1), as some families list them.
type family struct {
	*drivertest.Mem
	name    string
	fold    bool
	unknown bool
}

func (f family) Family() string { return f.name }
func (f family) Capabilities() archive.Capabilities {
	c := f.Mem.Capabilities()
	c.FoldNames = f.fold
	return c
}
func (f family) Entries() []archive.Entry {
	es := append([]archive.Entry(nil), f.Mem.Entries()...)
	if f.unknown {
		for i := range es {
			es[i].Size = -1
		}
	}
	return es
}

func mem(fam string, files map[string]string) family {
	m := map[string][]byte{}
	for k, v := range files {
		m[k] = []byte(v)
	}
	return family{Mem: drivertest.NewMem(fam+".x", m), name: fam}
}

func TestCompare(t *testing.T) {
	long := strings.Repeat("x", 200000)
	a := mem("zip", map[string]string{"same.txt": "same", "gone.txt": "bye", "edit.txt": long + "a" + long, "grow.txt": "abc", "Case.txt": "c"})
	b := mem("zip", map[string]string{"same.txt": "same", "new.txt": "hello", "edit.txt": long + "b" + long, "grow.txt": "abcdef", "case.txt": "c"})
	r, err := Compare(context.Background(), a, b, nil)
	if err != nil {
		t.Fatal(err)
	}
	if r.CaseInsensitive || r.Same != 1 || r.Added != 2 || r.Removed != 2 || r.Changed != 2 {
		t.Fatalf("zip: %+v", r)
	}
	// The JSON is the documented shape.
	js, _ := json.Marshal(r)
	for _, k := range []string{`"a":"zip.x"`, `"familyA":"zip"`, `"caseInsensitive":false`, `"same":1`, `"added":2`, `"changes":[{"path":"Case.txt","status":"removed","sizeA":1,"sizeB":-1,"kind":"text","offset":0}`} {
		if !strings.Contains(string(js), k) {
			t.Errorf("JSON lacks %s: %s", k, js)
		}
	}
	got := map[string]Change{}
	for _, c := range r.Changes {
		got[c.Path] = c
	}
	if c := got["edit.txt"]; c.Status != Changed || c.Offset != 200000 || c.SizeA != 400001 || c.SizeB != 400001 {
		t.Errorf("edit.txt: %+v", c)
	}
	if c := got["grow.txt"]; c.Offset != 3 || c.SizeA != 3 || c.SizeB != 6 {
		t.Errorf("grow.txt: %+v", c)
	}
	if c := got["new.txt"]; c.Status != Added || c.SizeA != -1 || c.SizeB != 5 {
		t.Errorf("new.txt: %+v", c)
	}
	if got["Case.txt"].Status != Removed || got["case.txt"].Status != Added {
		t.Errorf("zip names pair exactly: %+v", r.Changes)
	}

	// A Torchlight II pack folds case: Case.txt and case.txt are one entry.
	bt := b
	bt.name, bt.fold = "tl2-mod", true
	r, err = Compare(context.Background(), a, bt, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !r.CaseInsensitive || r.Same != 2 || r.Added != 1 || r.Removed != 1 || r.Changed != 2 {
		t.Fatalf("folded: %+v", r)
	}

	// Sizes unknown: the bytes are read to the end of both and measured.
	au, bu := a, b
	au.unknown, bu.unknown = true, true
	r, err = Compare(context.Background(), au, bu, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range r.Changes {
		if c.Path == "grow.txt" && (c.SizeA != 3 || c.SizeB != 6 || c.Offset != 3) {
			t.Errorf("unknown sizes: %+v", c)
		}
		if c.Path == "edit.txt" && (c.SizeA != 400001 || c.Offset != 200000) {
			t.Errorf("unknown sizes: %+v", c)
		}
	}

}

func TestCompareCancel(t *testing.T) {
	a := mem("zip", map[string]string{"a": "1", "b": "2"})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Compare(ctx, a, a, nil); err != context.Canceled {
		t.Fatalf("cancelled compare: %v", err)
	}
}

func TestEntryTextDiff(t *testing.T) {
	a := mem("zip", map[string]string{"x.txt": "one\r\ntwo\r\nthree\r\nfour\r\nfive\r\nsix\r\nseven\r\neight\r\n", "p.png": "\x89PNG", "b.bin": "\x00\x01\x02"})
	b := mem("zip", map[string]string{"x.txt": "one\r\ntwo\r\nthree\r\nFOUR\r\nfive\r\nsix\r\nseven\r\neight\r\nnine\r\n", "p.png": "\x89PNx", "b.bin": "\x00\x01\x03"})
	d, err := Entry(context.Background(), a, "x.txt", b, "X.TXT")
	if err != nil {
		t.Fatal(err)
	}
	if d.View != ViewText || d.Same || d.LinesA != 8 || d.LinesB != 9 || len(d.Hunks) != 1 {
		t.Fatalf("%+v", d)
	}
	u := Unified("a", "b", d.Hunks)
	want := "--- a\n+++ b\n@@ -1,8 +1,9 @@\n one\n two\n three\n-four\n+FOUR\n five\n six\n seven\n eight\n+nine\n"
	if u != want {
		t.Fatalf("unified:\n%s\nwant:\n%s", u, want)
	}
	if d, _ := Entry(context.Background(), a, "p.png", b, "p.png"); d.View != ViewImage || d.Offset != 3 {
		t.Errorf("png: %+v", d)
	}
	if d, _ := Entry(context.Background(), a, "b.bin", b, "b.bin"); d.View != ViewBinary || d.Offset != 2 || d.SizeA != 3 {
		t.Errorf("bin: %+v", d)
	}
	// Added: every line is new.
	d, err = Entry(context.Background(), a, "", b, "x.txt")
	if err != nil || d.LinesA != 0 || d.LinesB != 9 || len(d.Hunks) != 1 || d.Hunks[0].LenB != 9 || d.Hunks[0].Lines[0].Op != "+" {
		t.Fatalf("added: %+v %v", d, err)
	}
	if _, err := Entry(context.Background(), a, "nope", b, "x.txt"); err == nil || !strings.Contains(err.Error(), "nope: no such entry") {
		t.Fatalf("missing entry: %v", err)
	}
}
