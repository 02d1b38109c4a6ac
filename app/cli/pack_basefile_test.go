package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/backend/tl2/modpack"
	"packsmith/formats/tl2/dattext"
)

// A unit whose BASEFILE resolves nowhere (a typo, mmedia/…, as two real
// GUTS builds have) is left out of UNITDATA.RAW as GUTS leaves it, and
// pack says so on its output, text and --json, naming the file and the
// BASEFILE's line (issue 32).
func TestPackBaseFileWarningCLI(t *testing.T) {
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	dir := t.TempDir()
	md := &dattext.Node{Name: "MOD"}
	md.Add("STRING", "NAME", "Typo").Add("INTEGER64", "MOD_ID", "4004")
	write := func(rel string, b []byte) {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("MOD.DAT", dattext.Encode(md))
	const unit = "MEDIA/UNITS/MONSTERS/TYPO.DAT"
	write(unit, dattext.EncodeText("[UNIT]\r\n\t<STRING>NAME:Typo\r\n\t<STRING>BASEFILE:mmedia/units/monsters/base.dat\r\n\t<INTEGER64>UNIT_GUID:77\r\n\t<STRING>UNITTYPE:MONSTER\r\n[/UNIT]\r\n", dattext.UTF16LEBOM))
	write("MEDIA/UNITS/MONSTERS/GOOD.DAT", dattext.EncodeText("[UNIT]\r\n\t<STRING>NAME:Good\r\n\t<INTEGER64>UNIT_GUID:78\r\n\t<STRING>UNITTYPE:MONSTER\r\n[/UNIT]\r\n", dattext.UTF16LEBOM))
	want := unit + ":3: " + modpack.DroppedFinding + ": " + unit + ": BASEFILE MMEDIA/UNITS/MONSTERS/BASE.DAT resolves nowhere"

	out, errs, code := run(t, "pack", dir, "-o", filepath.Join(t.TempDir(), "A.MOD"), "--mpp", "none", "--no-write-mod-id")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "\n1 warning:\n  "+want) {
		t.Errorf("text output lacks %q:\n%s", want, out)
	}

	out, errs, code = run(t, "pack", dir, "-o", filepath.Join(t.TempDir(), "B.MOD"), "--mpp", "none", "--no-write-mod-id", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var r struct {
		Findings []struct {
			Severity, Stage, File, Message string
			Line                           int
		}
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range r.Findings {
		if strings.HasPrefix(f.Message, modpack.DroppedFinding) {
			n++
			if f.Severity != "warning" || f.File != unit || f.Line != 3 || !strings.HasPrefix(f.File+":3: "+f.Message, want) {
				t.Errorf("finding %+v", f)
			}
		}
	}
	if n != 1 {
		t.Errorf("%d left-out findings in %s", n, out)
	}
}
