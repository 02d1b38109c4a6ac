package modpack

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"

	"packsmith/formats/tl2/mod"
)

// collectTree writes n small files under dir/MEDIA in about n/30 folders
// two and three levels deep, shaped like a large mod's MEDIA/: mostly
// text sources and assets, with some of what collect drops (compiled
// leftovers, editor files, PNGs beside DDSs, system files, a hidden
// folder).
func collectTree(tb testing.TB, dir string, n int) {
	tb.Helper()
	tops := []string{"UNITS/ITEMS", "UNITS/MONSTERS", "SKILLS", "AFFIXES", "MODELS", "PARTICLES", "UI/MENUS", "SOUNDS"}
	exts := []string{".DAT", ".DAT", ".DAT", ".LAYOUT", ".DDS", ".MESH", ".OGG", ".dat", ".DAT.BINDAT", ".XML", ".png"}
	body := []byte("[X]\r\n[/X]\r\n")
	made := map[string]bool{}
	for i := 0; i < n; i++ {
		k := i / 30 // the folder
		d := filepath.Join(dir, "MEDIA", filepath.FromSlash(tops[k%len(tops)]), fmt.Sprintf("G%03d", k/len(tops)%40), fmt.Sprintf("S%d", k/len(tops)/40))
		if !made[d] {
			if err := os.MkdirAll(d, 0o755); err != nil {
				tb.Fatal(err)
			}
			made[d] = true
		}
		name := fmt.Sprintf("F%06d%s", i, exts[i%len(exts)])
		if i%997 == 0 {
			name = "Thumbs.db"
		}
		if err := os.WriteFile(filepath.Join(d, name), body, 0o644); err != nil {
			tb.Fatal(err)
		}
		if i%11 == 10 { // the DDS beside the .png
			os.WriteFile(filepath.Join(d, fmt.Sprintf("F%06d.DDS", i)), body, 0o644)
		}
	}
	os.MkdirAll(filepath.Join(dir, "MEDIA", ".svn", "x"), 0o755)
	os.WriteFile(filepath.Join(dir, "MEDIA", ".svn", "x", "y.DAT"), body, 0o644)
}

// BenchmarkCollect times the collect stage over a synthetic MEDIA/ of
// about 20,000 small files in 600 folders (30 a folder, as in
// the 33,000-source mod) (read from the page cache).
func BenchmarkCollect(b *testing.B) {
	dir := b.TempDir()
	collectTree(b, dir, 18000)
	never := func() bool { return false }
	c, err := collect(dir, never)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(len(c.files)), "files")
	b.ResetTimer()
	for b.Loop() {
		if _, err := collect(dir, never); err != nil {
			b.Fatal(err)
		}
	}
}

// collectSerial is collect's walk as first written, one filepath.WalkDir
// with a stat per file: the reference the concurrent walk must match (the
// files it keeps are decided by the same sift).
func collectSerial(modDir string, cancelled func() bool) (*collection, error) {
	media, mediaName, err := findMedia(modDir)
	if err != nil {
		return nil, err
	}
	drops := &dropList{}
	drop := drops.add
	var all []*srcFile
	err = filepath.WalkDir(media, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if cancelled() {
			return errCancelled
		}
		relOS, _ := filepath.Rel(modDir, p)
		rel := filepath.ToSlash(relOS)
		if d.IsDir() {
			if p != media && strings.HasPrefix(d.Name(), ".") {
				drop("hidden folder", rel+"/")
				return filepath.SkipDir
			}
			return nil
		}
		if isJunk(d.Name()) {
			drop("hidden or system file", rel)
			return nil
		}
		info, err := os.Stat(p) // follows links
		if err != nil {
			return err
		}
		if !info.Mode().IsRegular() {
			drop("not a regular file", rel)
			return nil
		}
		f := &srcFile{rel: rel, name: mod.UpperName("MEDIA" + rel[len(mediaName):]), abs: p, size: info.Size(), mtime: info.ModTime()}
		f.classify()
		all = append(all, f)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return sift(all, mediaName, drops), nil
}

// sameCollection runs collect and collectSerial on one folder and fails
// unless files, findings, newest time and error all agree.
func sameCollection(t *testing.T, name, dir string) *collection {
	t.Helper()
	never := func() bool { return false }
	want, werr := collectSerial(dir, never)
	for range 3 { // the goroutines finish in a different order each time
		got, err := collect(dir, never)
		if fmt.Sprint(err) != fmt.Sprint(werr) {
			t.Fatalf("%s: error %v, want %v", name, err, werr)
		}
		if werr != nil {
			continue
		}
		if len(got.files) != len(want.files) {
			t.Fatalf("%s: %d files, want %d", name, len(got.files), len(want.files))
		}
		for i := range want.files {
			if !reflect.DeepEqual(*got.files[i], *want.files[i]) {
				t.Fatalf("%s: file %d is %+v, want %+v", name, i, *got.files[i], *want.files[i])
			}
		}
		if !reflect.DeepEqual(got.findings, want.findings) {
			t.Fatalf("%s: findings\n%v\nwant\n%v", name, got.findings, want.findings)
		}
		if !got.newest.Equal(want.newest) {
			t.Fatalf("%s: newest %v, want %v", name, got.newest, want.newest)
		}
	}
	if werr != nil {
		t.Logf("%s: both fail: %v", name, werr)
	} else {
		t.Logf("%s: %d files, %d findings alike", name, len(want.files), len(want.findings))
	}
	return want
}

func writeTree(t *testing.T, dir string, files ...string) {
	t.Helper()
	for _, rel := range files {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if strings.HasSuffix(rel, "/") {
			os.MkdirAll(p, 0o755)
			continue
		}
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(rel), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// The concurrent walk finds what one filepath.WalkDir found: the same
// files, case clashes resolved the same way, the same drops in the same
// order (first examples included) and the same errors.
func TestCollectMatchesSerialWalk(t *testing.T) {
	big := t.TempDir()
	collectTree(t, big, 3000)
	sameCollection(t, "generated", big)

	clash := t.TempDir()
	writeTree(t, clash,
		"Media/a/X.DAT", "Media/A/x.dat", "Media/A/X.DAT", "Media/a/b/C.dds", "Media/A/B/c.DDS",
		"Media/b.dds", "Media/B.png", "Media/b.PNG", "Media/affixes.raw", "Media/x/UNITDATA.RAW", "Media/SKILLS.RAW",
		"Media/u/a.dat", "Media/u/a.dat.bindat", "Media/u/orphan.DAT.BINDAT", "Media/u/l.LAYOUT.binlayout", "Media/u/l.layout",
		"Media/m/x.max", "Media/m/x.xml", "Media/m/X.THUMBNAIL.PNG", "Media/m/y.mpd", "Media/m/z.cmp",
		"Media/.git/config", "Media/deep/er/.svn/entries", "Media/deep/er/.hidden", "Media/deep/er/desktop.ini",
		"Media/deep/er/Thumbs.db", "Media/deep/er/backup~", "Media/deep/er/ok.ogg", "Media/empty/", "Media/e/m/p/t/y/",
		"Media/ÄRGER/ümlaut.ogg", `Media/back\slash.dat`, "Media/sp ace/a b.dat", "Media/sp_ace/a.b", "Media/sp.ace/a-b",
		"MOD.DAT", "outside.dat")
	sameCollection(t, "clashes and drops", clash)

	empty := t.TempDir()
	writeTree(t, empty, "MEDIA/.git/x", "MEDIA/Thumbs.db", "MEDIA/e/")
	if c := sameCollection(t, "nothing to pack", empty); Count(c.findings, SevError) != 1 {
		t.Errorf("findings %v", c.findings)
	}

	if _, err := collect(t.TempDir(), func() bool { return false }); err == nil {
		t.Error("no MEDIA: no error")
	}
	if _, err := collect(big, func() bool { return true }); !errors.Is(err, errCancelled) {
		t.Errorf("cancelled: %v", err)
	}
	var calls atomic.Int32 // collect asks from several goroutines
	if _, err := collect(big, func() bool { return calls.Add(1) > 50 }); !errors.Is(err, errCancelled) {
		t.Errorf("cancelled while walking: %v", err)
	}
}

func TestIsJunkLowersAsToLower(t *testing.T) {
	for _, s := range []string{"Thumbs.db", "THUMBS.DB", "thumbs.db", "thumbs.dbx", "thumb.db", "Desktop.INI", "desktop.İni",
		"thumbſ.db", "\u212Aey", "ok.dat", "", "x~", ".h", "ÄRGER"} {
		l := strings.ToLower(s)
		want := strings.HasPrefix(s, ".") || l == "thumbs.db" || l == "desktop.ini" || strings.HasSuffix(s, "~")
		if got := isJunk(s); got != want {
			t.Errorf("isJunk(%q) = %v, want %v", s, got, want)
		}
	}
}
