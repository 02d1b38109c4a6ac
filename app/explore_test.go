package app

import (
	"archive/zip"
	"encoding/json"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"packsmith/backend/export/convert"
	"packsmith/backend/export/extract"
	"packsmith/backend/view/diff"
	"packsmith/backend/view/search"
	"packsmith/backend/workspace/jobs"
)

// hitEvents records "search-hits" events beside the job events.
type hitEvents struct {
	events
	hmu  sync.Mutex
	hits []SearchHits
}

func (e *hitEvents) Emit(name string, data any) {
	if h, ok := data.(SearchHits); ok && name == "search-hits" {
		e.hmu.Lock()
		e.hits = append(e.hits, h)
		e.hmu.Unlock()
		return
	}
	e.events.Emit(name, data)
}

func finished(t *testing.T, s *App, id string) jobs.Status {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if st, ok := s.Jobs.Get(id); ok && st.State != jobs.Running {
			return st
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("job %s did not finish", id)
	return jobs.Status{}
}

func TestFindInFilesStreamsHits(t *testing.T) {
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	ev := &hitEvents{}
	s := testApp(t, ev, nil, nil)
	info, err := openNow(s, "../testdata/demo/PACKSMITH_SAMPLE.MOD", "")
	if err != nil {
		t.Fatal(err)
	}
	id, err := s.FindInFiles(info.ID, search.Options{Query: "sample_"})
	if err != nil {
		t.Fatal(err)
	}
	st := finished(t, s, id)
	r, ok := st.Result.(search.Result)
	if st.State != jobs.Done || !ok || len(r.Hits) < 5 {
		t.Fatalf("%+v", st)
	}
	ev.hmu.Lock()
	n := 0
	for _, b := range ev.hits {
		if b.Job != id {
			t.Errorf("a batch names job %q, want %q", b.Job, id)
		}
		n += len(b.Hits)
	}
	ev.hmu.Unlock()
	if n != len(r.Hits) {
		t.Errorf("streamed %d hits, the result has %d", n, len(r.Hits))
	}
	if _, err := s.FindInFiles(info.ID, search.Options{}); err == nil {
		t.Error("an empty query started a search")
	}
	// Paths in decompiled text are links when the archive has the entry.
	got, err := s.EntriesExist(info.ID, []string{"media/units/items/sample/sample_base.dat", `MEDIA\AFFIXES\SAMPLE_SHARP.DAT`, "MEDIA/NOPE.DDS"})
	if err != nil || strings.Join(got, "|") != "MEDIA/UNITS/ITEMS/SAMPLE/SAMPLE_BASE.DAT|MEDIA/AFFIXES/SAMPLE_SHARP.DAT|" {
		t.Fatalf("EntriesExist: %q %v", got, err)
	}
}

func TestCompareAndExportMethods(t *testing.T) {
	s, _, _ := newService(t)
	a, err := openNow(s, "../testdata/demo/textures.zip", "")
	if err != nil {
		t.Fatal(err)
	}
	b, err := openNow(s, "../testdata/demo/demo.zip", "")
	if err != nil {
		t.Fatal(err)
	}
	id, err := s.Compare(a.ID, b.ID)
	if err != nil {
		t.Fatal(err)
	}
	st := finished(t, s, id)
	c, ok := st.Result.(diff.Result)
	if !ok || c.FamilyA != "zip" || c.Removed != 9 || c.Added != 48 || c.Same != 0 {
		t.Fatalf("%+v", st)
	}
	// The grid of one session against a grid of another.
	gd, err := result[RenderedImage](s)(s.GridDiffView(a.ID, "MEDIA/LAYOUTS/DEMO/ROOM.MPP", a.ID, "MEDIA/LAYOUTS/DEMO/ROOM_EDIT.MPP", 0))
	if err != nil {
		t.Fatal(err)
	}
	if js, _ := json.Marshal(gd.Meta); !strings.Contains(string(js), `"becameWalkable":2`) {
		t.Fatalf("griddiff meta: %s", js)
	}
	gu, _ := url.Parse(gd.URL)
	if rec := get(t, s.APIHandler(), gu.Path, gu.Query()); rec.Code != 200 || !strings.HasPrefix(rec.Body.String(), "\x89PNG") {
		t.Fatalf("griddiff png: %d", rec.Code)
	}

	// Extract as PNG, then the same folder again: Existing names the files
	// (the five PNGs; truncated.dds, kept as it is, only the extract
	// itself finds in the way).
	dir := t.TempDir()
	tg := ExtractTarget{Paths: []string{"textures"}, Convert: convert.Options{PNG: true}}
	id, err = s.ExtractWith(a.ID, tg, dir)
	if err != nil {
		t.Fatal(err)
	}
	if st := finished(t, s, id); st.State != jobs.Done {
		t.Fatalf("%+v", st)
	}
	ex, err := s.ExtractExisting(a.ID, tg, dir)
	if err != nil || len(ex) != 5 || ex[1] != "textures/bc1_mips.dds.png" {
		t.Fatalf("existing: %+v %v", ex, err)
	}
	id, _ = s.ExtractWith(a.ID, tg, dir)
	if st := finished(t, s, id); st.State != jobs.Failed || !strings.Contains(st.Error, "and 4 more already exists in") {
		t.Fatalf("second extract: %+v", st)
	}
	// Replacing: the five PNGs and the truncated texture kept as it is.
	id, _ = s.ExtractReplacing(a.ID, tg, dir)
	st = finished(t, s, id)
	if r, ok := st.Result.(extract.Result); st.State != jobs.Done || !ok || r.Replaced != 6 || r.Converted != 5 || len(r.Kept) != 1 {
		t.Fatalf("replacing: %+v", st)
	}

	// Save preview as: the suggested file, then refused until overwrite.
	name, err := s.PreviewFileName(a.ID, "textures/icon.tga", "image")
	if err != nil || filepath.Base(name) != "icon.tga.png" || filepath.Dir(name) != dir {
		t.Fatalf("suggested %q %v", name, err)
	}
	if _, err := result[convert.Saved](s)(s.SavePreview(a.ID, "textures/icon.tga", "image", nil, "relative.png", false)); err == nil {
		t.Fatal("a relative path was accepted")
	}
	sv, err := result[convert.Saved](s)(s.SavePreview(a.ID, "textures/icon.tga", "image", nil, name, false))
	if err != nil || sv.Exists || sv.Bytes == 0 {
		t.Fatalf("%+v %v", sv, err)
	}
	if sv, _ := result[convert.Saved](s)(s.SavePreview(a.ID, "textures/icon.tga", "image", nil, name, false)); !sv.Exists {
		t.Fatal("an existing file was not reported")
	}
	if _, err := os.Stat(name); err != nil {
		t.Fatal(err)
	}
	if _, err := s.PickSaveAs("t", name); err == nil || !strings.Contains(err.Error(), "type the path") {
		t.Fatalf("no dialogs: %v", err)
	}
}

// A mod zipped with its folder: MEDIA/… paths written in its text still
// find the entries under MyMod/MEDIA/….
func TestEntriesExistUnderAFolder(t *testing.T) {
	s, _, _ := newService(t)
	p := filepath.Join(t.TempDir(), "mod.zip")
	f, _ := os.Create(p)
	zw := zip.NewWriter(f)
	for _, n := range []string{"MyMod/MEDIA/UI/X.DDS", "MyMod/MOD.DAT"} {
		w, _ := zw.Create(n)
		w.Write([]byte("x"))
	}
	zw.Close()
	f.Close()
	info, err := openNow(s, p, "")
	if err != nil {
		t.Fatal(err)
	}
	got, _ := s.EntriesExist(info.ID, []string{`media\ui\x.dds`, "MEDIA/UI/Y.DDS", "mymod/mod.dat"})
	if strings.Join(got, "|") != "MyMod/MEDIA/UI/X.DDS||MyMod/MOD.DAT" {
		t.Fatalf("%q", got)
	}
}
