// Package hermetic gives a test binary its own HOME, XDG folders, TMPDIR
// and Packsmith config folder, so that no test reads the user's settings
// or writes into the real home (settings, lock files, WebKit data).
//
// Use it from TestMain:
//
//	func TestMain(m *testing.M) { hermetic.Main(m) }
package hermetic

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// Vars are the variables Setup points into its folder: the XDG ones for
// Linux, and APPDATA, LOCALAPPDATA, TMP and TEMP, which os.UserConfigDir,
// os.UserCacheDir and os.TempDir read on Windows.
var Vars = []string{"HOME", "USERPROFILE", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "TMPDIR",
	"APPDATA", "LOCALAPPDATA", "TMP", "TEMP", "PACKSMITH_CONFIG_DIR"}

// Setup makes a fresh folder (under the current TMPDIR) and points every
// variable in Vars at a folder inside it. It returns the root and a
// function that removes it and restores the environment.
func Setup() (root string, restore func(), err error) {
	root, err = os.MkdirTemp("", "packsmith-hermetic-*")
	if err != nil {
		return "", nil, err
	}
	old := map[string]*string{}
	for _, v := range Vars {
		if s, ok := os.LookupEnv(v); ok {
			old[v] = &s
		} else {
			old[v] = nil
		}
		d := filepath.Join(root, v)
		if v == "USERPROFILE" {
			d = filepath.Join(root, "HOME")
		}
		if err := os.MkdirAll(d, 0o755); err != nil {
			os.RemoveAll(root)
			return "", nil, err
		}
		os.Setenv(v, d)
	}
	return root, func() {
		for v, s := range old {
			if s == nil {
				os.Unsetenv(v)
			} else {
				os.Setenv(v, *s)
			}
		}
		os.RemoveAll(root)
	}, nil
}

// Main runs the tests hermetically and exits with their status.
func Main(m *testing.M) {
	_, restore, err := Setup()
	if err != nil {
		fmt.Fprintln(os.Stderr, "hermetic:", err)
		os.Exit(2)
	}
	code := m.Run()
	restore()
	os.Exit(code)
}

// OwnCache points os.UserCacheDir at a new folder of the test's own, on
// every system (XDG_CACHE_HOME on Linux, LOCALAPPDATA on Windows and under
// wine, HOME's Library/Caches on macOS), and returns the folder
// os.UserCacheDir now gives: tests that list the backups folder see only
// their own copies, not those of the package's other tests.
func OwnCache(t testing.TB) string {
	t.Helper()
	d := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", d)
	t.Setenv("LOCALAPPDATA", d)
	if runtime.GOOS == "darwin" || runtime.GOOS == "ios" {
		t.Setenv("HOME", d)
		return filepath.Join(d, "Library", "Caches")
	}
	return d
}
