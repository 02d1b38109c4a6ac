package modpack

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/formats/tl2/bindat"
)

// TestPackCNumbers: values GUTS accepts (the leading number read the C
// way) pack with a warning naming file:line, the text and the value used;
// StrictNumbers makes each an error.
func TestPackCNumbers(t *testing.T) {
	dir := makeMod(t, simpleModDat, map[string]string{
		"MEDIA/UNITS/ITEMS/X.DAT": "[ITEM]\n<INTEGER64>UNIQUE_GUID:339886767DIE31069\n<INTEGER64>VALUE:-8DIE5862694407086\n<STRING>NAME:X\n[/ITEM]\n",
	})
	res, err := Pack(context.Background(), dir, Options{Output: filepath.Join(t.TempDir(), "X.MOD")})
	if err != nil {
		t.Fatalf("%v %v", err, res.Findings)
	}
	var got []string
	for _, f := range res.Findings {
		if f.Stage == StageCompile && f.Severity == SevWarning && strings.Contains(f.Message, "read the C way") {
			got = append(got, f.String())
		}
	}
	if len(got) != 2 || !strings.HasPrefix(got[0], "MEDIA/UNITS/ITEMS/X.DAT:2: UNIQUE_GUID: <INTEGER64> value \"339886767DIE31069\"") ||
		!strings.Contains(got[0], "packed as 339886767,") || !strings.HasPrefix(got[1], "MEDIA/UNITS/ITEMS/X.DAT:3: VALUE:") || !strings.Contains(got[1], "packed as -8,") {
		t.Fatalf("warnings %q", got)
	}
	b := entries(t, openMod(t, res.Output))["MEDIA/UNITS/ITEMS/X.DAT"]
	d, err := bindat.Decompile("X.DAT", b, nil)
	if err != nil || d.Root.Props[0].Value != "339886767" || d.Root.Props[1].Value != "-8" {
		t.Fatalf("packed %v %v", d, err)
	}

	res, err = Pack(context.Background(), dir, Options{Output: filepath.Join(t.TempDir(), "S.MOD"), StrictNumbers: true})
	if err == nil || !errors.As(err, new(*PackError)) || !strings.Contains(err.Error(), "X.DAT:2: UNIQUE_GUID: INTEGER64 value \"339886767DIE31069\" is not a 64-bit integer (GUTS would read it the C way as 339886767") {
		t.Fatalf("strict: %v", err)
	}
	if Count(res.Findings, SevError) != 1 { // the first bad value stops the file
		t.Errorf("strict findings %v", res.Findings)
	}
}

// Layout property values follow the same rule.
func TestPackCNumbersInLayouts(t *testing.T) {
	lay := "[Layout]\n<INTEGER>VERSION:4\n<UNSIGNED INT>COUNT:1\n[OBJECTS]\n[BASEOBJECT]\n[PROPERTIES]\n<STRING>DESCRIPTOR:Room Piece\n<STRING>NAME:P\n<INTEGER64>ID:5\n<INTEGER64>PARENTID:-1\n<FLOAT>POSITIONX:12.5m\n<INTEGER>OVERRIDE:7days\n[/PROPERTIES]\n[/BASEOBJECT]\n[/OBJECTS]\n[/Layout]\n"
	dir := makeMod(t, simpleModDat, map[string]string{"MEDIA/LAYOUTS/L/L.LAYOUT": lay})
	res, err := Pack(context.Background(), dir, Options{Output: filepath.Join(t.TempDir(), "L.MOD")})
	if err != nil {
		t.Fatalf("%v %v", err, res.Findings)
	}
	n := 0
	for _, f := range res.Findings {
		if strings.Contains(f.Message, "read the C way") {
			n++
			if !strings.HasPrefix(f.String(), "MEDIA/LAYOUTS/L/L.LAYOUT:") {
				t.Errorf("finding %s", f)
			}
		}
	}
	if n != 2 {
		t.Errorf("%d C-number warnings: %v", n, res.Findings)
	}
	if _, err := Pack(context.Background(), dir, Options{Output: filepath.Join(t.TempDir(), "S.MOD"), StrictNumbers: true}); err == nil || !strings.Contains(err.Error(), "POSITIONX: <FLOAT> value \"12.5m\"") {
		t.Errorf("strict: %v", err)
	}
}

// The compile workers parse file after file in reused memory: every
// warning still quotes its own file's text, and every entry decompiles to
// its own values, after hundreds of files of varied sizes on each worker.
func TestPackReusedParseMemory(t *testing.T) {
	files := map[string]string{}
	for i := 0; i < 300; i++ {
		pad := strings.Repeat(fmt.Sprintf("<STRING>PAD%d:%s\n", i, strings.Repeat("x", i%37)), i%23)
		files[fmt.Sprintf("MEDIA/UNITS/ITEMS/I%03d.DAT", i)] = fmt.Sprintf("[ITEM]\n<INTEGER>LEVEL:%dabc%d\n%s<STRING>NAME:ITEM_%d\n[/ITEM]\n", i, i, pad, i)
	}
	dir := makeMod(t, simpleModDat, files)
	res, err := Pack(context.Background(), dir, Options{Output: filepath.Join(t.TempDir(), "R.MOD"), Workers: 2})
	if err != nil {
		t.Fatalf("%v %v", err, res.Findings)
	}
	n := 0
	for _, f := range res.Findings {
		if !strings.Contains(f.Message, "read the C way") {
			continue
		}
		var i int
		if _, err := fmt.Sscanf(path.Base(f.File), "I%03d.DAT", &i); err != nil {
			t.Fatalf("finding on %s", f.File)
		}
		if want := fmt.Sprintf("value \"%dabc%d\"", i, i); !strings.Contains(f.Message, want) || !strings.Contains(f.Message, fmt.Sprintf("packed as %d,", i)) {
			t.Fatalf("%s: %q does not quote %s", f.File, f.Message, want)
		}
		n++
	}
	if n != 300 {
		t.Fatalf("%d C-number warnings, want 300", n)
	}
	ents := entries(t, openMod(t, res.Output))
	for i := 0; i < 300; i++ {
		name := fmt.Sprintf("MEDIA/UNITS/ITEMS/I%03d.DAT", i)
		d, err := bindat.Decompile(name, ents[name], nil)
		if err != nil {
			t.Fatal(err)
		}
		ps := d.Root.Props // no key dictionary: by position (LEVEL first, NAME last)
		if ps[len(ps)-1].Value != fmt.Sprintf("ITEM_%d", i) || ps[0].Value != fmt.Sprint(i) {
			t.Fatalf("%s: packed %+v", name, ps)
		}
	}
}

// A value the compiler already warned about is not reported again, in
// other words, by the RAW index that reads it (a 33,000-source mod printed
// every UNIQUE_GUID problem twice); the RAW value is the compiler's.
func TestPackCNumberSaidOnce(t *testing.T) {
	dir := makeMod(t, simpleModDat, map[string]string{
		"MEDIA/SKILLS/S/S.DAT": "[SKILL]\n<STRING>NAME:S\n<INTEGER64>UNIQUE_GUID:339886767DIE31069\n[/SKILL]\n",
	})
	res, err := Pack(context.Background(), dir, Options{Output: filepath.Join(t.TempDir(), "S.MOD")})
	if err != nil {
		t.Fatalf("%v %v", err, res.Findings)
	}
	var about []string
	for _, f := range res.Findings {
		if strings.Contains(f.Message, "339886767DIE31069") {
			about = append(about, fmt.Sprintf("%s [%s]", f, f.Stage))
		}
	}
	if len(about) != 1 || !strings.HasPrefix(about[0], "MEDIA/SKILLS/S/S.DAT:3: UNIQUE_GUID") {
		t.Fatalf("findings about the value: %q", about)
	}
	raws := entries(t, openMod(t, res.Output))["MEDIA/SKILLS.RAW"]
	want := binary.LittleEndian.AppendUint64(nil, 339886767)
	if !bytes.Contains(raws, want) {
		t.Errorf("SKILLS.RAW does not hold 339886767: % x", raws)
	}
}

// A skill's UNIQUE_GUID that is not a number as a whole is read by the
// compiler and by SKILLS.RAW: Inspect (the window's "Before packing") and
// Pack each say so once, in the compiler's words, not twice (issue 34).
// A <STRING> UNIQUE_GUID the compiler does not read is still reported by
// the RAW stage.
func TestGUIDProblemReportedOnce(t *testing.T) {
	dir := makeMod(t, simpleModDat, map[string]string{
		"MEDIA/SKILLS/Y.DAT": "[SKILL]\r\n<STRING>NAME:Y\r\n<INTEGER64>UNIQUE_GUID:339886767DIE31069\r\n[/SKILL]\r\n",
		"MEDIA/SKILLS/Z.DAT": "[SKILL]\r\n<STRING>NAME:Z\r\n<STRING>UNIQUE_GUID:13x\r\n[/SKILL]\r\n",
	})
	in, err := Inspect(context.Background(), dir, "")
	if err != nil {
		t.Fatal(err)
	}
	res, err := Pack(context.Background(), dir, Options{Output: filepath.Join(t.TempDir(), "G.MOD")})
	if err != nil {
		t.Fatal(err)
	}
	for name, fs := range map[string][]Finding{"Inspect": in.Findings, "Pack": res.Findings} {
		var y, z []string
		for _, f := range fs {
			switch {
			case strings.Contains(f.Message, "UNIQUE_GUID") && f.File == "MEDIA/SKILLS/Y.DAT":
				y = append(y, fmt.Sprintf("%s %s", f.Stage, f))
			case strings.Contains(f.Message, "UNIQUE_GUID") && f.File == "MEDIA/SKILLS/Z.DAT":
				z = append(z, fmt.Sprintf("%s %s", f.Stage, f))
			}
		}
		if len(y) != 1 || !strings.HasPrefix(y[0], "compile MEDIA/SKILLS/Y.DAT:3: UNIQUE_GUID: <INTEGER64> value \"339886767DIE31069\"") {
			t.Errorf("%s: Y.DAT's UNIQUE_GUID reported %d times: %q", name, len(y), y)
		}
		if len(z) != 1 || !strings.HasPrefix(z[0], "raw MEDIA/SKILLS/Z.DAT:3: line 3: UNIQUE_GUID \"13x\" is not an integer") {
			t.Errorf("%s: Z.DAT's UNIQUE_GUID reported %d times: %q", name, len(z), z)
		}
	}
}
