package bindat

import (
	"bytes"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"packsmith/formats/tl2/dattext"
)

// TestXoverBuildOrder replays the XOVER build: GUTS compiled the .DAT
// sources in path order and then the .ANIMATIONs, numbering strings from
// one counter starting at 230. XOVER_SOUNDS.DAT took its turn in that
// counter (ids 319..335 are missing elsewhere) but the BINDAT on disk was
// rebuilt later from 0, so it is compiled and not compared. Only the
// starting number is taken from the GUTS output.
func TestXoverBuildOrder(t *testing.T) {
	var pairs []pair
	for _, p := range fixturePairs(t) {
		if strings.Contains(filepath.ToSlash(p.src), "/xover/") {
			pairs = append(pairs, p)
		}
	}
	sort.Slice(pairs, func(i, j int) bool {
		ai, aj := strings.HasSuffix(pairs[i].name, ".ANIMATION"), strings.HasSuffix(pairs[j].name, ".ANIMATION")
		if ai != aj {
			return aj
		}
		return pairs[i].src < pairs[j].src
	})
	session := NewSession(230)
	same, compared := 0, 0
	for _, p := range pairs {
		src, bin := readPair(t, p)
		root, err := dattext.Parse(p.name, src)
		if err != nil {
			t.Fatal(err)
		}
		out, err := Compile(p.name, root, &Options{IDs: session})
		if err != nil {
			t.Fatal(err)
		}
		if p.name == "XOVER_SOUNDS.DAT" {
			continue
		}
		compared++
		if bytes.Equal(out, bin) {
			same++
		} else {
			t.Errorf("%s: replayed build differs from GUTS", p.src)
		}
	}
	t.Logf("XOVER build replayed with one Session from id 230: %d of %d BINDATs byte-identical", same, compared)
}
