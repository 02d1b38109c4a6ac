package cli

import (
	"archive/zip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"packsmith/backend/tl2/loadorder/loadordertest"
	"packsmith/internal/hermetic"
)

// childEnvs keeps child processes' locks and settings in the test's own
// folders.
func childEnvs(t *testing.T) []string {
	return []string{"XDG_CACHE_HOME=" + os.Getenv("XDG_CACHE_HOME"), "PACKSMITH_CONFIG_DIR=" + os.Getenv("PACKSMITH_CONFIG_DIR")}
}

func isolate(t *testing.T) {
	// the user cache (and so the backups folder) is the test's own (under
	// wine the package's earlier tests' builds were listed beside this test's)
	hermetic.OwnCache(t)
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
}

// Three `replace` runs on one archive at once, three times: every change
// lands, each run has its own backup (issue 15: one change lost in 8 of 10
// trials, both runs printing "wrote" and naming the same backup).
func TestConcurrentReplaceLosesNothing(t *testing.T) {
	isolate(t)
	for trial := range 3 {
		dir := t.TempDir()
		zp := filepath.Join(dir, "a.zip")
		f, _ := os.Create(zp)
		zw := zip.NewWriter(f)
		for i := range 3 {
			w, _ := zw.Create(fmt.Sprintf("e%d.txt", i))
			fmt.Fprintf(w, "old %d", i)
		}
		zw.Close()
		f.Close()
		var wg sync.WaitGroup
		outs := make([]string, 3)
		for i := range 3 {
			src := filepath.Join(dir, fmt.Sprintf("new%d.txt", i))
			os.WriteFile(src, []byte(fmt.Sprintf("new %d", i)), 0o644)
			wg.Add(1)
			go func() {
				defer wg.Done()
				code, stdout, stderr, _ := runChild(t, childEnvs(t), "replace", zp, fmt.Sprintf("e%d.txt", i), src)
				if code != 0 {
					t.Errorf("trial %d run %d: exit %d: %s", trial, i, code, stderr)
				}
				outs[i] = stdout
			}()
		}
		wg.Wait()
		zr, err := zip.OpenReader(zp)
		if err != nil {
			t.Fatal(err)
		}
		for i, zf := range zr.File {
			rc, _ := zf.Open()
			b, _ := io.ReadAll(rc)
			rc.Close()
			if string(b) != fmt.Sprintf("new %d", i) {
				t.Errorf("trial %d: %s = %q: a change was lost", trial, zf.Name, b)
			}
		}
		zr.Close()
		var baks []string
		for _, e := range keptCopies(t, zp) {
			baks = append(baks, e.ID)
		}
		var named []string
		for _, o := range outs {
			if i := strings.Index(o, "(backup: "); i >= 0 {
				named = append(named, strings.TrimSuffix(strings.TrimSpace(o[i+9:]), ")"))
			}
		}
		slices.Sort(named)
		slices.Sort(baks)
		if len(baks) != 3 || len(slices.Compact(named)) != 3 || !slices.Equal(baks, named) {
			t.Errorf("trial %d: backups %v, named %v; want three different", trial, baks, named)
		}
		if left, _ := filepath.Glob(filepath.Join(dir, ".*tmp")); len(left) != 0 {
			t.Errorf("trial %d: temp files left: %v", trial, left)
		}
	}
}

// `loadorder enable` and `loadorder disable` at once lose neither change
// (issue 15: one lost in 55 of 60 trials).
func TestConcurrentLoadorderLosesNothing(t *testing.T) {
	isolate(t)
	for trial := range 4 {
		dir := t.TempDir()
		if err := loadordertest.WriteStandard(dir); err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		for _, args := range [][]string{
			{"enable", fmt.Sprint(loadordertest.IDTextures)},
			{"disable", fmt.Sprint(loadordertest.IDSpeed)},
			{"move", fmt.Sprint(loadordertest.IDOld), "--to", "top"},
		} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				code, _, stderr, _ := runChild(t, childEnvs(t), append([]string{"loadorder", "--dir", dir}, args...)...)
				if code != 0 {
					t.Errorf("trial %d %v: exit %d: %s", trial, args, code, stderr)
				}
			}()
		}
		wg.Wait()
		ids := schIDs(t, dir)
		if ids[0] != loadordertest.IDOld || !slices.Contains(ids, loadordertest.IDTextures) || slices.Contains(ids, loadordertest.IDSpeed) {
			t.Errorf("trial %d: list %v lost a change", trial, ids)
		}
		if n := len(schBackups(t, dir)); n != 3 {
			t.Errorf("trial %d: %d backups, want 3", trial, n)
		}
	}
}

// `pack --deploy --enable` and `loadorder disable` at once: both changes
// land in modlauncher.sch (issue 15: one lost in 2 of 90 trials).
func TestConcurrentDeployAndLoadorder(t *testing.T) {
	isolate(t)
	const sampleID = 4155520830174301517
	for trial := range 3 {
		user := t.TempDir()
		if err := loadordertest.WriteStandard(user); err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(t.TempDir(), "S.MOD")
		var wg sync.WaitGroup
		for _, args := range [][]string{
			{"pack", sampleMod, "-o", out, "--deploy", "--mods", filepath.Join(user, "mods"), "--enable"},
			{"loadorder", "--dir", user, "disable", fmt.Sprint(loadordertest.IDSpeed)},
		} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if code, _, stderr, _ := runChild(t, childEnvs(t), args...); code != 0 {
					t.Errorf("trial %d %v: exit %d: %s", trial, args[0], code, stderr)
				}
			}()
		}
		wg.Wait()
		ids := schIDs(t, user)
		if !slices.Contains(ids, sampleID) || slices.Contains(ids, loadordertest.IDSpeed) {
			t.Errorf("trial %d: list %v lost a change", trial, ids)
		}
	}
}
