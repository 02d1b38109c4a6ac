package layout

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"packsmith/internal/testfixtures"
)

// fixtureBinlayouts lists every *.BINLAYOUT under the TL2 fixtures.
func fixtureBinlayouts(t testing.TB) []string {
	dir := testfixtures.Dir(t, "tl2")
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(strings.ToUpper(p), ".BINLAYOUT") {
			out = append(out, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(out)
	testfixtures.AtLeast(t, len(out), 6, "BINLAYOUT files")
	return out
}

func TestFixtureDecodeEncodeIdentity(t *testing.T) {
	n := 0
	for _, p := range fixtureBinlayouts(t) {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		l, err := Decode(b)
		if err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		out, err := Encode(l)
		if err != nil {
			t.Errorf("%s: encode: %v", p, err)
			continue
		}
		if !bytes.Equal(out, b) {
			t.Errorf("%s: re-encoded %d bytes differ from %d (first at %d)", p, len(out), len(b), firstDiff(out, b))
			continue
		}
		for _, o := range walk(l.Objects) {
			if o.Extra != nil {
				t.Errorf("%s: object %d (descriptor %d) kept raw extra data", p, o.ID, o.Descriptor)
			}
		}
		n++
	}
	t.Logf("%d BINLAYOUT fixtures decode→encode byte-identical", n)
}

func walk(objs []*Object) []*Object {
	var out []*Object
	for _, o := range objs {
		out = append(out, o)
		out = append(out, walk(o.Children)...)
	}
	return out
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// textSource finds the .LAYOUT (any case) a GUTS *.LAYOUT.BINLAYOUT was
// compiled from.
func textSource(bin string) (string, bool) {
	base := bin[:len(bin)-len(".BINLAYOUT")]
	dir, name := filepath.Split(base)
	ents, err := os.ReadDir(dir)
	if err != nil {
		return "", false
	}
	for _, e := range ents {
		if strings.EqualFold(e.Name(), name) && e.Name() != filepath.Base(bin) {
			return filepath.Join(dir, e.Name()), true
		}
	}
	return "", false
}

func TestFixtureCompileIdentity(t *testing.T) {
	n := 0
	for _, bin := range fixtureBinlayouts(t) {
		src, ok := textSource(bin)
		if !ok {
			continue
		}
		want, _ := os.ReadFile(bin)
		text, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		got, lint, err := Compile(filepath.Base(src), text)
		if err != nil {
			t.Errorf("%s: %v", src, err)
			continue
		}
		for _, f := range lint {
			t.Logf("lint: %s", f)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: compiled %d bytes, GUTS wrote %d; first difference at %d", src, len(got), len(want), firstDiff(got, want))
			continue
		}
		n++
	}
	t.Logf("%d .LAYOUT fixtures compile byte-identical to their GUTS .BINLAYOUT", n)
}

func TestFixtureDecompileRoundTrip(t *testing.T) {
	n := 0
	for _, p := range fixtureBinlayouts(t) {
		b, _ := os.ReadFile(p)
		text, err := Decompile(b, "")
		if err != nil {
			t.Errorf("%s: decompile: %v", p, err)
			continue
		}
		got, lint, err := Compile(filepath.Base(p)+".txt", text)
		if err != nil {
			t.Errorf("%s: recompile: %v", p, err)
			continue
		}
		for _, f := range lint {
			t.Errorf("lint on decompiled text: %s", f)
		}
		if !bytes.Equal(got, b) {
			t.Errorf("%s: decompile→compile differs at %d", p, firstDiff(got, b))
			continue
		}
		n++
	}
	t.Logf("%d BINLAYOUT fixtures decompile→compile byte-identical", n)
}
