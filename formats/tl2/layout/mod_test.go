package layout_test

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"packsmith/formats/tl2/layout"
	"packsmith/formats/tl2/mod"
	"packsmith/internal/testfixtures"
)

// An external test: formats/tl2/mod imports this package (its verify
// tells levels from scenery), so this test cannot live inside it.
//
// Every layout inside the two GUTS-built .MOD fixtures (BINLAYOUT bytes
// stored under the .LAYOUT name) must survive decode→encode and
// decompile→compile unchanged.
func TestFixtureModLayouts(t *testing.T) {
	total := 0
	for _, rel := range []string{"xover/EDITORMOD.MOD", "cyber_mod/EDITORMOD_at_90dcf2a.MOD"} {
		p := testfixtures.File(t, "tl2", rel)
		f, err := os.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		st, _ := f.Stat()
		r, err := mod.NewReader(f, st.Size(), nil)
		if err != nil {
			f.Close()
			t.Fatal(err)
		}
		n := 0
		for i := range r.Entries {
			e := &r.Entries[i]
			if !strings.HasSuffix(strings.ToUpper(e.Path), ".LAYOUT") {
				continue
			}
			b, err := r.ReadEntry(e, 64<<20)
			if err != nil {
				t.Fatal(err)
			}
			l, err := layout.Decode(b)
			if err != nil {
				t.Errorf("%s %s: %v", rel, e.Path, err)
				continue
			}
			if out, err := layout.Encode(l); err != nil || !bytes.Equal(out, b) {
				t.Errorf("%s %s: decode→encode differs (%v)", rel, e.Path, err)
				continue
			}
			text, err := layout.Decompile(b, "")
			if err != nil {
				t.Errorf("%s %s: decompile: %v", rel, e.Path, err)
				continue
			}
			back, lint, err := layout.Compile(e.Path, text)
			if err != nil || !bytes.Equal(back, b) {
				t.Errorf("%s %s: decompile→compile differs (%v, %v)", rel, e.Path, err, lint)
				continue
			}
			n++
		}
		f.Close()
		t.Logf("%s: %d layouts decode→encode and decompile→compile byte-identical", rel, n)
		total += n
	}
	if total == 0 {
		t.Error("no layouts found in the .MOD fixtures")
	}
}
