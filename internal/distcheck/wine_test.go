package distcheck

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"packsmith/internal/testfixtures"
)

// wine64 runs a 64-bit Windows program under wine's 64-bit loader
// (bash wine64 PROGRAM ARGS...): Debian's wine wrapper would take the
// 32-bit loader whenever wine32 is installed, and that loader cannot start
// at all on a machine without 32-bit support.
var wine64 = filepath.Join(root, "scripts/wine/wine64")

// canRun32 tells whether this machine runs 32-bit programs
// (scripts/wine/can-run-32bit.sh runs a tiny 32-bit probe).
func canRun32() bool {
	return exec.Command("bash", filepath.Join(root, "scripts/wine/can-run-32bit.sh"), "-q").Run() == nil
}

// winePrefix makes a wine prefix of the test's own (scripts/wine/prefix.sh:
// wineboot and the test-only ProcessPrng shim) and returns the environment
// to run Windows programs in it.
func winePrefix(t *testing.T) []string {
	t.Helper()
	if _, err := exec.LookPath("wine"); err != nil {
		if os.Getenv("PACKSMITH_REQUIRE_DIST") == "1" {
			t.Fatal("wine is not installed (bash scripts/deps.sh)")
		}
		t.Skip("wine is not installed")
	}
	tmp := t.TempDir()
	home := filepath.Join(tmp, "home")
	os.MkdirAll(home, 0o755)
	env := append(os.Environ(), "HOME="+home, "XDG_CONFIG_HOME="+filepath.Join(home, ".config"),
		"XDG_CACHE_HOME="+filepath.Join(home, ".cache"), "XDG_DATA_HOME="+filepath.Join(home, ".local/share"),
		"PACKSMITH_CONFIG_DIR="+filepath.Join(tmp, "config"), "WINEPREFIX="+filepath.Join(tmp, "wine"), "WINEDEBUG=-all")
	cmd := exec.Command("bash", filepath.Join(root, "scripts/wine/prefix.sh"), filepath.Join(tmp, "wine"))
	cmd.Env = env
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("wine prefix: %v\n%s", err, out)
	}
	t.Cleanup(func() {
		c := exec.Command("wineserver", "-k")
		c.Env = env
		c.Run()
	})
	return env
}

// winPath writes an absolute Linux path as a Windows user would type it
// for wine's Z: drive: Z:\work\...\FILE.
func winPath(p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		panic(err)
	}
	return `Z:` + strings.ReplaceAll(abs, "/", `\`)
}

// normalize makes a Windows run's output comparable with the Linux run's:
// paths are named with / and without the drive letter (JSON's escaped \\
// first).
func normalize(s string) string {
	s = strings.ReplaceAll(s, `\\`, "/")
	s = strings.ReplaceAll(s, `\`, "/")
	s = strings.ReplaceAll(s, "Z:/", "/")
	return strings.ReplaceAll(s, "\r\n", "\n")
}

type cliRun struct {
	out, errOut string
	code        int
}

func run(t *testing.T, env []string, name string, args ...string) cliRun {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Env = env
	// Files, not pipes: wine may start a helper (explorer.exe /desktop)
	// that inherits the output and outlives the program, and a pipe would
	// keep Wait waiting on it (a CI run hung here for ten minutes). With
	// files, Wait returns when the program exits, its output complete.
	dir := t.TempDir()
	o, err := os.Create(filepath.Join(dir, "stdout"))
	if err != nil {
		t.Fatal(err)
	}
	defer o.Close()
	e, err := os.Create(filepath.Join(dir, "stderr"))
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	cmd.Stdout, cmd.Stderr = o, e
	err = cmd.Run()
	ob, rerr := os.ReadFile(o.Name())
	if rerr != nil {
		t.Fatal(rerr)
	}
	eb, rerr := os.ReadFile(e.Name())
	if rerr != nil {
		t.Fatal(rerr)
	}
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("%s %v: %v", name, args, err)
	}
	return cliRun{string(ob), string(eb), code}
}

// tree hashes every file under dir (paths relative, with /).
func tree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = fmt.Sprintf("%x", sha256.Sum256(b))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// The Windows console build (packsmith.com from the zip) under wine, given
// drive-letter and backslash paths, answers like the Linux build on the
// bundled demo and the Torchlight II fixtures: same output (paths
// normalised), same exit codes, same files written.
func TestWindowsCLIMatchesLinux(t *testing.T) {
	dir, version := distDir(t)
	start := time.Now()
	env := winePrefix(t)
	t.Logf("wine prefix: %.1f s", time.Since(start).Seconds())
	tmp := t.TempDir()
	untar(t, filepath.Join(dir, "packsmith-"+version+"-linux-amd64.tar.gz"), tmp)
	linux := filepath.Join(tmp, "packsmith-"+version, "packsmith")
	com := filepath.Join(tmp, "packsmith.com")
	if err := os.WriteFile(com, zipFiles(t, filepath.Join(dir, "packsmith-"+version+"-windows-amd64.zip"))["packsmith.com"], 0o755); err != nil {
		t.Fatal(err)
	}

	demo, _ := filepath.Abs(filepath.Join(root, "testdata/demo"))
	fixtures := testfixtures.Dir(t, "tl2")
	// folders the runs write into: each side gets its own copy
	work := filepath.Join(tmp, "work")
	for _, side := range []string{"lin", "win"} {
		for src, dst := range map[string]string{filepath.Join(demo, "sample_mod"): "sample_mod", filepath.Join(demo, "tl2-user"): "tl2-user", filepath.Join(fixtures, "xover"): "xover"} {
			if err := os.CopyFS(filepath.Join(work, side, dst), os.DirFS(src)); err != nil {
				t.Fatal(err)
			}
		}
	}
	sideDir := func(side string) string { return filepath.Join(work, side) }
	// Packs are compared byte for byte: the same file times on both sides
	// (the manifest keeps them) and a fixed MOD_ID for xover (its MOD.DAT
	// has -1: a fresh random id each pack).
	stamp := time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC)
	for _, side := range []string{"lin", "win"} {
		md := filepath.Join(sideDir(side), "xover/mod.dat")
		b := readAll(t, md)
		nb := bytes.Replace(b, utf16le("MOD_ID:-1"), utf16le("MOD_ID:7311940106741268999"), 1)
		if bytes.Equal(b, nb) {
			t.Fatal("xover/mod.dat: no MOD_ID:-1 to replace")
		}
		if err := os.WriteFile(md, nb, 0o644); err != nil {
			t.Fatal(err)
		}
		filepath.WalkDir(sideDir(side), func(p string, d fs.DirEntry, err error) error {
			if err == nil {
				err = os.Chtimes(p, stamp, stamp)
			}
			return err
		})
	}

	type step struct {
		name  string
		args  []string // {W} is the side's work folder; paths are absolute Linux paths
		files string   // a folder (under {W}) whose written files are compared
	}
	W := "{W}"
	mods := []string{filepath.Join(demo, "PACKSMITH_SAMPLE.MOD"), filepath.Join(fixtures, "xover/EDITORMOD.MOD"), filepath.Join(fixtures, "cyber_mod/EDITORMOD_at_90dcf2a.MOD")}
	var steps []step
	for i, m := range mods {
		steps = append(steps,
			step{name: "ls " + filepath.Base(m), args: []string{"ls", m}},
			step{name: "ls --json " + filepath.Base(m), args: []string{"ls", m, "--json"}},
			step{name: "verify " + filepath.Base(m), args: []string{"verify", m}},
			step{name: "extract " + filepath.Base(m), args: []string{"extract", m, "-o", W + fmt.Sprintf("/x%d", i)}, files: fmt.Sprintf("x%d", i)},
		)
	}
	for _, a := range []string{"demo.zip", "DATA.PAK", "rs.iop", "reborn_sample.dat"} {
		steps = append(steps, step{name: "ls " + a, args: []string{"ls", filepath.Join(demo, a)}}, step{name: "verify " + a, args: []string{"verify", filepath.Join(demo, a)}})
	}
	steps = append(steps,
		step{name: "verify missing", args: []string{"verify", filepath.Join(demo, "NOPE.MOD")}},
		step{name: "pack sample_mod", args: []string{"pack", W + "/sample_mod", "-o", W + "/out/SAMPLE.MOD", "--json"}},
		step{name: "ls packed sample", args: []string{"ls", W + "/out/SAMPLE.MOD"}},
		step{name: "pack xover", args: []string{"pack", W + "/xover", "-o", W + "/out/XOVER.MOD"}},
		step{name: "ls packed xover", args: []string{"ls", W + "/out/XOVER.MOD"}},
		step{name: "loadorder list", args: []string{"loadorder", "--dir", W + "/tl2-user", "list"}},
		step{name: "loadorder list --json", args: []string{"loadorder", "--dir", W + "/tl2-user", "list", "--json"}},
		step{name: "loadorder conflicts", args: []string{"loadorder", "--dir", W + "/tl2-user", "conflicts"}},
	)

	subst := func(args []string, side string, win bool) []string {
		out := make([]string, len(args))
		for i, a := range args {
			a = strings.ReplaceAll(a, W, sideDir(side))
			if win && strings.HasPrefix(a, "/") {
				a = winPath(a)
			}
			out[i] = a
		}
		return out
	}
	passed := 0
	for _, s := range steps {
		l := run(t, env, linux, subst(s.args, "lin", false)...)
		start := time.Now()
		w := run(t, env, "bash", append([]string{wine64, com}, subst(s.args, "win", true)...)...)
		if d := time.Since(start); d > 3*time.Second {
			t.Logf("%s: %.1f s under wine", s.name, d.Seconds())
		}
		// the runs differ only in their work folder's name
		norm := func(r cliRun, side string) cliRun {
			r.out = strings.ReplaceAll(normalize(r.out), "/"+side+"/", "/SIDE/")
			r.errOut = strings.ReplaceAll(normalize(r.errOut), "/"+side+"/", "/SIDE/")
			return r
		}
		ln, wn := norm(l, "lin"), norm(w, "win")
		for _, r := range []*cliRun{&ln, &wn} {
			r.out = timingsJSON.ReplaceAllString(timings.ReplaceAllString(r.out, "N ms"), "${1}N")
		}
		// the OS's own words for a missing file differ
		ln.errOut = strings.ReplaceAll(ln.errOut, "no such file or directory", "OSERR")
		wn.errOut = strings.ReplaceAll(wn.errOut, "File not found.", "OSERR")
		wn.errOut = strings.ReplaceAll(wn.errOut, "The system cannot find the file specified.", "OSERR")
		ok := true
		if ln != wn {
			ok = false
			t.Errorf("%s: Linux (exit %d) and Windows (exit %d) differ: %s", s.name, l.code, w.code, firstDiff(ln.out+"\n--stderr--\n"+ln.errOut, wn.out+"\n--stderr--\n"+wn.errOut))
		}
		if l.out == "" && l.errOut == "" {
			ok = false
			t.Errorf("%s: no output", s.name)
		}
		if s.files != "" {
			lt, wt := tree(t, filepath.Join(sideDir("lin"), s.files)), tree(t, filepath.Join(sideDir("win"), s.files))
			if len(lt) == 0 || fmt.Sprint(lt) != fmt.Sprint(wt) {
				ok = false
				t.Errorf("%s: wrote %d files on Linux, %d on Windows, or different bytes", s.name, len(lt), len(wt))
			}
		}
		if ok {
			passed++
		}
	}
	for _, m := range []string{"out/SAMPLE.MOD", "out/XOVER.MOD"} {
		a, _ := os.ReadFile(filepath.Join(sideDir("lin"), m))
		b, _ := os.ReadFile(filepath.Join(sideDir("win"), m))
		if len(a) == 0 || !bytes.Equal(a, b) {
			t.Errorf("%s: %d bytes on Linux, %d on Windows, or different", m, len(a), len(b))
		}
	}
	t.Logf("wine: %d of %d commands gave the Linux build's output", passed, len(steps))
}

// timings: how long a step took differs from run to run.
var (
	timings     = regexp.MustCompile(`\b\d+ ms\b`)
	timingsJSON = regexp.MustCompile(`("(?:\w*(?:Millis|Ms)|ms)": )\d+`)
)

func utf16le(s string) []byte {
	var b []byte
	for _, c := range s {
		b = append(b, byte(c), 0)
	}
	return b
}

// firstDiff names the first line where a and b differ.
func firstDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(al) || i < len(bl); i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			return fmt.Sprintf("line %d:\n  linux:   %q\n  windows: %q", i+1, x, y)
		}
	}
	return "(same lines)"
}
