package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/backend/archive"
	"packsmith/internal/crafted"
)

// The window's budget is its own, from the maxMemoryMB setting, and the
// archives it opens decode within it: with maxMemoryMB 64 an 80 MB MLZ0
// layer is refused naming the 64 MB limit; a window without the setting
// (512 MB) opens it; the first window's budget is unchanged by the second.
func TestWindowBudgetFromSetting(t *testing.T) {
	dat := filepath.Join(t.TempDir(), "mlz0.dat")
	if err := os.WriteFile(dat, crafted.MLZ0Dat(80<<20), 0o644); err != nil {
		t.Fatal(err)
	}
	small := t.TempDir()
	if err := os.WriteFile(filepath.Join(small, "settings.json"), []byte(`{"maxMemoryMB": 64}`), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PACKSMITH_CONFIG_DIR", small)
	a := testApp(t, &events{}, nil, nil)
	if a.Budget.MB() != 64 {
		t.Fatalf("maxMemoryMB 64: the window's budget is %d MB", a.Budget.MB())
	}
	if _, err := a.archives.open(dat, archive.OpenOptions{}); err == nil || !strings.Contains(err.Error(), "over the 64 MB memory limit") {
		t.Fatalf("80 MB layer under the 64 MB setting: %v", err)
	}
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	b := testApp(t, &events{}, nil, nil)
	info, err := b.archives.open(dat, archive.OpenOptions{})
	if err != nil {
		t.Fatalf("default budget: %v", err)
	}
	if b.Budget.InUse() == 0 {
		t.Fatal("the open layer takes nothing from the window's budget")
	}
	b.archives.close(info.ID)
	if a.Budget.MB() != 64 || a.Budget.InUse() != 0 {
		t.Fatalf("the first window's budget moved: %d MB, %d in use", a.Budget.MB(), a.Budget.InUse())
	}
}
