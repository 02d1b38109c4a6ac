package cli

import (
	"archive/zip"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Pack prints findings of one kind (three or more) as one line with their
// count, naming the first; --all prints every one (issue 34: 1,667 guessed
// units were 1,667 lines).
func TestPackFoldsFindings(t *testing.T) {
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "MOD.DAT"), []byte("[MOD]\n<STRING>NAME:x\n<INTEGER64>MOD_ID:5\n[/MOD]\n"), 0o644)
	os.MkdirAll(filepath.Join(dir, "MEDIA", "UNITS", "ITEMS"), 0o755)
	for i := 0; i < 4; i++ {
		body := fmt.Sprintf("[ITEM]\n<STRING>NAME:I%d\n<INTEGER>VALUE:%dabc\n[/ITEM]\n", i, i+1)
		os.WriteFile(filepath.Join(dir, "MEDIA", "UNITS", "ITEMS", fmt.Sprintf("I%d.DAT", i)), []byte(body), 0o644)
	}
	os.WriteFile(filepath.Join(dir, "MEDIA", "UNITS", "ITEMS", "L.DAT"), []byte("[ITEM]\n<STRING>NAME:L\n<INTEGER>Level:1\n[/ITEM]\n"), 0o644)
	out := filepath.Join(t.TempDir(), "X.MOD")

	stdout, stderr, code := run(t, "pack", dir, "-o", out, "--full")
	if code != 0 {
		t.Fatalf("code %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "5 warnings:\n") {
		t.Fatalf("no count of 5 warnings:\n%s", stdout)
	}
	if n := strings.Count(stdout, "read the C way"); n != 1 {
		t.Errorf("%d lines about C numbers, want 1 folded:\n%s", n, stdout)
	}
	if !strings.Contains(stdout, "  4 × like: MEDIA/UNITS/ITEMS/I0.DAT:3: VALUE: <INTEGER> value \"1abc\"") {
		t.Errorf("no folded line naming the first:\n%s", stdout)
	}
	if !strings.Contains(stdout, "MEDIA/UNITS/ITEMS/L.DAT:3:") || !strings.Contains(stdout, "(1 line fold findings of one kind; --all lists every one)") {
		t.Errorf("the other warning or the note is missing:\n%s", stdout)
	}

	stdout, _, code = run(t, "pack", dir, "-o", out, "--full", "--all")
	if code != 0 || strings.Count(stdout, "read the C way") != 4 || strings.Contains(stdout, "×") || strings.Contains(stdout, "--all lists") {
		t.Errorf("--all: code %d\n%s", code, stdout)
	}
	for i := 0; i < 4; i++ {
		if !strings.Contains(stdout, fmt.Sprintf("  MEDIA/UNITS/ITEMS/I%d.DAT:3: VALUE:", i)) {
			t.Errorf("--all lacks I%d.DAT:\n%s", i, stdout)
		}
	}
}

// Verify folds the same way: five damaged entries, one crc line.
func TestVerifyFoldsFindings(t *testing.T) {
	data, err := os.ReadFile(demo)
	if err != nil {
		t.Fatal(err)
	}
	zr, _ := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	var names []string
	for _, f := range zr.File[10:15] {
		off, _ := f.DataOffset()
		data[off+1] ^= 0x55
		names = append(names, f.Name)
	}
	bad := filepath.Join(t.TempDir(), "bad.zip")
	os.WriteFile(bad, data, 0o644)

	folded, _, code := run(t, "verify", bad)
	every, _, code2 := run(t, "verify", bad, "--all")
	if code != 1 || code2 != 1 {
		t.Fatalf("codes %d %d", code, code2)
	}
	for _, n := range names {
		if !strings.Contains(every, n+": ") {
			t.Errorf("--all lacks %s:\n%s", n, every)
		}
	}
	if !strings.Contains(folded, "5 × like: ") || !strings.Contains(folded, names[0]+": ") || strings.Contains(folded, names[4]+": ") ||
		!strings.Contains(folded, "5 problem(s)") || !strings.Contains(folded, "--all lists every one") {
		t.Errorf("folded:\n%s\n--all:\n%s", folded, every)
	}
}
