package modpack

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// packRun.stages calls the stages in the order of doc.go, and each is
// timed on its own: a pause at the start of one stage (here in the
// Progress call that begins it) is counted in that stage, not the one
// before, and every stage's time is in the pack's total.
func TestStagesTimedInOrder(t *testing.T) {
	dir := sampleDir(t)
	user := t.TempDir()
	mods := filepath.Join(user, "mods")
	if err := os.MkdirAll(mods, 0o755); err != nil {
		t.Fatal(err)
	}
	const pause = 40 * time.Millisecond
	var shown []Stage
	opt := Options{Output: filepath.Join(t.TempDir(), "SAMPLE.MOD"), Deploy: true, ModsDir: mods, Enable: true,
		Progress: func(p Progress) {
			if len(shown) > 0 && shown[len(shown)-1] == p.Stage {
				return
			}
			shown = append(shown, p.Stage)
			if p.Stage == StageRAW {
				time.Sleep(pause)
			}
		}}
	res, err := Pack(context.Background(), dir, opt)
	if err != nil {
		t.Fatalf("%v %v", err, res.Findings)
	}
	want := []Stage{StageRead, StageCollect, StageCompile, StageRAW, StageGrids, StageWrite, StageVerify, StageDeploy}
	if !slices.Equal(shown, want) {
		t.Errorf("progress showed %v, want %v", shown, want)
	}
	var timed []Stage
	var sum int64
	for _, st := range res.Stages {
		timed = append(timed, st.Stage)
		sum += st.Millis
		if st.Millis < 0 {
			t.Errorf("%s took %d ms", st.Stage, st.Millis)
		}
	}
	if !slices.Equal(timed, want) {
		t.Errorf("timed %v, want %v", timed, want)
	}
	if i := slices.Index(timed, StageRAW); i < 0 || res.Stages[i].Millis < pause.Milliseconds() {
		t.Errorf("the %v pause at the start of raw is not in raw's time: %v", pause, res.Stages)
	}
	if i := slices.Index(timed, StageCompile); i >= 0 && res.Stages[i].Millis >= pause.Milliseconds() && res.Stages[i+1].Millis < pause.Milliseconds() {
		t.Errorf("raw's pause was counted in compile: %v", res.Stages)
	}
	if sum > res.Millis {
		t.Errorf("the stages took %d ms, more than the whole pack's %d", sum, res.Millis)
	}

	// Without a deploy the pack ends at verify.
	shown = nil
	opt.Deploy, opt.Output = false, filepath.Join(t.TempDir(), "SAMPLE.MOD")
	if res, err = Pack(context.Background(), dir, opt); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(shown, want[:len(want)-1]) || len(res.Stages) != len(want)-1 {
		t.Errorf("without deploy: showed %v, timed %v", shown, res.Stages)
	}
}
