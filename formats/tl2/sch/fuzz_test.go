package sch

import (
	"bytes"
	"errors"
	"flag"
	"reflect"
	"slices"
	"testing"

	"packsmith/internal/fuzzseed"
)

var updateSeeds = flag.Bool("update-seeds", false, "rewrite testdata/fuzz/FuzzParse from seedFiles")

// seedFiles is the generator of the committed fuzz seeds.
func seedFiles() map[string][]byte {
	return map[string][]byte{
		"launcher_two":   launcherTwoMods,
		"launcher_empty": launcherEmpty,
		"odd_lines":      oddBytes(),
		"bom_only":       {0xFF, 0xFE},
		"no_section":     u16("; comment\r\nx"),
		"bad_id":         u16("[MODS]\r\n\t<INTEGER64>MODGUID:x\r\n[/MODS]\r\n"),
		"unclosed":       u16("[MODS]\r\n\t<INTEGER64>MODGUID:1\r\n"),
		"utf8":           []byte("\xEF\xBB\xBF[MODS]\r\n[/MODS]\r\n"),
		"odd_length":     append(u16("[MODS]"), 0),
		"lf_only":        u16("[MODS]\n\t<INTEGER64>MODGUID:-3\n[/MODS]"),
	}
}

func otherLines(f *File) int {
	n := 0
	for _, l := range f.lines {
		if l.kind == kindOther {
			n++
		}
	}
	return n
}

// FuzzParse checks that any input either fails with a ParseError inside the
// input or round-trips exactly, and that SetIDs keeps the unknown lines and
// writes a file that parses back to the ids given.
func FuzzParse(f *testing.F) {
	for _, b := range seedFiles() {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		sf, err := Parse(b)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Offset < 0 || pe.Offset > int64(len(b)) || pe.Line < 0 {
				t.Fatalf("bad error %v", err)
			}
			return
		}
		if !bytes.Equal(sf.Bytes(), b) {
			t.Fatal("Bytes() != input")
		}
		ids := sf.IDs()
		sf.SetIDs(ids)
		if !bytes.Equal(sf.Bytes(), b) {
			t.Fatal("SetIDs(IDs()) changed the file")
		}
		others := otherLines(sf)
		next := append(slices.Clone(ids), int64(len(b)), -1)
		slices.Reverse(next)
		sf.SetIDs(next)
		back, err := Parse(sf.Bytes())
		if err != nil {
			t.Fatalf("after SetIDs: %v", err)
		}
		if !reflect.DeepEqual(back.IDs(), next) {
			t.Fatalf("IDs %v, want %v", back.IDs(), next)
		}
		if got := otherLines(back); got != others {
			t.Fatalf("unknown lines %d, were %d", got, others)
		}
	})
}

// TestFuzzSeeds keeps testdata/fuzz/FuzzParse equal to seedFiles; run with
// -update-seeds to rewrite it.
func TestFuzzSeeds(t *testing.T) { fuzzseed.Sync(t, "FuzzParse", seedFiles(), *updateSeeds) }
