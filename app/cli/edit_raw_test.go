package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"packsmith/formats/tl2/raw"
)

// A RAW index's table (what decompile prints) written over the index
// compiles back to it (backend/edit/intake, formats/tl2/raw Compile).

func demoModCopy(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(demoMod)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "PACKSMITH_SAMPLE.MOD")
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

const levelCells = "false  10     1"

func TestReplaceRAWTextCompiles(t *testing.T) {
	mod := demoModCopy(t)
	const ud = "MEDIA/UNITDATA.RAW"
	orig, err := raw.Decode(raw.UnitData, entryBytes(t, mod, ud))
	if err != nil {
		t.Fatal(err)
	}
	text := decompiledText(t, mod, ud)
	if !strings.Contains(text, levelCells) {
		t.Fatalf("the demo's UNITDATA.RAW changed:\n%s", text)
	}
	src := filepath.Join(t.TempDir(), "edited.txt")
	os.WriteFile(src, []byte(strings.Replace(text, levelCells, "false  12     1", 1)), 0o644)
	out, errs, code := run(t, "replace", mod, ud, src)
	if code != 0 {
		t.Fatalf("replace: %s", errs)
	}
	if !regexp.MustCompile(`(?m)^  MEDIA/UNITDATA.RAW: compiled from text to RAW \(\d+ → 173 bytes\)$`).MatchString(out) || strings.Contains(out, "rebuilt") {
		t.Fatalf("the change list does not say it compiled:\n%s", out)
	}
	got, err := raw.Decode(raw.UnitData, entryBytes(t, mod, ud))
	if err != nil {
		t.Fatalf("stored entry is not a UNITDATA.RAW: %v", err)
	}
	want := orig
	want.Units[0][0].Level = 12
	wb, _ := raw.Encode(want)
	if gb, _ := raw.Encode(got); !bytes.Equal(gb, wb) {
		t.Fatalf("stored records %+v, want %+v", got.Units, want.Units)
	}
	ls, _, _ := run(t, "ls", mod)
	if !regexp.MustCompile(`(?m)\bRAW ` + ud + `$`).MatchString(ls) {
		t.Fatalf("ls does not call it RAW:\n%s", ls)
	}
	if vout, _, code := run(t, "verify", mod); code != 0 {
		t.Fatalf("verify after the edit:\n%s", vout)
	}
	// A number with trailing text is read the C way, with a warning.
	os.WriteFile(src, []byte(strings.Replace(text, levelCells, "false  14x    1", 1)), 0o644)
	out, errs, code = run(t, "replace", mod, ud, src)
	if code != 0 || !strings.Contains(out, `warning: edited.txt:4: LEVEL: "14x" is not a number as a whole; read as 14`) {
		t.Fatalf("replace with 14x: exit %d\n%s%s", code, out, errs)
	}
}

func TestReplaceBrokenRAWTextRefused(t *testing.T) {
	mod := demoModCopy(t)
	const ud = "MEDIA/UNITDATA.RAW"
	before := sum(t, mod)
	text := decompiledText(t, mod, ud)
	src := filepath.Join(t.TempDir(), "broken.txt")
	os.WriteFile(src, []byte(strings.Replace(text, levelCells, "false  ten    1", 1)), 0o644)
	_, errs, code := run(t, "replace", mod, ud, src)
	if code == 0 {
		t.Fatal("a broken table was written")
	}
	if !strings.Contains(errs, `broken.txt:4: LEVEL: "ten" is not a number`) || !strings.Contains(errs, ud) || strings.Count(strings.TrimSpace(errs), "\n") != 0 {
		t.Fatalf("error does not name broken.txt:4 and the entry on one line: %q", errs)
	}
	if sum(t, mod) != before {
		t.Fatal("the archive changed")
	}
	// --as-is stores the text as it is.
	if out, errs, code := run(t, "replace", mod, ud, src, "--as-is"); code != 0 || strings.Contains(out, "compiled") {
		t.Fatalf("replace --as-is: exit %d %q %q", code, out, errs)
	}
	if got, _ := os.ReadFile(src); !bytes.Equal(entryBytes(t, mod, ud), got) {
		t.Fatal("--as-is did not store the bytes given")
	}
}

// Every RAW GUTS built into the XOVER .MOD, replaced by its own table,
// comes back byte-identical.
func TestReplaceRAWTableRoundTrip(t *testing.T) {
	mod := xoverCopy(t)
	n := 0
	for _, k := range raw.Kinds {
		entry := "MEDIA/" + k.FileName()
		ls, _, _ := run(t, "ls", mod)
		if !strings.Contains(ls, entry) {
			continue
		}
		orig := entryBytes(t, mod, entry)
		src := filepath.Join(t.TempDir(), k.FileName()+".txt")
		os.WriteFile(src, []byte(decompiledText(t, mod, entry)), 0o644)
		if out, errs, code := run(t, "replace", mod, entry, src); code != 0 || strings.Contains(out, "warning") {
			t.Fatalf("replace %s: exit %d\n%s%s", entry, code, out, errs)
		}
		if !bytes.Equal(entryBytes(t, mod, entry), orig) {
			t.Errorf("%s: its table compiled to other bytes", entry)
		}
		n++
	}
	if n != 5 {
		t.Fatalf("%d RAW indices in the XOVER .MOD, want 5", n)
	}
}

// The demo archives' RAW indices print (decompile) to tables that compile
// (raw.Compile) to their own bytes.
func TestDemoRAWTablesCompileBack(t *testing.T) {
	n := 0
	for _, a := range []string{demoMod, "../../testdata/demo/DATA.PAK"} {
		for _, k := range raw.Kinds {
			entry := "MEDIA/" + k.FileName()
			ls, _, _ := run(t, "ls", a)
			if !strings.Contains(ls, entry) {
				continue
			}
			got, warns, err := raw.Compile(k, entry, []byte(decompiledText(t, a, entry)))
			if err != nil || len(warns) != 0 || !bytes.Equal(got, entryBytes(t, a, entry)) {
				t.Errorf("%s %s: %v %v", a, entry, err, warns)
			}
			n++
		}
	}
	if n < 8 {
		t.Fatalf("%d RAW indices in the demo archives, want 8", n)
	}
	t.Logf("%d demo RAW indices: decompile→compile byte-identical", n)
}

// compile takes a RAW table too: UNITDATA.RAW.txt (extract --decompile's
// name for it) or any .txt whose first line says which index it is.
func TestCompileRAWTable(t *testing.T) {
	dir := t.TempDir()
	text := decompiledText(t, demoMod, "MEDIA/UNITDATA.RAW")
	for _, name := range []string{"UNITDATA.RAW.txt", "edited.txt"} {
		src := filepath.Join(dir, name)
		os.WriteFile(src, []byte(strings.Replace(text, levelCells, "false  12x    1", 1)), 0o644)
		out := filepath.Join(dir, "out.raw")
		stdout, errs, code := run(t, "compile", src, "-o", out)
		if code != 0 || !strings.Contains(stdout, "(UNITDATA.RAW)") || !strings.Contains(errs, "warning: "+name+":4: LEVEL: \"12x\"") {
			t.Fatalf("compile %s: exit %d %q %q", name, code, stdout, errs)
		}
		b, _ := os.ReadFile(out)
		f, err := raw.Decode(raw.UnitData, b)
		if err != nil || f.Units[0][0].Level != 12 {
			t.Fatalf("%+v %v", f, err)
		}
	}
	bad := filepath.Join(dir, "UNITDATA.RAW.txt")
	os.WriteFile(bad, []byte(strings.Replace(text, levelCells, "false  ten    1", 1)), 0o644)
	if _, errs, code := run(t, "compile", bad, "-o", filepath.Join(dir, "bad.raw")); code == 0 || !strings.Contains(errs, `UNITDATA.RAW.txt:4: LEVEL: "ten" is not a number`) {
		t.Fatalf("broken table: exit %d %q", code, errs)
	}
	if _, err := os.Stat(filepath.Join(dir, "bad.raw")); err == nil {
		t.Fatal("a broken table wrote its output")
	}
}
