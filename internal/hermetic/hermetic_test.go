package hermetic

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSetupAndRestore(t *testing.T) {
	home := os.Getenv("HOME")
	root, restore, err := Setup()
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range Vars {
		if !strings.HasPrefix(os.Getenv(v), root) {
			t.Errorf("%s = %s, not under %s", v, os.Getenv(v), root)
		}
	}
	if d, err := os.UserConfigDir(); err != nil || !strings.HasPrefix(d, root) {
		t.Errorf("UserConfigDir = %s, %v", d, err)
	}
	if d, err := os.UserCacheDir(); err != nil || !strings.HasPrefix(d, root) {
		t.Errorf("UserCacheDir = %s, %v", d, err)
	}
	if !strings.HasPrefix(os.TempDir(), root) {
		t.Errorf("TempDir = %s", os.TempDir())
	}
	os.WriteFile(filepath.Join(os.Getenv("HOME"), "x"), nil, 0o644)
	restore()
	if os.Getenv("HOME") != home {
		t.Fatalf("HOME not restored: %s", os.Getenv("HOME"))
	}
	if _, err := os.Stat(root); err == nil {
		t.Fatalf("%s left behind", root)
	}
}
