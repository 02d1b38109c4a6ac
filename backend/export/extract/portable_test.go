package extract

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"packsmith/backend/drivers/drivertest"
)

// Names that break on one of Windows, macOS and Linux are refused by
// default on every system (issue 22: CON, aux.txt, "trail. " and Same.txt
// beside SAME.TXT were extracted on Linux; ANSI escapes and newlines were
// written raw).
func TestPortablePathRefusesUnportableNames(t *testing.T) {
	bad := map[string]string{
		"CON":             "reserved Windows device name",
		"x/aux.txt":       "reserved Windows device name",
		"x/Com1.tar.gz":   "reserved Windows device name",
		"x/nul.":          "reserved Windows device name",
		"LPT9 .log":       "reserved Windows device name",
		"CONOUT$":         "reserved Windows device name",
		"dir/trail. ":     "ends with a dot or a space",
		"trail./x.txt":    "ends with a dot or a space",
		"x/space ":        "ends with a dot or a space",
		"a\nb.txt":        "control character",
		"\x1b[31mred.txt": "control character",
		"tab\there":       "control character",
		"x/\u009bc1.txt":  "control character",
		"what?.txt":       "not allowed in Windows names",
		`a/"quoted".txt`:  "not allowed in Windows names",
		"pipe|name":       "not allowed in Windows names",
		"../escape.txt":   "parent folder", // RelPath's refusals stand
	}
	for name, why := range bad {
		_, err := PortablePath(name)
		if !errors.Is(err, ErrUnsafePath) || !strings.Contains(err.Error(), why) {
			t.Errorf("PortablePath(%q) = %v, want %q", name, err, why)
		}
		// The name is quoted, never printed raw.
		if err != nil && strings.ContainsAny(err.Error(), "\n\x1b\t\u009b") {
			t.Errorf("PortablePath(%q): raw control character in %q", name, err)
		}
	}
	for _, name := range []string{"MEDIA/UNITS/A.DAT", "STATS/XFLASK_KILL .DAT", "CONSOLE.TXT", "x/COM10.log", "사운드/한글파일.txt", "a.b.c", "x/.hidden"} {
		if _, err := PortablePath(name); err != nil {
			t.Errorf("PortablePath(%q): %v", name, err)
		}
	}
}

func TestExtractRefusesUnportableUnlessAllowed(t *testing.T) {
	for _, c := range []struct {
		files map[string][]byte
		want  string
	}{
		{map[string][]byte{"ok.txt": {1}, "x/aux.txt": {2}}, "reserved Windows device name"},
		{map[string][]byte{"ok.txt": {1}, "trail. ": {2}}, "ends with a dot or a space"},
		{map[string][]byte{"ok.txt": {1}, "esc\x1b[2J.txt": {2}}, "control character"},
		{map[string][]byte{"d/Same.txt": {1}, "d/SAME.TXT": {2}}, "would be the same file"},
	} {
		a := drivertest.NewMem("u.zip", c.files)
		dir := t.TempDir()
		_, err := Extract(context.Background(), a, dir, nil, nil, Options{})
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.ContainsAny(err.Error(), "\x1b\n") {
			t.Errorf("%v: %v, want %q", c.files, err, c.want)
		}
		if ents, _ := os.ReadDir(dir); len(ents) != 0 {
			t.Errorf("%v: written before refusing: %v", c.files, ents)
		}
		if runtime.GOOS != "linux" {
			continue // the names are Linux's to hold
		}
		res, err := Extract(context.Background(), a, dir, nil, nil, Options{AllowUnportable: true})
		if err != nil || res.Files != len(c.files) {
			t.Errorf("%v allowed: %+v %v", c.files, res, err)
		}
		for name := range c.files {
			if _, err := os.Lstat(filepath.Join(dir, filepath.FromSlash(name))); err != nil {
				t.Errorf("allowed: %v", err)
			}
		}
	}
}
