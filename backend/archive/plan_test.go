package archive

import (
	"errors"
	"strings"
	"testing"
)

func TestPlanEdits(t *testing.T) {
	entries := []string{"A/ONE.TXT", "A/TWO.TXT", "B.BIN"}
	lookup := func(p string) (int, bool) {
		p = CleanPath(p)
		for i, e := range entries {
			if strings.EqualFold(e, p) {
				return i, true
			}
		}
		return -1, false
	}
	pl, err := PlanEdits("x.mod", []Edit{
		{Op: EditReplace, Path: `a\one.txt`, Source: "first"},
		{Op: EditReplace, Path: "/A/ONE.TXT", Source: "second"},
		{Op: EditRemove, Path: "B.BIN"},
		{Op: EditAdd, Path: `\new\c.txt`, Source: "c"},
		{Op: EditAdd, Path: "b.bin", Source: "renamed"}, // removed above: allowed
	}, lookup)
	if err != nil {
		t.Fatal(err)
	}
	if pl.Replace[0] != "second" || len(pl.Replace) != 1 || !pl.Remove[2] || len(pl.Remove) != 1 {
		t.Errorf("replace %v remove %v", pl.Replace, pl.Remove)
	}
	if len(pl.Adds) != 2 || pl.Adds[0].Path != "new/c.txt" || pl.Adds[1].Path != "b.bin" {
		t.Errorf("adds %+v", pl.Adds)
	}
	if !pl.Edited(0) || pl.Edited(1) || !pl.Edited(2) {
		t.Error("Edited")
	}
	// Renames: to a free name, to the name another rename frees, and a
	// drop-shadowed flag.
	pl, err = PlanEdits("x.mod", []Edit{
		{Op: EditRename, Path: "A/ONE.TXT", NewPath: `\A\THREE.TXT`},
		{Op: EditRename, Path: "A/TWO.TXT", NewPath: "A/ONE.TXT"},
		{Op: EditDropShadowed},
	}, lookup)
	if err != nil || pl.Rename[0] != "A/THREE.TXT" || pl.Rename[1] != "A/ONE.TXT" || !pl.Renames() || !pl.DropShadowed {
		t.Errorf("renames %+v %v", pl, err)
	}
	// A remove after a replace drops the replacement.
	pl, _ = PlanEdits("x.mod", []Edit{{Op: EditReplace, Path: "B.BIN", Source: "s"}, {Op: EditRemove, Path: "B.BIN"}}, lookup)
	if len(pl.Replace) != 0 || !pl.Remove[2] {
		t.Errorf("replace then remove: %v %v", pl.Replace, pl.Remove)
	}

	for _, c := range []struct {
		edits []Edit
		want  error
		text  string
	}{
		{[]Edit{{Op: EditReplace, Path: "NOPE.TXT", Source: "s"}}, ErrNotFound, "x.mod: NOPE.TXT: no such entry"},
		{[]Edit{{Op: EditRemove, Path: "A/THREE.TXT"}}, ErrNotFound, "x.mod: A/THREE.TXT: no such entry"},
		{[]Edit{{Op: EditAdd, Path: "a/two.txt", Source: "s"}}, ErrExists, "x.mod: a/two.txt: already in the archive (use replace)"},
		{[]Edit{{Op: EditAdd, Path: "N.TXT"}, {Op: EditAdd, Path: "n.txt"}}, nil, "x.mod: n.txt: named twice as a new entry"},
		{[]Edit{{Op: EditAdd, Path: "/"}}, nil, "x.mod: /: a new entry needs a name"},
		{[]Edit{{Op: EditOp(9), Path: "B.BIN"}}, nil, "x.mod: B.BIN: unsupported edit EditOp(9)"},
		{[]Edit{{Op: EditRename, Path: "NOPE", NewPath: "X"}}, ErrNotFound, "x.mod: NOPE: no such entry"},
		{[]Edit{{Op: EditRename, Path: "B.BIN", NewPath: "a/one.txt"}}, ErrExists, "x.mod: a/one.txt: already in the archive (use replace)"},
		{[]Edit{{Op: EditRename, Path: "B.BIN", NewPath: "C"}, {Op: EditAdd, Path: "c"}}, nil, "x.mod: c: named twice as a new entry"},
	} {
		_, err := PlanEdits("x.mod", c.edits, lookup)
		if err == nil || err.Error() != c.text || (c.want != nil && !errors.Is(err, c.want)) {
			t.Errorf("%+v: got %v, want %q", c.edits, err, c.text)
		}
	}
}
