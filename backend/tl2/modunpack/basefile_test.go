package modunpack

import (
	"bytes"
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"

	"packsmith/backend/tl2/modpack"
	"packsmith/formats/tl2/raw"
	"packsmith/internal/testfixtures"
)

// readText reads a source as a string (GUTS's UTF-16LE with a BOM, or
// UTF-8), and how to write it back.
func readText(t *testing.T, p string) (string, func(string) []byte) {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) >= 2 && b[0] == 0xFF && b[1] == 0xFE {
		u := make([]uint16, (len(b)-2)/2)
		for i := range u {
			u[i] = uint16(b[2+2*i]) | uint16(b[3+2*i])<<8
		}
		return string(utf16.Decode(u)), func(s string) []byte {
			out := []byte{0xFF, 0xFE}
			for _, c := range utf16.Encode([]rune(s)) {
				out = append(out, byte(c), byte(c>>8))
			}
			return out
		}
	}
	return string(b), func(s string) []byte { return []byte(s) }
}

// Unpack → pack of each GUTS build in the fixtures gives UNITDATA.RAW
// byte-identical to GUTS's, and so it does with a unit whose BASEFILE is
// a typo (mmedia/units/…, as two real GUTS builds have): GUTS leaves that
// unit out of UNITDATA.RAW, pack leaves it out too and says so, naming
// the file and the BASEFILE's line. Measured: before this change the
// planted build's UNITDATA.RAW held the unit (one more record than GUTS's).
func TestUnitDataWithUnresolvableBaseFile(t *testing.T) {
	fx := testfixtures.Dir(t, "tl2")
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	for _, build := range []string{"xover/EDITORMOD.MOD", "cyber_mod/EDITORMOD_at_90dcf2a.MOD"} {
		src := filepath.Join(fx, filepath.FromSlash(build))
		_, o := readMod(t, src)
		gutsUD := o["MEDIA/UNITDATA.RAW"][0]

		// As GUTS built it.
		dir := filepath.Join(t.TempDir(), "proj")
		if _, err := Unpack(context.Background(), src, dir, Options{}); err != nil {
			t.Fatal(err)
		}
		pres, err := modpack.Pack(context.Background(), dir, modpack.Options{Output: filepath.Join(t.TempDir(), "A.MOD")})
		if err != nil {
			t.Fatal(err)
		}
		_, g := readMod(t, pres.Output)
		if !bytes.Equal(g["MEDIA/UNITDATA.RAW"][0], gutsUD) {
			t.Errorf("%s: UNITDATA.RAW differs from GUTS's", build)
		}

		// A unit's BASEFILE made a typo.
		var victim, rel string
		line := 0
		re := regexp.MustCompile(`(?i)(BASEFILE:\s*)(media[/\\]units[/\\])`)
		filepath.WalkDir(filepath.Join(dir, "MEDIA", "UNITS"), func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || victim != "" || !strings.EqualFold(filepath.Ext(p), ".DAT") {
				return err
			}
			s, enc := readText(t, p)
			loc := re.FindStringSubmatchIndex(s)
			if loc == nil || strings.Contains(strings.ToUpper(s), "DONTCREATE:TRUE") {
				return nil
			}
			victim = p
			rel, _ = filepath.Rel(dir, p)
			rel = filepath.ToSlash(rel)
			line = strings.Count(s[:loc[0]], "\n") + 1
			s = s[:loc[4]] + "m" + s[loc[4]:]
			if err := os.WriteFile(p, enc(s), 0o644); err != nil {
				t.Fatal(err)
			}
			return nil
		})
		if victim == "" {
			t.Fatalf("%s: no unit with a BASEFILE", build)
		}
		// GUTS's UNITDATA.RAW without that unit.
		want, err := raw.Decode(raw.UnitData, gutsUD)
		if err != nil {
			t.Fatal(err)
		}
		removed := 0
		for c := range want.Units {
			us := want.Units[c][:0]
			for _, u := range want.Units[c] {
				if strings.EqualFold(u.File, rel) {
					removed++
					continue
				}
				us = append(us, u)
			}
			want.Units[c] = us
		}
		if removed != 1 {
			t.Fatalf("%s: %s is %d times in GUTS's UNITDATA.RAW", build, rel, removed)
		}
		wantB, err := raw.Encode(want)
		if err != nil {
			t.Fatal(err)
		}
		pres, err = modpack.Pack(context.Background(), dir, modpack.Options{Output: filepath.Join(t.TempDir(), "B.MOD")})
		if err != nil {
			t.Fatal(err)
		}
		_, g = readMod(t, pres.Output)
		if !bytes.Equal(g["MEDIA/UNITDATA.RAW"][0], wantB) {
			gf, _ := raw.Decode(raw.UnitData, g["MEDIA/UNITDATA.RAW"][0])
			t.Errorf("%s with a typo in %s: UNITDATA.RAW is not GUTS's without the unit: %v", build, rel, raw.UnitDiffs(want, gf))
		}
		var got []string
		for _, f := range pres.Findings {
			if strings.HasPrefix(f.Message, modpack.DroppedFinding) {
				got = append(got, f.String())
			}
		}
		if len(got) != 1 || !strings.HasPrefix(got[0], rel+":"+itoa(line)+": "+modpack.DroppedFinding+": "+rel+": BASEFILE MMEDIA/UNITS/") {
			t.Errorf("%s: findings %q, want one naming %s:%d", build, got, rel, line)
		}
		t.Logf("%s: %d units; %s:%d planted; %v", build, want.Len(), rel, line, got)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
