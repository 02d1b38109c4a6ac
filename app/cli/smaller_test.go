package cli

import (
	"archive/zip"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"packsmith/backend/tl2/loadorder/loadordertest"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// A modlauncher.sch that does not parse: `loadorder list` still lists what
// it can, but says why on stderr and exits 1 (issue 22: "error:" on stdout
// and exit 0), in text and in JSON.
func TestLoadOrderListBadSchFails(t *testing.T) {
	dir := loUser(t)
	os.WriteFile(filepath.Join(dir, "modlauncher.sch"), []byte("garbage, not UTF-16LE"), 0o644)
	out, errs, code := lo(t, dir, "list")
	if code != ExitFailure || strings.Contains(out, "error:") || !strings.Contains(out, "mods folder:") {
		t.Errorf("list: exit %d, stdout %q", code, out)
	}
	oneLineErr(t, errs, "modlauncher.sch: sch: offset 0: no UTF-16LE byte-order mark")
	out, errs, code = lo(t, dir, "list", "--json")
	var v struct{ SchError string }
	if code != ExitFailure || json.Unmarshal([]byte(out), &v) != nil || v.SchError == "" || !strings.Contains(errs, v.SchError) {
		t.Errorf("list --json: exit %d, %s / %s", code, out, errs)
	}
}

// --scale outside 1–16 is a usage error, exit 2 (issue 22: exit 1).
func TestRenderScaleIsUsage(t *testing.T) {
	dir := t.TempDir()
	a, _ := gridFile(t, dir)
	for _, s := range []string{"99", "17", "0"} {
		_, errs, code := run(t, "render", a, "-o", filepath.Join(dir, "o.png"), "--scale", s)
		if code != ExitUsage || !strings.Contains(errs, "--scale must be 1 to 16") {
			t.Errorf("--scale %s: exit %d %s", s, code, errs)
		}
	}
	if _, errs, code := run(t, "render", a, "-o", filepath.Join(dir, "o.png"), "--scale", "16"); code != ExitOK {
		t.Errorf("--scale 16: exit %d %s", code, errs)
	}
}

// `create` reports the pack's real size beside the files' plain size
// (issue 22: "1000000000 bytes packed" for a pack of 1.7 MB).
func TestCreateReportsItsSize(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "src")
	os.MkdirAll(src, 0o755)
	f, _ := os.Create(filepath.Join(src, "zeros.bin"))
	f.Truncate(16 << 20) // 16 MiB of zeros: deflates to a few KiB
	f.Close()
	pack := filepath.Join(dir, "z.iop")
	out, errs, code := run(t, "create", pack, src)
	if code != 0 {
		t.Fatal(errs)
	}
	st, _ := os.Stat(pack)
	want := fmt.Sprintf("1 entries, %d bytes (%d bytes of files before compression)", st.Size(), 16<<20)
	if !strings.Contains(out, want) || st.Size() > 1<<20 {
		t.Errorf("create said %q, want %q (%d bytes on disk)", out, want, st.Size())
	}
	out, _, _ = run(t, "create", filepath.Join(dir, "j.iop"), src, "--json")
	var r struct{ Bytes, Size int64 }
	json.Unmarshal([]byte(out), &r)
	if st, _ := os.Stat(filepath.Join(dir, "j.iop")); r.Bytes != 16<<20 || r.Size != st.Size() {
		t.Errorf("create --json: %s", out)
	}
}

// `loadorder list` finishes a deploy killed between placing the new copy
// and retiring the old one, as `enable` does (issue 22: both copies stayed
// listed): one .MOD per MOD_ID, and a note saying what moved.
func TestLoadOrderListFinishesInterruptedDeploy(t *testing.T) {
	user := t.TempDir()
	mods := filepath.Join(user, "mods")
	oldp := filepath.Join(mods, "Old", "OLD.MOD")
	newp := filepath.Join(mods, "NEW.MOD")
	for _, m := range []struct {
		p string
		v uint16
	}{{oldp, 1}, {newp, 2}} {
		if err := loadordertest.WriteMod(m.p, loadordertest.Spec{Title: "It", ID: 4242, Version: m.v, Files: []string{"MEDIA/A.DAT"}}); err != nil {
			t.Fatal(err)
		}
	}
	// The journal a killed deploy of an earlier version left (JSON; see
	// backend/sys/journal, "Journals of earlier versions"),
	// with the pid of a process that has ended.
	dead := exec.Command(os.Args[0], "-test.run=^$")
	dead.Run()
	j := fmt.Sprintf(`{"modId":"4242","target":%q,"retire":[%q]}`, newp, oldp)
	os.WriteFile(filepath.Join(mods, fmt.Sprintf(".packsmith-deploy-%d.journal", dead.Process.Pid)), []byte(j), 0o644)
	out, errs, code := lo(t, user, "list")
	if code != ExitOK || !strings.Contains(out, "note: an interrupted deploy left "+oldp) {
		t.Fatalf("list: exit %d\n%s\n%s", code, out, errs)
	}
	if rows := strings.Count(out, "  4242  "); rows != 1 || !strings.Contains(out, "4242  NEW.MOD") {
		t.Errorf("list shows both copies:\n%s", out)
	}
	if _, err := os.Stat(oldp); err == nil {
		t.Error("the old copy is still in the mods folder")
	}
}

// Names from an archive are printed escaped: `ls` and errors never write a
// newline or an ANSI escape from a name (issue 22), and extract refuses an
// unportable name unless --allow-unportable.
func TestNamesPrintedEscaped(t *testing.T) {
	dir := t.TempDir()
	zp := filepath.Join(dir, "evil.zip")
	f, _ := os.Create(zp)
	zw := zip.NewWriter(f)
	for _, n := range []string{"ok.txt", "red\x1b[31m.txt", "two\nlines.txt"} {
		w, _ := zw.Create(n)
		w.Write([]byte(n))
	}
	zw.Close()
	f.Close()
	out, errs, code := run(t, "ls", zp)
	if code != 0 || strings.Contains(out, "\x1b") || !strings.Contains(out, `red\x1b[31m.txt`) || !strings.Contains(out, `two\nlines.txt`) {
		t.Errorf("ls: %d %q %s", code, out, errs)
	}
	target := filepath.Join(dir, "out")
	_, errs, code = run(t, "extract", zp, "-o", target)
	if code != ExitFailure || strings.ContainsAny(errs[:len(errs)-1], "\x1b\n") || !strings.Contains(errs, "control character") {
		t.Errorf("extract: %d %q", code, errs)
	}
	if ents, _ := os.ReadDir(target); len(ents) != 0 {
		t.Errorf("extract wrote %v before refusing", ents)
	}
	if runtime.GOOS == "linux" {
		if _, errs, code = run(t, "extract", zp, "-o", target, "--allow-unportable"); code != 0 {
			t.Errorf("--allow-unportable: %d %s", code, errs)
		}
		if _, err := os.Stat(filepath.Join(target, "two\nlines.txt")); err != nil {
			t.Error(err)
		}
	}
	// diff lists the names escaped too.
	bp := filepath.Join(dir, "plain.zip")
	f, _ = os.Create(bp)
	zw = zip.NewWriter(f)
	w, _ := zw.Create("ok.txt")
	w.Write([]byte("ok.txt"))
	zw.Close()
	f.Close()
	out, _, _ = run(t, "diff", bp, zp)
	if strings.Contains(out, "\x1b") || !strings.Contains(out, `red\x1b[31m.txt`) || !strings.Contains(out, `two\nlines.txt`) {
		t.Errorf("diff: %q", out)
	}
	// An error that names an entry escapes it too.
	_, errs, _ = run(t, "cat", zp, "no\x1b[2Jsuch")
	if strings.Contains(errs, "\x1b") || strings.Count(errs, "\n") != 1 {
		t.Errorf("cat error %q", errs)
	}
}
