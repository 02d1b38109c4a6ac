package app

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"packsmith/backend/view/preview"
	"packsmith/backend/workspace/jobs"
	"packsmith/backend/workspace/session"
)

type events struct {
	mu   sync.Mutex
	jobs []jobs.Status
}

func (e *events) Emit(name string, data any) {
	if st, ok := data.(jobs.Status); ok && name == "job" {
		checkJobResult(st)
		e.mu.Lock()
		e.jobs = append(e.jobs, st)
		e.mu.Unlock()
	}
}

// testApp is NewApp whose archives close when the test ends, before its
// temporary folders are removed (Windows removes no file held open: the
// wine run of these tests failed on every test that left a session open).
func testApp(t testing.TB, emit Emitter, dialogs Dialogs, startupPaths []string) *App {
	t.Helper()
	// The test's temporary root is made first, so its removal, a cleanup
	// registered at the first TempDir, runs after the Shutdown below
	// (cleanups run last registered first) whenever the test makes one.
	t.TempDir()
	a := NewApp(emit, dialogs, startupPaths)
	t.Cleanup(func() { a.Shutdown(context.Background()) })
	return a
}

func newService(t testing.TB) (*App, *events, session.Info) {
	t.Helper()
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	ev := &events{}
	s := testApp(t, ev, nil, nil)
	info, err := openNow(s, "../testdata/demo/demo.zip", "")
	if err != nil {
		t.Fatal(err)
	}
	return s, ev, info
}

func get(t *testing.T, h http.Handler, path string, q url.Values) *httptest.ResponseRecorder {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", path+"?"+q.Encode(), nil))
	return rec
}

func TestAPI(t *testing.T) {
	s, _, info := newService(t)
	h := s.APIHandler()
	txt, err := s.TextView(info.ID, "docs/utf16.txt")
	if err != nil || txt.Text != "UTF-16LE with BOM: [MOD]\r\n<STRING>NAME:Demo ü\r\n" || txt.Encoding != "UTF-16LE BOM" || txt.Truncated {
		t.Fatalf("text: %+v %v", txt, err)
	}
	rec := get(t, h, "/api/raw", url.Values{"s": {info.ID}, "p": {"bin/numbers.bin"}, "off": {"4"}, "len": {"4"}})
	if rec.Code != 200 || rec.Body.String() != "\xFF\xFF\xFF\xFF" {
		t.Fatalf("raw: %d %q", rec.Code, rec.Body.Bytes())
	}
	noDataHeaders(t, rec)
	img, err := result[RenderedImage](s)(s.ImageView(info.ID, "MEDIA/UI/ICON.PNG", nil))
	if err != nil || img.Meta.(*preview.StdImageMeta).Width != 64 || !strings.HasPrefix(img.URL, "/api/rendered?k=") {
		t.Fatalf("image: %+v %v", img, err)
	}
	// The PNG comes from the URL, once.
	u, _ := url.Parse(img.URL)
	rec = get(t, h, u.Path, u.Query())
	if rec.Code != 200 || !strings.HasPrefix(rec.Body.String(), "\x89PNG") {
		t.Fatalf("rendered: %d %q", rec.Code, rec.Body.String())
	}
	noDataHeaders(t, rec)
	if rec = get(t, h, u.Path, u.Query()); rec.Code != 404 {
		t.Fatalf("rendered twice: %d", rec.Code)
	}
	if _, err := s.TextView(info.ID, "bin/random.bin"); err == nil || !strings.Contains(err.Error(), "demo.zip: bin/random.bin: not text (binary bytes); use the hex view") {
		t.Fatalf("binary as text: %v", err)
	}
	if _, err := result[RenderedImage](s)(s.ImageView(info.ID, "docs/nope.png", nil)); err == nil || !strings.Contains(err.Error(), "docs/nope.png") {
		t.Fatalf("missing image: %v", err)
	}
	rec = get(t, h, "/api/raw", url.Values{"s": {"nope"}, "p": {"x"}})
	if rec.Code != 404 {
		t.Fatalf("unknown session: %d", rec.Code)
	}
}

// noDataHeaders fails when a response to the window carries anything but
// the transport headers: WebKitGTK's legacy asset path drops them all, so
// a view that read one would break only in the shipped window.
func noDataHeaders(t *testing.T, rec *httptest.ResponseRecorder) {
	t.Helper()
	for k := range rec.Header() {
		switch k {
		case "Content-Type", "Cache-Control", "Content-Length", "Accept-Ranges", "Content-Range", "Last-Modified", "X-Content-Type-Options":
		default:
			t.Errorf("response header %s: %q (no view may depend on a header)", k, rec.Header().Get(k))
		}
	}
}

func TestRenderedStoreKeepsTheLast(t *testing.T) {
	var r renderedStore
	var keys []string
	for i := 0; i < maxRendered+3; i++ {
		keys = append(keys, r.put([]byte{byte(i)}))
	}
	for i, k := range keys {
		b, ok := r.take(k)
		if want := i >= 3; ok != want || (ok && b[0] != byte(i)) {
			t.Fatalf("key %d: %v %v", i, b, ok)
		}
	}
	if len(r.png) != 0 || len(r.order) != 0 {
		t.Fatalf("left: %d %d", len(r.png), len(r.order))
	}
}

func TestDescribe(t *testing.T) {
	s, _, info := newService(t)
	for p, want := range map[string]string{
		"README.txt":        "text,hex",
		"MEDIA/UI/ICON.PNG": "image,hex",
		"bin/random.bin":    "hex",
	} {
		d, err := s.Describe(info.ID, p)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, v := range d.Views {
			got = append(got, string(v))
		}
		if strings.Join(got, ",") != want {
			t.Errorf("%s: views %v, want %s", p, got, want)
		}
	}
}

func TestExtractJobEvents(t *testing.T) {
	s, ev, info := newService(t)
	dir := t.TempDir()
	id, err := s.Extract(info.ID, []string{"levels"}, dir)
	if err != nil {
		t.Fatal(err)
	}
	st, _ := s.Jobs.Wait(id)
	if st.State != jobs.Done {
		t.Fatalf("state %s %s", st.State, st.Error)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "levels", "*.txt"))
	if len(files) != 40 {
		t.Fatalf("%d files", len(files))
	}
	b, _ := os.ReadFile(filepath.Join(dir, "levels", "level_07.txt"))
	if string(b) != "level 7\nmonsters: 21\n" {
		t.Fatalf("%q", b)
	}
	deadline := time.Now().Add(time.Second)
	for time.Now().Before(deadline) {
		ev.mu.Lock()
		n := len(ev.jobs)
		last := jobs.Status{}
		if n > 0 {
			last = ev.jobs[n-1]
		}
		ev.mu.Unlock()
		if last.State == jobs.Done {
			if n < 2 || ev.jobs[0].State != jobs.Running {
				t.Fatalf("events %v", ev.jobs)
			}
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal("no final job event")
}

func TestRecent(t *testing.T) {
	s, _, _ := newService(t)
	r := s.Recent()
	if len(r) != 1 || !strings.HasSuffix(filepath.ToSlash(r[0]), "testdata/demo/demo.zip") {
		t.Fatalf("recent %v", r)
	}
}

func TestDemoFilesAreArchives(t *testing.T) {
	s, _, _ := newService(t)
	s.demoDir, _ = filepath.Abs("../testdata/demo")
	var names []string
	for _, p := range s.DemoFiles() {
		names = append(names, filepath.Base(p))
	}
	// DATA.PAK.MAN opens with DATA.PAK; sample_mod, tl2-user and reborn
	// (whose game folder is reborn/Data) are folders no family claims.
	got := strings.Join(names, ",")
	if want := "DATA.PAK,PACKSMITH_SAMPLE.MOD,demo.zip,locked.iop,lostsaga_game,reborn_sample.dat,rs.iop,textures.zip"; got != want {
		t.Fatalf("demo files\n%s, want\n%s", got, want)
	}
}

// The start screen asks for the demo list each time it shows: 76 µs here
// on a busy machine, against 402 µs when the list opened each folder (the
// game folder's three packs read) to ask whether it edits in place.
func BenchmarkDemoFiles(b *testing.B) {
	s, _, _ := newService(b)
	s.demoDir, _ = filepath.Abs("../testdata/demo")
	for b.Loop() {
		if len(s.DemoFiles()) == 0 {
			b.Fatal("no demo files")
		}
	}
}
