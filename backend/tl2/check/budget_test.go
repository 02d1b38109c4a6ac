package check

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/backend/sys/limits"
	"packsmith/backend/tl2/loadorder/loadordertest"
)

// bigDat is a valid .DAT of about n bytes.
func bigDat(n int) []byte {
	var b strings.Builder
	b.WriteString("[X]\r\n")
	for b.Len() < n {
		b.WriteString("<STRING>NAME:abcdefghijklmnopqrstuvwxyz0123456789\r\n")
	}
	b.WriteString("[/X]\r\n")
	return []byte(b.String())
}

// What a check reads is held to the memory budget passed down, not to a
// fixed 64 MB cap (issue 44): under --max-memory 64 a 5 MB .DAT, whose
// parse would take about 80 MB, is an unreadable-file error naming the
// limit, in a folder and in a .MOD; under the default budget it is read
// and checked.
func TestCheckReadsWithinBudget(t *testing.T) {
	dat := bigDat(5 << 20)
	dir := t.TempDir()
	f := filepath.Join(dir, "MEDIA", "X", "BIG.DAT")
	os.MkdirAll(filepath.Dir(f), 0o755)
	if err := os.WriteFile(f, dat, 0o644); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "MOD.DAT"), []byte("[MOD]\r\n<STRING>NAME:Big\r\n<INTEGER64>MOD_ID:5\r\n[/MOD]\r\n"), 0o644)
	modPath := filepath.Join(t.TempDir(), "BIG.MOD")
	err := loadordertest.WriteMod(modPath, loadordertest.Spec{Title: "Big", ID: 5, Files: []string{"MEDIA/X/BIG.DAT"},
		Data: map[string][]byte{"MEDIA/X/BIG.DAT": dat}})
	if err != nil {
		t.Fatal(err)
	}
	small, err := limits.NewBudget(limits.MinMB)
	if err != nil {
		t.Fatal(err)
	}
	for _, target := range []string{dir, modPath} {
		rep, err := Run(context.Background(), RunOptions{Target: target})
		if err != nil || rep.Errors != 0 {
			t.Fatalf("%s, default budget: %v, %d errors: %s", target, err, rep.Errors, lines(rep.Findings))
		}
		rep, err = Run(context.Background(), RunOptions{Target: target, Budget: small})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Errors != 1 || rep.Findings[0].Kind != Unreadable || rep.Findings[0].File != "MEDIA/X/BIG.DAT" ||
			!strings.Contains(rep.Findings[0].Message, "too large to check within the memory limit") ||
			strings.Contains(rep.Findings[0].Message, "nor can the game") {
			t.Errorf("%s, --max-memory 64: %d errors: %s", target, rep.Errors, lines(rep.Findings))
		}
	}
	// The refusal comes before the read, as the budget's own error.
	_, err = readFile(f, maxRead(small))
	var over *limits.OverError
	if !errors.As(err, &over) || !strings.Contains(err.Error(), f) {
		t.Errorf("readFile: %v", err)
	}
}
