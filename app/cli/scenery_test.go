package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// A scenery layout (no room piece) through the command line: bake says it
// is no level, pack neither bakes nor flags it, verify of the .MOD says
// nothing of it; no message carries a Go package prefix.
func TestSceneryLayoutCLI(t *testing.T) {
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	dir := filepath.Join(t.TempDir(), "m")
	files := map[string]string{
		"MOD.DAT": "[MOD]\r\n\t<STRING>NAME:SCENERY\r\n\t<INTEGER64>MOD_ID:5\r\n[/MOD]\r\n",
		"MEDIA/LAYOUTS/URBAN/ENVIRONMENT_URBAN.LAYOUT": "[Layout]\r\n<INTEGER>VERSION:4\r\n[OBJECTS]\r\n" +
			"[BASEOBJECT]\r\n[PROPERTIES]\r\n<STRING>DESCRIPTOR:Sound\r\n<INTEGER64>ID:2\r\n[/PROPERTIES]\r\n[/BASEOBJECT]\r\n[/OBJECTS]\r\n[/Layout]\r\n",
		"MEDIA/LAYOUTS/NOFLOOR/NOFLOOR.LAYOUT": "[Layout]\r\n<INTEGER>VERSION:4\r\n[OBJECTS]\r\n" +
			"[BASEOBJECT]\r\n[PROPERTIES]\r\n<STRING>DESCRIPTOR:Room Piece\r\n<INTEGER64>ID:1\r\n<STRING>GUID:7\r\n<BOOL>COLLISION ENABLED:false\r\n[/PROPERTIES]\r\n[/BASEOBJECT]\r\n[/OBJECTS]\r\n[/Layout]\r\n",
	}
	for rel, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	prefix := regexp.MustCompile(`(mppbake|levelbake|mpp|binlayout|layout|modpack): `)
	urban := filepath.Join(dir, "MEDIA", "LAYOUTS", "URBAN", "ENVIRONMENT_URBAN.LAYOUT")
	stdout, stderr, code := run(t, "bake", urban, "-o", "-")
	if code != 1 || !strings.Contains(stderr, "ENVIRONMENT_URBAN.LAYOUT places no room piece, so it is not a level and has no walk grid to bake") || prefix.MatchString(stdout+stderr) {
		t.Errorf("bake: code %d\n%s\n%s", code, stdout, stderr)
	}
	stdout, stderr, code = run(t, "bake", filepath.Join(dir, "MEDIA", "LAYOUTS", "NOFLOOR", "NOFLOOR.LAYOUT"), "-o", "-")
	if code != 1 || !strings.Contains(stderr, "NOFLOOR.LAYOUT: no room piece with collision geometry") || prefix.MatchString(stdout+stderr) {
		t.Errorf("bake of a level without collision: code %d\n%s\n%s", code, stdout, stderr)
	}
	for _, js := range []bool{false, true} {
		out := filepath.Join(t.TempDir(), "S.MOD")
		args := []string{"pack", dir, "-o", out}
		if js {
			args = append(args, "--json")
		}
		stdout, stderr, code = run(t, args...)
		if code != 0 || strings.Contains(stdout+stderr, "URBAN") || prefix.MatchString(stdout+stderr) || !strings.Contains(stdout, "NOFLOOR") ||
			!js && !strings.Contains(stdout, "NOFLOOR.LAYOUT: NOT BAKED (no .MPP): NOFLOOR.LAYOUT: no room piece with collision geometry") {
			t.Errorf("pack (json %v): code %d\n%s\n%s", js, code, stdout, stderr)
		}
		stdout, stderr, _ = run(t, "verify", out)
		if strings.Contains(stdout+stderr, "URBAN") || !strings.Contains(stdout+stderr, "NOFLOOR") || prefix.MatchString(stdout+stderr) {
			t.Errorf("verify:\n%s\n%s", stdout, stderr)
		}
	}
}
