package reborndrv

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/backend/archive"
)

// A .dat cut 10 % short keeps its ZIP member whole (the cut takes the
// central directory and the end record): verify and info said ok. Now
// verify has an error and info says the file is damaged; the whole file
// has neither.
func TestCutShortIsDamaged(t *testing.T) {
	whole, err := os.ReadFile("../../../testdata/demo/reborn_sample.dat")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		b    []byte
		bad  bool
	}{{"whole.dat", whole, false}, {"cut.dat", whole[:len(whole)*9/10], true}} {
		p := filepath.Join(t.TempDir(), c.name)
		os.WriteFile(p, c.b, 0o644)
		a, err := (Driver{}).Open(p, archive.OpenOptions{})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		defer a.Close()
		fs, err := a.(*Archive).Verify(context.Background(), archive.NoProgress{})
		if err != nil {
			t.Fatal(err)
		}
		damaged := a.(*Archive).Info().(Info).Damaged
		got := len(fs) == 1 && fs[0].Check == "zip-end" && fs[0].Severity == archive.SevError && strings.Contains(fs[0].Message, "cut short")
		if got != c.bad || (damaged != "") != c.bad {
			t.Errorf("%s: findings %+v, damaged %q", c.name, fs, damaged)
		}
	}
}
