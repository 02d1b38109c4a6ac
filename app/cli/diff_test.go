package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"
)

// modifiedMod is a copy of the demo .MOD with the sword's LEVEL changed
// (decompile, edit, compile, replace), a text file added and UI.RAW removed.
func modifiedMod(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	b, err := os.ReadFile(demoMod)
	if err != nil {
		t.Fatal(err)
	}
	mod := filepath.Join(dir, "B.MOD")
	os.WriteFile(mod, b, 0o644)
	const sword = "MEDIA/UNITS/ITEMS/SAMPLE/SAMPLE_SWORD.DAT"
	src := filepath.Join(dir, "sword.dat")
	if _, errs, code := run(t, "decompile", mod, sword, "-o", src); code != 0 {
		t.Fatal(errs)
	}
	raw, _ := os.ReadFile(src)
	u := make([]uint16, (len(raw)-2)/2)
	for i := range u {
		u[i] = uint16(raw[2+2*i]) | uint16(raw[3+2*i])<<8
	}
	text := string(utf16.Decode(u))
	if !strings.Contains(text, "<INTEGER>LEVEL:10\r\n") {
		t.Fatalf("the sample sword changed: %q", text)
	}
	text = strings.Replace(text, "LEVEL:10", "LEVEL:12", 1)
	out := []byte{0xFF, 0xFE}
	for _, c := range utf16.Encode([]rune(text)) {
		out = append(out, byte(c), byte(c>>8))
	}
	os.WriteFile(src, out, 0o644)
	bin := filepath.Join(dir, "sword.bin")
	for _, args := range [][]string{
		{"compile", src, "-o", bin},
		// --as-is: this diff is about the one entry, not the UNITDATA.RAW a
		// LEVEL change rebuilds (edit_test.go covers that).
		{"replace", mod, sword, bin, "-o", mod + ".1", "--as-is"},
		{"add", mod + ".1", "MEDIA/NOTES.TXT", src, "-o", mod + ".2"},
		{"rm", mod + ".2", "MEDIA/UI.RAW", "-o", mod},
	} {
		if _, errs, code := run(t, args...); code != 0 {
			t.Fatalf("%v: %s", args, errs)
		}
	}
	return mod
}

func TestDiff(t *testing.T) {
	b := modifiedMod(t)
	out, errs, code := run(t, "diff", demoMod, b, "--json")
	if code != 1 {
		t.Fatalf("differing archives: exit %d (%s), want 1", code, errs)
	}
	var r struct {
		FamilyA, FamilyB              string
		CaseInsensitive               bool
		Same, Added, Removed, Changed int
		Changes                       []struct {
			Path, Status string
			SizeA, SizeB int64
			Kind         string
			Offset       int64
		}
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if r.FamilyA != "tl2-mod" || !r.CaseInsensitive || r.Same != 10 || r.Added != 1 || r.Removed != 1 || r.Changed != 1 || len(r.Changes) != 3 {
		t.Fatalf("%+v", r)
	}
	if c := r.Changes[0]; c.Path != "MEDIA/NOTES.TXT" || c.Status != "added" || c.SizeA != -1 || c.SizeB < 100 {
		t.Errorf("added: %+v", c)
	}
	if c := r.Changes[1]; c.Path != "MEDIA/UI.RAW" || c.Status != "removed" || c.SizeA != 109 || c.SizeB != -1 {
		t.Errorf("removed: %+v", c)
	}
	if c := r.Changes[2]; c.Path != "MEDIA/UNITS/ITEMS/SAMPLE/SAMPLE_SWORD.DAT" || c.Status != "changed" || c.SizeA != 424 || c.SizeB != 424 || c.Kind != "BINDAT" || c.Offset <= 0 {
		t.Errorf("changed: %+v", c)
	}

	out, _, code = run(t, "diff", demoMod, b)
	if code != 1 || !strings.Contains(out, "1 added, 1 removed, 1 changed, 10 the same\n") {
		t.Errorf("text: exit %d\n%s", code, out)
	}
	// One entry: the decompiled text's line diff, names in any case.
	out, _, code = run(t, "diff", demoMod, b, "media/units/items/sample/sample_sword.dat")
	if code != 1 || !strings.Contains(out, "\n-\t<INTEGER>LEVEL:10\n+\t<INTEGER>LEVEL:12\n") || !strings.Contains(out, "@@ -4,7 +4,7 @@\n") {
		t.Errorf("entry diff: exit %d\n%s", code, out)
	}
	if out, errs, code := run(t, "diff", b, b); code != 0 || out != "0 added, 0 removed, 0 changed, 12 the same\n" {
		t.Errorf("same archive: exit %d %q %q", code, out, errs)
	}
	if _, errs, code := run(t, "diff", b, filepath.Join(t.TempDir(), "none.MOD")); code != 2 || !strings.Contains(errs, "none.MOD") {
		t.Errorf("missing archive: exit %d %q", code, errs)
	}
	if _, _, code := run(t, "diff", b); code != 2 {
		t.Errorf("one argument: exit %d", code)
	}
}

func TestFind(t *testing.T) {
	out, errs, code := run(t, "find", demoMod, "sample_sharp")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	want := "MEDIA/AFFIXES.RAW:4: MEDIA/AFFIXES/SAMPLE_SHARP.DAT  SAMPLE_SHARP  1"
	if !strings.HasPrefix(out, want) || !strings.Contains(out, "\nMEDIA/UNITS/ITEMS/SAMPLE/SAMPLE_SWORD.DAT:12: \t\t<STRING>AFFIX:SAMPLE_SHARP\n") || strings.Count(out, "\n") != 3 {
		t.Fatalf("%q", out)
	}
	out, _, code = run(t, "find", demoMod, `>LEVEL:\d+$`, "--regex", "--in", "media/units", "--json")
	var r struct {
		Entries int
		Hits    []struct {
			Entry     string
			Line, Col int
		}
	}
	json.Unmarshal([]byte(out), &r)
	if code != 0 || r.Entries != 2 || len(r.Hits) != 2 || r.Hits[1].Entry != "MEDIA/UNITS/ITEMS/SAMPLE/SAMPLE_SWORD.DAT" || r.Hits[1].Line != 7 || r.Hits[1].Col != 10 || r.Hits[0].Line != 6 {
		t.Fatalf("exit %d %+v", code, r)
	}
	if _, _, code := run(t, "find", demoMod, "no such words"); code != 1 {
		t.Errorf("nothing found: exit %d", code)
	}
	if _, errs, code := run(t, "find", demoMod, "(", "--regex"); code != 2 || !strings.Contains(errs, "bad regular expression") {
		t.Errorf("bad regex: exit %d %q", code, errs)
	}
}

// A mod folder against the .MOD packed from it: the sword's source text
// and its compiled BINDAT decode to the same text.
func TestDiffSourceAgainstCompiled(t *testing.T) {
	out, errs, code := run(t, "diff", "../../testdata/demo/sample_mod", demoMod, "MEDIA/UNITS/ITEMS/SAMPLE/SAMPLE_SWORD.DAT")
	if code != 1 || !strings.Contains(out, "MEDIA/UNITS/ITEMS/SAMPLE/SAMPLE_SWORD.DAT: the decoded text is the same (14 lines); the bytes differ") {
		t.Fatalf("exit %d %q %q", code, out, errs)
	}
}
