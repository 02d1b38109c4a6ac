package fold

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// The shared cases: the window's kindOf reads the same file.
func TestKindVectors(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "fold", "kinds.json"))
	if err != nil {
		t.Fatal(err)
	}
	var v struct{ Kinds [][2]string }
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Kinds) < 5 {
		t.Fatalf("%d cases", len(v.Kinds))
	}
	for _, c := range v.Kinds {
		if got := Kind(c[0]); got != c[1] {
			t.Errorf("Kind(%q)\n = %q\nwant %q", c[0], got, c[1])
		}
	}
}

// 1,667 guessed units, each naming its own unit, base file and fields,
// fold into one group; two of another kind stay unfolded; order is first
// seen.
func TestFoldGuessed(t *testing.T) {
	var msgs []string
	msgs = append(msgs, `key name "a" has lower-case letters`)
	for i := 0; i < 1667; i++ {
		msgs = append(msgs, fmt.Sprintf("UNITDATA.RAW: GUESSED: inherits from MEDIA/UNITS/B%d.DAT, which could not be read, so F%d were guessed", i%7, i%5))
	}
	msgs = append(msgs, `key name "b" has lower-case letters`)
	gs := Fold(msgs, Kind)
	if len(gs) != 2 {
		t.Fatalf("%d groups", len(gs))
	}
	if gs[0].Key != "key name … has lower-case letters" || len(gs[0].Items) != 2 || gs[0].Folded {
		t.Errorf("first group %q %d folded=%v", gs[0].Key, len(gs[0].Items), gs[0].Folded)
	}
	if gs[1].Key != "UNITDATA.RAW: GUESSED:" || len(gs[1].Items) != 1667 || !gs[1].Folded || gs[1].Items[1666] != msgs[1667] {
		t.Errorf("second group %q %d folded=%v", gs[1].Key, len(gs[1].Items), gs[1].Folded)
	}
}
