package app

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"packsmith/backend/workspace/settings"
)

// WindowState is the window's size and place, kept in window.json beside
// the settings so the next start opens where the last one closed.
type WindowState struct {
	X, Y          int
	Width, Height int
	Maximised     bool
}

const (
	defaultWidth, defaultHeight = 1280, 820
	minWidth, minHeight         = 800, 500
)

func windowStatePath() string { return filepath.Join(settings.Dir(), "window.json") }

// LoadWindowState reads window.json; a missing or implausible file gives
// the default size and no position (ok false: let the system place it).
func LoadWindowState() (st WindowState, ok bool) {
	st = WindowState{Width: defaultWidth, Height: defaultHeight}
	b, err := os.ReadFile(windowStatePath())
	if err != nil {
		return st, false
	}
	var s WindowState
	if json.Unmarshal(b, &s) != nil || s.Width < minWidth || s.Height < minHeight || s.Width > 16384 || s.Height > 16384 ||
		s.X < -s.Width+100 || s.Y < -50 || s.X > 16384 || s.Y > 16384 {
		return st, false
	}
	return s, true
}

// saveMu serialises saves: on Windows a rename onto a file another rename
// is replacing fails with "Access is denied".
var saveMu sync.Mutex

// SaveWindowState writes window.json (temp file, then rename).
func SaveWindowState(st WindowState) error {
	saveMu.Lock()
	defer saveMu.Unlock()
	p := windowStatePath()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	b, _ := json.Marshal(st)
	// A temp file of its own: two saves at once (two windows closing, or
	// one asked twice) each rename their own file; the last one wins.
	f, err := os.CreateTemp(filepath.Dir(p), ".window-*.json")
	if err != nil {
		return err
	}
	_, werr := f.Write(b)
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Chmod(f.Name(), 0o644)
	}
	if werr == nil {
		werr = os.Rename(f.Name(), p)
	}
	if werr != nil {
		os.Remove(f.Name())
	}
	return werr
}

// secondInstancePaths picks the files a second launch was given (Windows:
// a double-clicked archive while the window is open), relative paths taken
// from the second launch's working folder.
func secondInstancePaths(args []string, wd string) []string {
	var out []string
	for _, a := range args {
		if a == "" || strings.HasPrefix(a, "-") {
			continue
		}
		if !filepath.IsAbs(a) && wd != "" {
			a = filepath.Join(wd, a)
		}
		if st, err := os.Stat(a); err == nil && !st.IsDir() {
			out = append(out, a)
		}
	}
	return out
}

// webviewDataDir is where WebView2 keeps the window's browser data on
// Windows: %LOCALAPPDATA%\Packsmith\WebView2 (Wails' default is
// %APPDATA%\packsmith.exe). Empty elsewhere or without LOCALAPPDATA.
func webviewDataDir(goos string, getenv func(string) string) string {
	if goos != "windows" || getenv("LOCALAPPDATA") == "" {
		return ""
	}
	return getenv("LOCALAPPDATA") + `\Packsmith\WebView2`
}
