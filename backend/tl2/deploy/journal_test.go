package deploy

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"

	"packsmith/backend/tl2/loadorder"
	"packsmith/backend/tl2/loadorder/loadordertest"
	"packsmith/internal/hermetic"
)

const journalChildEnv = "PACKSMITH_DEPLOY_KILL_AT"

// TestDeployKilledChild is the child of TestDeployKilledLeavesOneCopy: it
// deploys and kills itself (SIGKILL: no cleanup runs) at the step named.
func TestDeployKilledChild(t *testing.T) {
	step := os.Getenv(journalChildEnv)
	if step == "" {
		t.Skip("run by TestDeployKilledLeavesOneCopy")
	}
	deployStep = func(s string) {
		if s == step {
			if p, err := os.FindProcess(os.Getpid()); err == nil {
				p.Kill() // SIGKILL on Unix
			}
			select {}
		}
	}
	_, err := Mod(context.Background(), os.Getenv("DEPLOY_MOD"), 4242, os.Getenv("DEPLOY_DIR"), false)
	t.Fatalf("deploy returned (%v) instead of being killed", err)
}

// modsWithID lists the .MOD files in dir whose header has id.
func modsWithID(t *testing.T, dir string, id int64) []string {
	t.Helper()
	var out []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.EqualFold(filepath.Ext(p), ".mod") {
			if h, err := ReadHeader(p); err == nil && h.ModID == id {
				out = append(out, p)
			}
		}
		return nil
	})
	return out
}

// A deploy killed between any two of its moves leaves, once the next deploy
// to the folder has run, exactly one .MOD per MOD_ID.
func TestDeployKilledLeavesOneCopy(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("SIGKILL")
	}
	hermetic.OwnCache(t)
	for _, c := range []struct {
		step    string
		between int    // .MODs with the id right after the kill
		want    string // the survivor's base name
	}{
		{"journal", 1, "OLD.MOD"},
		{"placed", 2, "NEW.MOD"},
	} {
		for _, next := range []string{"deploy", "load order"} {
			t.Run(c.step+"/"+next, func(t *testing.T) {
				user := t.TempDir()
				mods := filepath.Join(user, "mods")
				if err := loadordertest.WriteMod(filepath.Join(mods, "Old", "OLD.MOD"), loadordertest.Spec{Title: "It", ID: 4242, Version: 1, Files: []string{"MEDIA/A.DAT"}}); err != nil {
					t.Fatal(err)
				}
				src := filepath.Join(t.TempDir(), "NEW.MOD")
				if err := loadordertest.WriteMod(src, loadordertest.Spec{Title: "It", ID: 4242, Version: 2, Files: []string{"MEDIA/A.DAT"}}); err != nil {
					t.Fatal(err)
				}
				cmd := exec.Command(os.Args[0], "-test.run=^TestDeployKilledChild$")
				cmd.Env = append(os.Environ(), journalChildEnv+"="+c.step, "DEPLOY_MOD="+src, "DEPLOY_DIR="+mods)
				out, err := cmd.CombinedOutput()
				if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() {
					t.Fatalf("child was not killed: %v\n%s", err, out)
				}
				if got := modsWithID(t, mods, 4242); len(got) != c.between {
					t.Fatalf("right after the kill: %v, want %d", got, c.between)
				}
				var notes []string
				if next == "deploy" {
					// The next run: a deploy of another mod to the same folder.
					other := filepath.Join(t.TempDir(), "OTHER.MOD")
					loadordertest.WriteMod(other, loadordertest.Spec{Title: "Other", ID: 77, Version: 1, Files: []string{"MEDIA/B.DAT"}})
					res, err := Mod(context.Background(), other, 77, mods, false)
					if err != nil {
						t.Fatal(err)
					}
					notes = res.Warnings
				} else {
					// Or the load-order editor opening the folder: it shows
					// one copy, and says what it moved.
					st, err := loadorder.Open(context.Background(), loadorder.Options{UserDir: user, Tidy: FinishInterrupted})
					if err != nil {
						t.Fatal(err)
					}
					v := st.View()
					notes = v.Notes
					n := 0
					for _, m := range v.Mods {
						if m.ID == 4242 {
							n++
						}
					}
					if n != 1 {
						t.Fatalf("the load order lists %d copies of MOD_ID 4242", n)
					}
					if c.between == 2 && (len(notes) != 1 || !strings.Contains(notes[0], "an interrupted deploy left")) {
						t.Fatalf("notes %q", notes)
					}
				}
				got := modsWithID(t, mods, 4242)
				if len(got) != 1 || filepath.Base(got[0]) != c.want {
					t.Fatalf("after the next run: %v, want only %s (notes %v)", got, c.want, notes)
				}
				if j, _ := filepath.Glob(filepath.Join(mods, ".packsmith-"+journalKind+"-*")); len(j) != 0 {
					t.Fatalf("journal left: %v", j)
				}
				if tmp, _ := filepath.Glob(filepath.Join(mods, ".*.tmp")); len(tmp) != 0 {
					t.Fatalf("temp files left: %v", tmp)
				}
			})
		}
	}
}
