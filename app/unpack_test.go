package app

import (
	"os"
	"path/filepath"
	"testing"

	"packsmith/backend/tl2/modunpack"
	"packsmith/backend/workspace/jobs"
	"packsmith/internal/testfixtures"
)

func TestUnpackModJob(t *testing.T) {
	fx := testfixtures.Dir(t, "tl2")
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	s := testApp(t, &events{}, nil, nil)
	src := filepath.Join(fx, "xover", "EDITORMOD.MOD")
	dir := filepath.Join(t.TempDir(), "EDITORMOD")
	if got := s.UnpackTarget(filepath.Join(filepath.Dir(dir), "EDITORMOD.MOD")); got != dir {
		t.Errorf("target %q, want %q", got, dir)
	}
	id, err := s.UnpackMod(src, dir)
	if err != nil {
		t.Fatal(err)
	}
	st, _ := s.Jobs.Wait(id)
	if st.State != jobs.Done {
		t.Fatalf("job %+v", st)
	}
	r, ok := st.Result.(*modunpack.Result)
	if !ok || r.Entries != 54 || len(r.RAWsSkipped) != 5 {
		t.Fatalf("result %#v", st.Result)
	}
	if _, err := os.Stat(filepath.Join(dir, "MOD.DAT")); err != nil {
		t.Error(err)
	}
	if got := s.UnpackTarget(filepath.Join(filepath.Dir(dir), "EDITORMOD.MOD")); got != dir+"-2" {
		t.Errorf("target %q once it exists", got)
	}
	if len(s.PackSetup().Recent) == 0 || s.PackSetup().Recent[0] != dir {
		t.Errorf("recent %v", s.PackSetup().Recent)
	}
	// A second unpack into the same folder fails as a job.
	id, _ = s.UnpackMod(src, dir)
	if st, _ := s.Jobs.Wait(id); st.State != jobs.Failed {
		t.Errorf("second unpack: %+v", st)
	}
}
