package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/formats/tl2/mod"
	"packsmith/formats/tl2/sch"
)

const sampleMod = "../../testdata/demo/sample_mod"

func TestPackSample(t *testing.T) {
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	out := filepath.Join(t.TempDir(), "S.MOD")
	stdout, stderr, code := run(t, "pack", sampleMod, "-o", out, "--gamever", "1.25.9.5")
	if code != 0 {
		t.Fatalf("code %d: %s", code, stderr)
	}
	flat := strings.Join(strings.Fields(stdout), " ")
	for _, w := range []string{"packed " + out, "entries 12 (7 compiled, 1 as they are, 4 RAW: AFFIXES, SKILLS, UNITDATA, UI)",
		"mod Packsmith Sample · version 1 · MOD_ID 4155520830174301517", "game 1.25.9.5 (given)", "rollingHash 0x"} {
		if !strings.Contains(flat, w) {
			t.Errorf("summary lacks %q:\n%s", w, stdout)
		}
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	r, err := mod.NewReader(bytes.NewReader(b), int64(len(b)), nil)
	if err != nil {
		t.Fatal(err)
	}
	if r.Header.GameVersion != (mod.GameVersion{1, 25, 9, 5}) || r.Header.ModID != 4155520830174301517 || len(r.Entries) != 12 {
		t.Errorf("header %+v, %d entries", r.Header, len(r.Entries))
	}
	if !strings.Contains(flat, "size "+groupDigits(int64(len(b)))+" bytes") {
		t.Errorf("size line wrong:\n%s", stdout)
	}
	// The bytes do not depend on the run: the same tree packs the same.
	out2 := filepath.Join(t.TempDir(), "S.MOD")
	if _, _, code := run(t, "pack", sampleMod, "-o", out2, "--gamever", "1.25.9.5"); code != 0 {
		t.Fatal("second pack failed")
	}
	if b2, _ := os.ReadFile(out2); !bytes.Equal(b, b2) {
		t.Error("packing the same folder twice gave different bytes")
	}
}

func TestPackJSONAndDeploy(t *testing.T) {
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	user := t.TempDir()
	mods := filepath.Join(user, "mods")
	out := filepath.Join(t.TempDir(), "S.MOD")
	stdout, stderr, code := run(t, "pack", sampleMod, "-o", out, "--deploy", "--mods", mods, "--enable", "--sha256", "--json")
	if code != 0 {
		t.Fatalf("code %d: %s %s", code, stderr, stdout)
	}
	var res struct {
		Output   string
		Size     int64
		Entries  int
		ModID    string
		Hashes   struct{ RollingHash, SHA256 string }
		Findings []any
		Deploy   struct {
			Path    string
			Enabled bool
		}
		Error string
	}
	if err := json.Unmarshal([]byte(stdout), &res); err != nil {
		t.Fatal(err)
	}
	if res.Output != out || res.Entries != 12 || res.ModID != "4155520830174301517" || len(res.Hashes.SHA256) != 64 ||
		res.Deploy.Path != filepath.Join(mods, "S.MOD") || !res.Deploy.Enabled || len(res.Findings) != 0 || res.Error != "" {
		t.Errorf("%+v", res)
	}
	b, _ := os.ReadFile(filepath.Join(user, "modlauncher.sch"))
	f, err := sch.Parse(b)
	if err != nil || len(f.IDs()) != 1 || f.IDs()[0] != 4155520830174301517 {
		t.Errorf("modlauncher.sch: %v %v", f, err)
	}
}

func TestPackFailures(t *testing.T) {
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	// A source that does not compile: exit 1, each problem as FILE:LINE.
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "MOD.DAT"), []byte("[MOD]\n<STRING>NAME:x\n<INTEGER64>MOD_ID:5\n[/MOD]\n"), 0o644)
	os.MkdirAll(filepath.Join(dir, "MEDIA", "UNITS"), 0o755)
	os.WriteFile(filepath.Join(dir, "MEDIA", "UNITS", "BAD.DAT"), []byte("[UNIT]\n<INTEGRE>LEVEL:1\n[/UNIT]\n"), 0o644)
	outDir := t.TempDir()
	_, stderr, code := run(t, "pack", dir, "-o", filepath.Join(outDir, "X.MOD"))
	if code != 1 || !strings.Contains(stderr, "error: MEDIA/UNITS/BAD.DAT:2:") || !strings.Contains(stderr, "not packed (1 error)") {
		t.Errorf("code %d: %s", code, stderr)
	}
	if ents, _ := os.ReadDir(outDir); len(ents) != 0 {
		t.Errorf("left %v", ents)
	}
	stdout, _, code := run(t, "pack", dir, "-o", filepath.Join(outDir, "X.MOD"), "--json")
	if code != 1 || !strings.Contains(stdout, `"error": "MEDIA/UNITS/BAD.DAT:2:`) {
		t.Errorf("json failure: code %d %s", code, stdout)
	}
	// Not a mod folder.
	_, stderr, code = run(t, "pack", t.TempDir())
	if code != 1 || !strings.Contains(stderr, "no MOD.DAT") {
		t.Errorf("code %d: %s", code, stderr)
	}
	// Usage.
	for _, args := range [][]string{{"pack"}, {"pack", "a", "b"}, {"pack", sampleMod, "--enable"}, {"pack", sampleMod, "--gamever", "1.2"}, {"pack", sampleMod, "--guts-ids", "x"}} {
		if _, _, code := run(t, args...); code != 2 {
			t.Errorf("%v: code %d, want 2", args, code)
		}
	}
}
