package raw

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"packsmith/formats/tl2/layout"
	"packsmith/formats/tl2/mod"
	"packsmith/internal/testfixtures"
)

// The cyber_mod fixture's UI.RAW names menus whose layouts are not in the
// fixture, so it cannot be regenerated from it. Its EDITORMOD (a later
// commit) carries both the compiled menus and the UI.RAW GUTS built from
// them: Generate fed the decoded BINLAYOUTs must reproduce that UI.RAW.
func TestFixtureGenerateCyberModUI(t *testing.T) {
	p := testfixtures.File(t, "tl2", "cyber_mod/EDITORMOD_at_90dcf2a.MOD")
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
	src := &MapSource{Layouts: map[string]*layout.Layout{}}
	var want []byte
	for i := range r.Entries {
		e := &r.Entries[i]
		up := strings.ToUpper(e.Path)
		isLayout := strings.HasSuffix(up, ".LAYOUT")
		if !isLayout && up != "MEDIA/UI.RAW" {
			continue
		}
		b, err := r.ReadEntry(e, 64<<20)
		if err != nil {
			t.Fatal(err)
		}
		if !isLayout {
			want = b
			continue
		}
		l, err := layout.Decode(b)
		if err != nil {
			t.Fatalf("%s: %v", e.Path, err)
		}
		src.Layouts[e.Path] = l
	}
	if want == nil {
		t.Fatal("no MEDIA/UI.RAW in the .MOD")
	}
	res, err := Generate(src, Options{})
	if err != nil {
		t.Fatal(err)
	}
	out := output(res, UI)
	if out == nil || !bytes.Equal(out.Data, want) {
		t.Fatalf("UI.RAW from the .MOD's %d layouts differs from the one GUTS packed", len(src.Layouts))
	}
	t.Logf("cyber_mod EDITORMOD UI.RAW regenerates byte-identical from its %d compiled layouts (%d menus)", len(src.Layouts), len(out.File.Menus))
}
