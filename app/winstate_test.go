package app

import (
	"os"
	"path/filepath"
	"reflect"
	"sync"
	"testing"
)

func TestWindowStateRoundTrip(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("PACKSMITH_CONFIG_DIR", dir)
	if st, ok := LoadWindowState(); ok || st.Width != 1280 || st.Height != 820 {
		t.Fatalf("no file: %+v %v, want the default size and no position", st, ok)
	}
	want := WindowState{X: 40, Y: 30, Width: 1400, Height: 900}
	if err := SaveWindowState(want); err != nil {
		t.Fatal(err)
	}
	if st, ok := LoadWindowState(); !ok || st != want {
		t.Fatalf("loaded %+v %v, want %+v", st, ok, want)
	}
	if _, err := os.Stat(filepath.Join(dir, "window.json.tmp")); !os.IsNotExist(err) {
		t.Errorf("temp file left: %v", err)
	}
	// implausible sizes and places (a monitor since unplugged) are ignored
	for _, bad := range []WindowState{{Width: 100, Height: 900}, {Width: 1400, Height: 90000}, {X: -5000, Width: 1400, Height: 900}, {Y: -400, Width: 1400, Height: 900}} {
		SaveWindowState(bad)
		if st, ok := LoadWindowState(); ok || st.Width != 1280 {
			t.Errorf("%+v: loaded %+v %v, want the default", bad, st, ok)
		}
	}
	os.WriteFile(filepath.Join(dir, "window.json"), []byte("{not json"), 0o644)
	if _, ok := LoadWindowState(); ok {
		t.Error("broken window.json gave a position")
	}
}

// Wails asks OnBeforeClose twice as the window goes: two saves at once
// must both succeed (they shared window.json.tmp, and the second rename
// failed with "no such file" on every close) and leave no temp file.
func TestWindowStateConcurrentSaves(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("PACKSMITH_CONFIG_DIR", dir)
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for i := 0; i < 16; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			errs <- SaveWindowState(WindowState{X: i, Y: 10, Width: 1300, Height: 900})
		}(i)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	if st, ok := LoadWindowState(); !ok || st.Width != 1300 {
		t.Fatalf("loaded %+v %v", st, ok)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 || ents[0].Name() != "window.json" {
		var names []string
		for _, e := range ents {
			names = append(names, e.Name())
		}
		t.Fatalf("files left: %v", names)
	}
}

func TestSecondInstancePaths(t *testing.T) {
	dir := t.TempDir()
	mod := filepath.Join(dir, "A.MOD")
	os.WriteFile(mod, []byte("x"), 0o644)
	got := secondInstancePaths([]string{"-flag", "A.MOD", mod, "missing.MOD", dir, ""}, dir)
	if want := []string{mod, mod}; !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q (relative resolved against the working folder; flags, folders, missing files dropped)", got, want)
	}
}

func TestWebviewDataDir(t *testing.T) {
	env := map[string]string{"LOCALAPPDATA": `C:\Users\Ann\AppData\Local`}
	if got := webviewDataDir("windows", func(k string) string { return env[k] }); got != `C:\Users\Ann\AppData\Local\Packsmith\WebView2` {
		t.Errorf("windows: %q", got)
	}
	if got := webviewDataDir("linux", func(k string) string { return env[k] }); got != "" {
		t.Errorf("linux: %q", got)
	}
	if got := webviewDataDir("windows", func(string) string { return "" }); got != "" {
		t.Errorf("no LOCALAPPDATA: %q (Wails' default then)", got)
	}
}
