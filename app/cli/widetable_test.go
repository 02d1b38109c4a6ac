package cli

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"text/tabwriter"

	"packsmith/backend/tl2/loadorder/loadordertest"
)

// For ASCII text wideTable writes what tabwriter writes (blocks of lines
// with fewer cells, tails, empty cells, no final newline).
func TestWideTableAsTabwriter(t *testing.T) {
	for _, in := range []string{
		"#\ton\ttitle\tsize\n1\tx\tAlpha\t12\n-\t\tBeta mod\t345\n",
		"a\tbb\tccc\nlong cell\tb\n\nx\ty\tz\tw\n",
		"file\twinner\tlosers\nMEDIA/A.DAT\t1. A\t2. B\n",
		"no tabs at all\n",
		"a\tb",
		"",
	} {
		var want, got strings.Builder
		tw := tabwriter.NewWriter(&want, 2, 4, 2, ' ', 0)
		fmt.Fprint(tw, in)
		tw.Flush()
		wt := newWideTable(&got)
		fmt.Fprint(wt, in)
		wt.Flush()
		if got.String() != want.String() {
			t.Errorf("%q:\n got %q\nwant %q", in, got.String(), want.String())
		}
	}
}

// loadorder list with Chinese and Korean titles: every row's id starts at
// the same terminal column (tabwriter put each CJK row's rest out by the
// number of wide characters).
func TestLoadOrderListWideTitles(t *testing.T) {
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	dir := t.TempDir()
	specs := []loadordertest.Spec{
		{Rel: "mods/A.MOD", Title: "暗黑魔法合集", ID: 101, Files: []string{"MEDIA/A.DAT"}},
		{Rel: "mods/B.MOD", Title: "Plain title", ID: 102, Files: []string{"MEDIA/B.DAT"}},
		{Rel: "mods/C.MOD", Title: "한국어 모드", ID: 103, Files: []string{"MEDIA/C.DAT"}},
	}
	if err := loadordertest.Write(dir, specs); err != nil {
		t.Fatal(err)
	}
	if err := loadordertest.WriteSch(filepath.Join(dir, "modlauncher.sch"), []int64{101, 102, 103}); err != nil {
		t.Fatal(err)
	}
	out, _, code := lo(t, dir, "list")
	if code != 0 {
		t.Fatal(out)
	}
	cols := map[int]bool{}
	for _, l := range strings.Split(out, "\n") {
		for _, id := range []string{" 101 ", " 102 ", " 103 "} {
			if i := strings.Index(l, id); i >= 0 {
				cols[termWidth(l[:i])] = true
			}
		}
	}
	if len(cols) != 1 {
		t.Errorf("the id column starts at columns %v:\n%s", cols, out)
	}
}

// termWidth is the terminal width of the test's text, measured apart from
// displayWidth: every character from U+1100 on is CJK or Hangul here.
func termWidth(s string) int {
	n := 0
	for _, r := range s {
		n++
		if r >= 0x1100 {
			n++
		}
	}
	return n
}
