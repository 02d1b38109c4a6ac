package raw

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"packsmith/formats/tl2/dattext"
	"packsmith/internal/testfixtures"
)

type prunedSource struct{ *FSSource }

func (s prunedSource) Dat(p string) (*dattext.Node, error) {
	n, err := s.FSSource.Dat(p)
	return Prune(n), err
}

// Generate gives the same bytes, warnings and unresolved units from pruned
// trees as from whole ones, on both fixtures.
func TestPruneKeepsWhatGenerateReads(t *testing.T) {
	for _, m := range []string{"xover", "cyber_mod"} {
		dir := filepath.Join(testfixtures.Dir(t, "tl2"), m)
		full, err := Generate(&FSSource{FS: os.DirFS(dir)}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		pr, err := Generate(prunedSource{&FSSource{FS: os.DirFS(dir)}}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if len(full.Outputs) != len(pr.Outputs) || len(full.Outputs) == 0 {
			t.Fatalf("%s: %d outputs, pruned %d", m, len(full.Outputs), len(pr.Outputs))
		}
		for i := range full.Outputs {
			if !bytes.Equal(full.Outputs[i].Data, pr.Outputs[i].Data) {
				t.Errorf("%s: %s differs when pruned", m, full.Outputs[i].Path)
			}
		}
		if len(full.Warnings) != len(pr.Warnings) || len(full.Unresolved) != len(pr.Unresolved) {
			t.Errorf("%s: warnings %d/%d, unresolved %d/%d", m, len(full.Warnings), len(pr.Warnings), len(full.Unresolved), len(pr.Unresolved))
		}
	}
	n, _ := dattext.Parse("A.DAT", []byte("[AFFIX]\n<STRING>NAME:a\n<FLOAT>JUNK:1\n[EFFECT]\n<STRING>TYPE:x\n[/EFFECT]\n[UNITTYPES]\n<STRING>UNITTYPE:SWORD\n<STRING>OTHER:y\n[/UNITTYPES]\n[/AFFIX]\n"))
	p := Prune(n)
	if len(p.Props) != 1 || len(p.Children) != 1 || p.Children[0].Name != "UNITTYPES" || len(p.Children[0].Props) != 1 || p.Props[0].Line != 2 {
		t.Errorf("pruned %s", dattext.Format(p))
	}
}
