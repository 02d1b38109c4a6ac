package mergepatch

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"packsmith/backend/sys/filehash"
	"packsmith/backend/tl2/modpack"
	"packsmith/internal/mergetest"
)

// Publish is "build, deploy and report": the report it returns describes
// the deployed file (its SHA-256 is the file's in the mods folder, its
// output that file: the scratch copy is gone), the patch's state is read
// back (deployed, listed first, current), and a preview writes nothing.
func TestPublishDeploys(t *testing.T) {
	user, base := mergetest.Setup(t)
	o := Options{UserDir: user, BaseDir: base}
	if _, err := Publish(context.Background(), o, Target{Enable: true}); !errors.Is(err, ErrEnableWithoutDeploy) {
		t.Errorf("enable without deploy: %v", err)
	}
	prev, err := Publish(context.Background(), o, Target{})
	if err != nil {
		t.Fatal(err)
	}
	if prev.Output != "" || prev.Patch != (State{}) || len(prev.Files) != 2 {
		t.Fatalf("preview: output %q, patch %+v, %d files", prev.Output, prev.Patch, len(prev.Files))
	}
	var stages []string
	o.Progress = func(p modpack.Progress) { stages = appendNew(stages, string(p.Stage)) }
	rep, err := Publish(context.Background(), o, Target{Deploy: true, Enable: true})
	if err != nil {
		t.Fatal(err)
	}
	want := filepath.Join(user, "mods", FileName)
	if rep.Output != want || rep.Patch.Deployed != want || !rep.Patch.Enabled || rep.Patch.Stale != "" {
		t.Fatalf("output %q, patch %+v", rep.Output, rep.Patch)
	}
	if h, err := filehash.SHA256(want); err != nil || h[:16] != rep.SHA256 {
		t.Errorf("report's sha256 %s, the deployed file's %s (%v)", rep.SHA256, h, err)
	}
	if stages[0] != string(StageMerge) || stages[len(stages)-1] != "deploy" || count(stages, string(StageMerge)) != 1 {
		t.Errorf("stages %v: want one merge first, deploy last", stages)
	}
	if ents, _ := filepath.Glob(filepath.Join(os.TempDir(), "packsmith-merge-*")); len(ents) != 0 {
		t.Errorf("scratch left: %v", ents)
	}
}

// A cancelled publish deploys nothing and leaves modlauncher.sch as it was.
func TestPublishCancelled(t *testing.T) {
	user, base := mergetest.Setup(t)
	sch := filepath.Join(user, "modlauncher.sch")
	before, _ := os.ReadFile(sch)
	ctx, cancel := context.WithCancel(context.Background())
	o := Options{UserDir: user, BaseDir: base, Progress: func(p modpack.Progress) {
		if p.Stage == "write" {
			cancel()
		}
	}}
	if _, err := Publish(ctx, o, Target{Deploy: true, Enable: true}); !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v, want context.Canceled", err)
	}
	after, _ := os.ReadFile(sch)
	if _, err := os.Stat(filepath.Join(user, "mods", FileName)); err == nil || !bytes.Equal(before, after) {
		t.Errorf("a cancelled publish deployed (%v) or changed modlauncher.sch (%v)", err, !bytes.Equal(before, after))
	}
}

func appendNew(s []string, v string) []string {
	if len(s) > 0 && s[len(s)-1] == v {
		return s
	}
	return append(s, v)
}

func count(s []string, v string) (n int) {
	for _, x := range s {
		if x == v {
			n++
		}
	}
	return n
}
