package app

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"packsmith/backend/archive"
	"packsmith/backend/drivers/dirdrv"
	"packsmith/backend/tl2/deploy"
	"packsmith/backend/tl2/loadorder"
	"packsmith/backend/tl2/loadorder/loadordertest"
	"packsmith/backend/tl2/modpack"
	"packsmith/backend/view/diff"
	"packsmith/backend/workspace/jobs"
	"packsmith/backend/workspace/session"
)

// canceller is the job bar's Cancel, pressed on the first event of a job
// of kind at stage (its first event when stage is ""): for a job's first
// event that is before its work starts, so the test does not depend on
// how fast the machine is.
type canceller struct {
	events
	app         *App
	kind, stage string
}

func (c *canceller) Emit(name string, data any) {
	c.events.Emit(name, data)
	if st, ok := data.(jobs.Status); ok && name == "job" && st.Kind == c.kind && st.State == jobs.Running && st.Stage == c.stage {
		c.app.CancelJob(st.ID)
	}
}

// cancelling is an App whose jobs of kind are cancelled as they start.
func cancelling(t *testing.T, kind, stage string) *App {
	t.Helper()
	c := &canceller{kind: kind, stage: stage}
	c.app = testApp(t, c, nil, nil)
	return c.app
}

func wantCancelled(t *testing.T, what string, err error) {
	t.Helper()
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("%s: %v, want the job cancelled", what, err)
	}
}

// A cancelled load order read leaves the load order being edited as it
// was; a finished one replaces it.
func TestLoadOrderJobCancel(t *testing.T) {
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	one, two := t.TempDir(), t.TempDir()
	for i, dir := range []string{one, two} {
		id := int64(i + 1)
		if err := loadordertest.Write(dir, []loadordertest.Spec{{Rel: "mods/M.MOD", Title: "M" + strconv.Itoa(i+1), ID: id, Files: []string{"MEDIA/A.DAT"}}}); err != nil {
			t.Fatal(err)
		}
		if err := loadordertest.WriteSch(filepath.Join(dir, "modlauncher.sch"), []int64{id}); err != nil {
			t.Fatal(err)
		}
	}
	s := cancelling(t, "loadorder", "")
	_, err := result[*loadorder.View](s)(s.LoadOrder(one, ""))
	wantCancelled(t, "LoadOrder", err)
	if _, err := s.LoadOrderView(); err == nil {
		t.Fatal("a cancelled read opened a load order")
	}

	s = testApp(t, &events{}, nil, nil)
	v, err := result[*loadorder.View](s)(s.LoadOrder(one, ""))
	if err != nil || len(v.Mods) != 1 || v.Mods[0].Title != "M1" {
		t.Fatalf("LoadOrder: %+v %v", v, err)
	}
	// The same App, now cancelling: the second folder's read is cancelled
	// and the first stays open.
	c := &canceller{app: s, kind: "loadorder"}
	s.emit = c
	_, err = result[*loadorder.View](s)(s.LoadOrder(two, ""))
	wantCancelled(t, "second LoadOrder", err)
	_, err = result[*loadorder.View](s)(s.LoadOrderReload())
	wantCancelled(t, "LoadOrderReload", err)
	if v, err := s.LoadOrderView(); err != nil || v.UserDir != one || v.Mods[0].Title != "M1" {
		t.Fatalf("after the cancels: %+v %v", v, err)
	}
}

// A bake stops once cancelled in its bake stage: no picture is kept.
func TestBakeJobCancel(t *testing.T) {
	_, out := bakeFixture(t)
	s := cancelling(t, "bake", bakeStageBake)
	info, err := openNow(s, out, "")
	if err != nil {
		t.Fatal(err)
	}
	_, err = result[*BakeView](s)(s.BakeGrid(info.ID, "MEDIA/LAYOUTS/CITY04/1X1SINGLE_ROOM/CITY_04B.LAYOUT"))
	wantCancelled(t, "BakeGrid", err)
	s.rendered.mu.Lock()
	n := len(s.rendered.order)
	s.rendered.mu.Unlock()
	if n != 0 {
		t.Fatalf("a cancelled bake kept %d pictures", n)
	}
}

// Comparing two entries: the result is the diff; a cancel ends it.
func TestCompareEntryJob(t *testing.T) {
	s, _, info := newService(t)
	d, err := result[diff.EntryDiff](s)(s.CompareEntry(info.ID, "docs/utf8.txt", info.ID, "docs/utf16.txt"))
	if err != nil || d.Same || d.View != "text" || d.PathA != "docs/utf8.txt" || d.PathB != "docs/utf16.txt" || d.SizeA != 34 || d.SizeB != 96 {
		t.Fatalf("%+v %v", d, err)
	}
	if d, err := result[diff.EntryDiff](s)(s.CompareEntry(info.ID, "README.txt", info.ID, "README.txt")); err != nil || !d.Same {
		t.Fatalf("an entry with itself: %+v %v", d, err)
	}
	c := cancelling(t, "compare-entry", "")
	cinfo, err := openNow(c, "../testdata/demo/demo.zip", "")
	if err != nil {
		t.Fatal(err)
	}
	_, err = result[diff.EntryDiff](c)(c.CompareEntry(cinfo.ID, "docs/utf8.txt", cinfo.ID, "docs/utf16.txt"))
	wantCancelled(t, "CompareEntry", err)
}

// Inspecting a mod folder: a cancelled one is not remembered as recent.
func TestInspectJobCancel(t *testing.T) {
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	sample, _ := filepath.Abs("../testdata/demo/sample_mod")
	s := cancelling(t, "inspect", "")
	_, err := result[*modpack.Inspection](s)(s.InspectMod(sample, ""))
	wantCancelled(t, "InspectMod", err)
	if r := s.Settings.Get().PackRecent; len(r) != 0 {
		t.Fatalf("recent %v", r)
	}
}

// The held deploy: the result says where the .MOD went; a cancelled one
// writes nothing.
func TestDeployHeldJob(t *testing.T) {
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	sample, _ := filepath.Abs("../testdata/demo/sample_mod")
	out := filepath.Join(t.TempDir(), "S.MOD")
	res, err := modpack.Pack(context.Background(), sample, modpack.Options{Output: out})
	if err != nil {
		t.Fatal(err)
	}
	req := HeldDeployRequest{Output: out, ModID: strconv.FormatInt(res.ModID, 10), ModsDir: filepath.Join(t.TempDir(), "mods")}
	c := cancelling(t, "deploy", "")
	_, err = result[*deploy.Result](c)(c.DeployHeld(req))
	wantCancelled(t, "DeployHeld", err)
	if _, err := os.Stat(req.ModsDir); !os.IsNotExist(err) {
		t.Fatalf("a cancelled deploy made the mods folder: %v", err)
	}
	s := testApp(t, &events{}, nil, nil)
	d, err := result[*deploy.Result](s)(s.DeployHeld(req))
	if err != nil || d == nil {
		t.Fatalf("%+v %v", d, err)
	}
	if _, err := os.Stat(filepath.Join(req.ModsDir, "S.MOD")); err != nil {
		t.Fatal(err)
	}
	if _, err := s.DeployHeld(HeldDeployRequest{Output: out, ModID: "x"}); err == nil || !strings.Contains(err.Error(), "not a 64-bit integer") {
		t.Fatalf("a bad MOD_ID: %v", err)
	}
}

// A cancelled row edit of a Reborn text table stages no change.
func TestRebornJobsCancel(t *testing.T) {
	p := rebornFixture(t)
	for _, kind := range []string{"reborn-read", "reborn-edit"} {
		s := cancelling(t, kind, "")
		info, err := openNow(s, p, "")
		if err != nil {
			t.Fatal(err)
		}
		if kind == "reborn-read" {
			_, err = result[TextTable](s)(s.TableTexts(info.ID, "#0"))
		} else {
			_, err = result[TableSaved](s)(s.TableSetText(info.ID, "#0", 1, "x"))
		}
		wantCancelled(t, kind, err)
		if st, err := s.Changes(info.ID); err != nil || len(st.Changes) != 0 {
			t.Fatalf("%s: changes %+v %v", kind, st, err)
		}
	}
}

// slowFolder opens a folder holding SLOW only when told to: a driver
// still reading while its open is cancelled.
type slowFolder struct {
	entered, release, closed chan struct{}
}

// signalClose is an archive telling when it is closed.
type signalClose struct {
	archive.Archive
	closed chan struct{}
}

func (a signalClose) Close() error {
	close(a.closed)
	return a.Archive.Close()
}

func (slowFolder) Name() string { return "slow-folder" }
func (slowFolder) DetectDir(dir string) int {
	if _, err := os.Stat(filepath.Join(dir, "SLOW")); err == nil {
		return 50
	}
	return 0
}
func (f slowFolder) OpenDir(dir string, opts archive.OpenOptions) (archive.Archive, error) {
	close(f.entered)
	<-f.release
	a, err := dirdrv.Driver{}.OpenDir(dir, opts)
	if err != nil {
		return nil, err
	}
	return signalClose{a, f.closed}, nil
}

// A cancelled open answers at once, while the driver still reads; the
// archive, once the driver has it open, is closed unseen (no tab holds
// it, no file stays open) and is not in the recent list.
func TestOpenJobCancel(t *testing.T) {
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "SLOW"), []byte("x"), 0o644)
	slow := slowFolder{entered: make(chan struct{}), release: make(chan struct{}), closed: make(chan struct{})}
	archive.RegisterDir(slow)
	s := testApp(t, &events{}, nil, nil)
	id, err := s.Open(dir, "")
	if err != nil {
		t.Fatal(err)
	}
	<-slow.entered
	s.CancelJob(id)
	_, err = result[session.Info](s)(id, nil)
	wantCancelled(t, "Open", err)
	close(slow.release)
	select {
	case <-slow.closed:
	case <-time.After(5 * time.Second):
		t.Fatal("the cancelled open's archive is still open after 5 s")
	}
	if _, err := s.archives.get("s1"); err == nil {
		t.Fatal("the cancelled open's session is still there")
	}
	if r := s.Recent(); len(r) != 0 {
		t.Fatalf("a cancelled open went to the recent list: %v", r)
	}
	// Not cancelled: the session and the recent list.
	s2 := testApp(t, &events{}, nil, nil)
	info, err := openNow(s2, "../testdata/demo/demo.zip", "")
	if err != nil || info.Entries == 0 {
		t.Fatalf("%+v %v", info, err)
	}
	if r := s2.Recent(); len(r) != 1 || filepath.Base(r[0]) != "demo.zip" {
		t.Fatalf("recent %v", r)
	}
}
