package app

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"packsmith/backend/jobs"
	"packsmith/backend/session"
)

type events struct {
	mu   sync.Mutex
	jobs []jobs.Status
}

func (e *events) Emit(name string, data any) {
	if st, ok := data.(jobs.Status); ok && name == "job" {
		e.mu.Lock()
		e.jobs = append(e.jobs, st)
		e.mu.Unlock()
	}
}

func newService(t *testing.T) (*App, *events, session.Info) {
	t.Helper()
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	ev := &events{}
	s := NewApp(ev, nil, nil)
	info, err := s.Open("../testdata/demo/demo.zip", "")
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
	rec := get(t, h, "/api/text", url.Values{"s": {info.ID}, "p": {"docs/utf16.txt"}})
	if rec.Code != 200 || rec.Body.String() != "UTF-16LE with BOM: [MOD]\r\n<STRING>NAME:Demo ü\r\n" || rec.Header().Get("X-Encoding") != "UTF-16LE BOM" {
		t.Fatalf("text: %d %q %q", rec.Code, rec.Body.String(), rec.Header().Get("X-Encoding"))
	}
	rec = get(t, h, "/api/raw", url.Values{"s": {info.ID}, "p": {"bin/numbers.bin"}, "off": {"4"}, "len": {"4"}})
	if rec.Code != 200 || rec.Body.String() != "\xFF\xFF\xFF\xFF" || rec.Header().Get("X-Entry-Size") != "20" {
		t.Fatalf("raw: %d %q", rec.Code, rec.Body.Bytes())
	}
	rec = get(t, h, "/api/image", url.Values{"s": {info.ID}, "p": {"MEDIA/UI/ICON.PNG"}})
	if rec.Code != 200 || !strings.HasPrefix(rec.Body.String(), "\x89PNG") || !strings.Contains(rec.Header().Get("X-Meta"), `"width":64`) {
		t.Fatalf("image: %d %q", rec.Code, rec.Header().Get("X-Meta"))
	}
	rec = get(t, h, "/api/text", url.Values{"s": {info.ID}, "p": {"bin/random.bin"}})
	if rec.Code != 422 || !strings.Contains(rec.Body.String(), "demo.zip: bin/random.bin: not text (binary bytes); use the hex view") {
		t.Fatalf("binary as text: %d %q", rec.Code, rec.Body.String())
	}
	rec = get(t, h, "/api/raw", url.Values{"s": {"nope"}, "p": {"x"}})
	if rec.Code != 404 {
		t.Fatalf("unknown session: %d", rec.Code)
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

func TestASCIIJSON(t *testing.T) {
	got := asciiJSON([]byte(`{"name":"héllo ✓ 😀"}`))
	if got != `{"name":"h\u00e9llo \u2713 \ud83d\ude00"}` {
		t.Fatalf("%s", got)
	}
}

func TestDemoFilesAreArchives(t *testing.T) {
	s, _, _ := newService(t)
	s.demoDir, _ = filepath.Abs("../testdata/demo")
	var names []string
	for _, p := range s.DemoFiles() {
		names = append(names, filepath.Base(p))
	}
	got := strings.Join(names, ",")
	if !strings.Contains(got, "demo.zip") || strings.Contains(got, "modlauncher") || strings.Contains(got, "MOD.DAT") {
		t.Fatalf("demo files %s", got)
	}
}
