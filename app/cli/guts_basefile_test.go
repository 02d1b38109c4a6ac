package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/backend/tl2/modpack"
	"packsmith/formats/tl2/dattext"
	"packsmith/internal/testfixtures"
)

// Issue 32, Done when: unpack → pack of every GUTS build in the fixtures
// gives UNITDATA.RAW byte-identical to GUTS's, including a unit with an
// unresolvable BASEFILE, with a warning naming it. The fixtures have no
// such unit, so one is added to each unpacked project (the mmedia/ typo
// of two real GUTS builds): GUTS leaves it out of UNITDATA.RAW, so the
// index must still equal the one GUTS built, and pack must say why, naming
// the file and the BASEFILE's line.
func TestGUTSUnitDataWithUnresolvableBaseFile(t *testing.T) {
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	fx := testfixtures.Dir(t, "tl2")
	const unit = "MEDIA/UNITS/MONSTERS/TYPO_BASE.DAT"
	text := "[UNIT]\r\n\t<STRING>NAME:Typo_Base\r\n\t<STRING>BASEFILE:mmedia/units/monsters/base.dat\r\n" +
		"\t<INTEGER64>UNIT_GUID:-4242424242\r\n\t<STRING>UNITTYPE:MONSTER\r\n\t<INTEGER>LEVEL:9\r\n[/UNIT]\r\n"
	want := unit + ":3: " + modpack.DroppedFinding + ": " + unit + ": BASEFILE MMEDIA/UNITS/MONSTERS/BASE.DAT resolves nowhere"
	for _, src := range []string{
		filepath.Join(fx, "xover", "EDITORMOD.MOD"),
		filepath.Join(fx, "cyber_mod", "EDITORMOD_at_90dcf2a.MOD"),
	} {
		dir := filepath.Join(t.TempDir(), "proj")
		if _, errs, code := run(t, "unpack", src, "-o", dir); code != 0 {
			t.Fatalf("unpack %s: %s", src, errs)
		}
		p := filepath.Join(dir, filepath.FromSlash(unit))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, dattext.EncodeText(text, dattext.UTF16LEBOM), 0o644); err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(t.TempDir(), "X.MOD")
		stdout, errs, code := run(t, "pack", dir, "-o", out)
		if code != 0 {
			t.Fatalf("pack %s: %s", src, errs)
		}
		if !strings.Contains(stdout, want) {
			t.Errorf("%s: pack output lacks %q:\n%s", filepath.Base(src), want, stdout)
		}
		guts, got := modEntries(t, src)["MEDIA/UNITDATA.RAW"], modEntries(t, out)["MEDIA/UNITDATA.RAW"]
		if len(guts) == 0 || !bytes.Equal(guts, got) {
			t.Errorf("%s: UNITDATA.RAW %d bytes, GUTS's %d: not byte-identical with the unresolvable unit added", filepath.Base(src), len(got), len(guts))
		}
		if _, ok := modEntries(t, out)[unit]; !ok {
			t.Errorf("%s: the unit's file itself is not packed (only its index record is left out)", filepath.Base(src))
		}
	}
}
