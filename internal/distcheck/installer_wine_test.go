package distcheck

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"
)

// The installer, run as a user runs it: under wine (a prefix of the test's
// own that reports Windows 10, which the installer requires, exit 64
// otherwise), with a display (Xvfb) and the WebView2 runtime registered as
// on current Windows (so the bootstrapper is not fetched), silently (/S).
// It must put the program, the console build and the icon in Program
// Files, the Start menu entry and the uninstall entry in place; its
// uninstaller, run silently, must take all of it away again: no file, no
// folder, no registry key naming Packsmith stays behind.
//
// The installer and its uninstaller are 32-bit programs (NSIS). A machine
// whose kernel cannot run 32-bit programs cannot run them under any wine:
// there the test skips, naming why (make test-release prints the same in
// a banner), and TestInstaller and TestInstallerChoicesAreUnticked still
// check the installer's contents and its script.
func TestInstallerUnderWine(t *testing.T) {
	dir, version := distDir(t)
	setup := filepath.Join(dir, "packsmith-"+version+"-windows-amd64-setup.exe")
	if !canRun32() {
		t.Skip("NOT RUN: this machine cannot run 32-bit programs, and the installer is one (NSIS); " +
			"its contents and script are checked by TestInstaller and TestInstallerChoicesAreUnticked")
	}
	env := winePrefix(t)
	env = append(env, "DISPLAY="+xvfb(t))
	prefix := ""
	for _, e := range env {
		if strings.HasPrefix(e, "WINEPREFIX=") {
			prefix = strings.TrimPrefix(e, "WINEPREFIX=")
		}
	}
	// wine's own tools (winecfg, reg) are 64-bit here; the installer
	// and the uninstaller are 32-bit and take Debian's wrapper, which
	// picks the 32-bit loader.
	wine := func(what string, args ...string) {
		t.Helper()
		name := "bash"
		args = append([]string{wine64}, args...)
		if strings.HasSuffix(strings.ToLower(args[1]), ".exe") {
			name, args = "wine", args[1:]
		}
		r := runTimeout(t, env, 4*time.Minute, name, args...)
		if r.code != 0 {
			t.Fatalf("%s: exit %d\n%s%s", what, r.code, r.out, r.errOut)
		}
		// the registry reaches its files when the wineserver ends
		runTimeout(t, env, 2*time.Minute, "wineserver", "-w")
	}
	wine("winecfg -v win10", "winecfg", "-v", "win10")
	// The runtime's key as current Windows has it: in the 32-bit view
	// (WOW6432Node), where the installer's check reads it.
	const wv2 = `Microsoft\EdgeUpdate\Clients\{F3017226-FE2A-4295-8BDF-00C3A9A7E4C5}`
	wine("WebView2 key", "reg", "add", `HKLM\SOFTWARE\`+wv2, "/v", "pv", "/t", "REG_SZ", "/d", "120.0.2210.91", "/f", "/reg:32")
	wine("WebView2 key", "reg", "add", `HKLM\SOFTWARE\WOW6432Node\`+wv2, "/v", "pv", "/t", "REG_SZ", "/d", "120.0.2210.91", "/f", "/reg:64")
	before := prefixState(t, prefix)

	wine("the installer (/S)", setup, "/S")
	inst := filepath.Join(prefix, "drive_c/Program Files/Packsmith")
	// With the runtime registered the WebView2 bootstrapper must not run
	// (it would try to download Edge).
	if _, err := os.Stat(filepath.Join(prefix, "drive_c/ProgramData/Microsoft/EdgeUpdate")); err == nil {
		t.Error("the installer ran the WebView2 bootstrapper although the runtime is registered")
	}
	zf := zipFiles(t, filepath.Join(dir, "packsmith-"+version+"-windows-amd64.zip"))
	for _, n := range []string{"packsmith.exe", "packsmith.com"} {
		b, err := os.ReadFile(filepath.Join(inst, n))
		if err != nil {
			t.Fatalf("installed: %v", err)
		}
		if !bytes.Equal(b, zf[n]) {
			t.Errorf("installed %s (%d bytes) is not the zip's (%d bytes)", n, len(b), len(zf[n]))
		}
	}
	for _, n := range []string{"fileicon.ico", "uninstall.exe"} {
		if _, err := os.Stat(filepath.Join(inst, n)); err != nil {
			t.Errorf("installed: %v", err)
		}
	}
	lnk := filepath.Join(prefix, "drive_c/ProgramData/Microsoft/Windows/Start Menu/Programs/Packsmith.lnk")
	if b, err := os.ReadFile(lnk); err != nil {
		t.Errorf("no Start menu entry: %v", err)
	} else if lb := bytes.ToLower(b); !bytes.Contains(lb, []byte("packsmith.exe")) && !bytes.Contains(lb, utf16le("packsmith.exe")) {
		t.Errorf("the Start menu entry does not point at packsmith.exe")
	}
	installed := prefixState(t, prefix)
	for _, want := range []string{`software\\microsoft\\windows\\currentversion\\uninstall\\packsmith`, `software\\packsmith`} {
		if !installed.keys[want] {
			t.Errorf("no registry key %s after the install", want)
		}
	}
	if added := diffKeys(installed.files, before.files); len(added) == 0 {
		t.Fatal("the installer added no file")
	}

	wine("the uninstaller (/S)", `C:\Program Files\Packsmith\uninstall.exe`, "/S")
	// The uninstaller runs a copy of itself from %TEMP% and returns at
	// once: wait for the files to go.
	deadline := time.Now().Add(2 * time.Minute)
	for time.Now().Before(deadline) {
		if _, err := os.Stat(inst); os.IsNotExist(err) {
			break
		}
		time.Sleep(time.Second)
	}
	runTimeout(t, env, 2*time.Minute, "wineserver", "-w")
	after := prefixState(t, prefix)
	if left := diffKeys(after.files, before.files); len(left) > 0 {
		t.Errorf("left behind after the uninstall: %s", strings.Join(left, ", "))
	}
	var keys []string
	for k := range after.keys {
		if strings.Contains(k, "packsmith") {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	if len(keys) > 0 {
		t.Errorf("registry keys left behind: %s", strings.Join(keys, ", "))
	}
	t.Logf("installed %d files and %d registry keys; the uninstall left none", len(diffKeys(installed.files, before.files)), countPacksmith(installed.keys))
}

type state struct {
	files map[string]bool // paths under drive_c (folders end in /)
	keys  map[string]bool // registry keys, lower case, as the .reg files write them
}

// prefixState lists a prefix's files and registry keys. Temp folders are
// left out: the uninstaller's own copy (Au_.exe) runs from there and
// removes itself only after it ends, as on Windows.
func prefixState(t *testing.T, prefix string) state {
	t.Helper()
	st := state{files: map[string]bool{}, keys: map[string]bool{}}
	root := filepath.Join(prefix, "drive_c")
	temp := regexp.MustCompile(`(?i)(^|/)(temp|windows/temp|users/[^/]+/(appdata/local/)?temp)(/|$)`)
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		if rel == "." {
			return nil
		}
		if temp.MatchString(rel) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Type()&fs.ModeSymlink != 0 {
			return nil
		}
		if d.IsDir() {
			rel += "/"
		}
		st.files[rel] = true
		return nil
	})
	head := regexp.MustCompile(`(?m)^\[([^\]]+)\]`)
	for _, f := range []string{"system.reg", "user.reg"} {
		b, err := os.ReadFile(filepath.Join(prefix, f))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range head.FindAllSubmatch(b, -1) {
			st.keys[strings.ToLower(string(m[1]))] = true
		}
	}
	return st
}

func diffKeys(now, before map[string]bool) []string {
	var out []string
	for k := range now {
		if !before[k] {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

func countPacksmith(keys map[string]bool) int {
	n := 0
	for k := range keys {
		if strings.Contains(k, "packsmith") {
			n++
		}
	}
	return n
}

// runTimeout is run with a deadline: a wine program waiting on a dialog
// nobody sees fails the test instead of hanging it.
func runTimeout(t *testing.T, env []string, d time.Duration, name string, args ...string) cliRun {
	t.Helper()
	done := make(chan cliRun, 1)
	go func() { done <- run(t, env, name, args...) }()
	select {
	case r := <-done:
		return r
	case <-time.After(d):
		k := exec.Command("wineserver", "-k")
		k.Env = env
		k.Run()
		t.Fatalf("%s %v: still running after %s", name, args, d)
	}
	return cliRun{}
}

// xvfb starts an X server for the test on a free display and returns it.
func xvfb(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("Xvfb"); err != nil {
		if os.Getenv("PACKSMITH_REQUIRE_DIST") == "1" {
			t.Fatal("Xvfb is not installed (bash scripts/deps.sh)")
		}
		t.Skip("Xvfb is not installed")
	}
	for n := 130; n < 160; n++ {
		if _, err := os.Stat(fmt.Sprintf("/tmp/.X11-unix/X%d", n)); err == nil {
			continue
		}
		if _, err := os.Stat(fmt.Sprintf("/tmp/.X%d-lock", n)); err == nil {
			continue
		}
		d := fmt.Sprintf(":%d", n)
		cmd := exec.Command("Xvfb", d, "-screen", "0", "1280x800x24", "-nolisten", "tcp")
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
		for i := 0; i < 100; i++ {
			if exec.Command("xdpyinfo", "-display", d).Run() == nil {
				return d
			}
			time.Sleep(100 * time.Millisecond)
		}
		t.Fatalf("Xvfb %s did not answer", d)
	}
	t.Fatal("no free X display")
	return ""
}
