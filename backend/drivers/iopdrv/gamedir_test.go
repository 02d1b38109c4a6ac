package iopdrv

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/backend/archive"
	"packsmith/formats/iop"
	"packsmith/internal/ioptest"
)

func packFile(t *testing.T, path, pw string, files [][2]string) {
	t.Helper()
	var buf bytes.Buffer
	w := iop.NewWriter(&buf, pw)
	for _, f := range files {
		name, err := iop.EncodeName(f[0])
		if err != nil {
			t.Fatal(err)
		}
		if err := w.WriteFile(iop.FileHeader{Name: name, Method: iop.MethodDeflate, Encrypt: pw != ""}, []byte(f[1]), false); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Dir(path), 0o755)
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestGameFolder(t *testing.T) {
	dir := t.TempDir()
	packFile(t, filepath.Join(dir, "rs.iop"), krPW, [][2]string{
		{"사운드/공유.txt", "from rs"}, {"rs/only.txt", "rs only"}, {"rs/hidden.txt", "hidden"}, {"map/x.map", "rs has a map name too"}})
	packFile(t, filepath.Join(dir, "MAP.IOP"), krPW, [][2]string{
		{"사운드/공유.txt", "from map"}, {"map/b.map", "map b"}, {"map/gone.map", "gone"}, {"rs/hidden.txt", "map copy of a name rs hides"}})
	packFile(t, filepath.Join(dir, "other.iop"), "", [][2]string{{"z.txt", "never read"}})
	// rs/hidden.txt is hidden in rs.iop only; _map lines hide map.iop names
	packFile(t, filepath.Join(dir, "info", "delete_file_list.cfg.iop"), "", [][2]string{
		{`info\delete_file_list.cfg`, "[rs\\hidden.txt]\r\n_map\\map\\gone.map\r\n"}})

	d, err := archive.DetectDir(dir)
	if err != nil || d.Name() != "iop-game" {
		t.Fatalf("detect %v %v", d, err)
	}
	a, err := archive.Open(dir, archive.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	var got []string
	for _, e := range a.Entries() {
		got = append(got, e.Path+"@"+e.Extra.(*EntryExtra).Pack)
	}
	want := "사운드/공유.txt@rs.iop|rs/only.txt@rs.iop|map/x.map@rs.iop|map/b.map@MAP.IOP|rs/hidden.txt@MAP.IOP"
	if strings.Join(got, "|") != want {
		t.Fatalf("view\n got %s\nwant %s", strings.Join(got, "|"), want)
	}
	for p, w := range map[string]string{"사운드/공유.txt": "from rs", "MAP/B.MAP": "map b", "rs/hidden.txt": "map copy of a name rs hides"} {
		if s := readEntry(t, a, p); s != w {
			t.Fatalf("%s: %q", p, s)
		}
	}
	if _, err := a.Open("map/gone.map"); err == nil {
		t.Fatal("a deleted name opens")
	}
	// the second reader sees the map copy that the folder view overrules
	b, _ := os.ReadFile(filepath.Join(dir, "MAP.IOP"))
	es, err := ioptest.Read(b, krPW)
	if err != nil {
		t.Fatal(err)
	}
	if e := ioptest.Winners(es)[ioptest.Fold([]byte("\xBB\xE7\xBF\xEE\xB5\xE5\\\xB0\xF8\xC0\xAF.txt"))]; string(e.Data) != "from map" {
		t.Fatalf("map copy %q", e.Data)
	}
	in := a.Capabilities().Info().(GameInfo)
	if len(in.Packs) != 2 || in.Packs[0].Used != 3 || in.Packs[1].Used != 2 || in.Packs[1].Overruled != 1 || strings.Join(in.Ignored, ",") != "other.iop" {
		t.Fatalf("info %+v", in)
	}
}

func TestParseDeleteListMapRule(t *testing.T) {
	dl := iop.ParseDeleteList([]byte("[Resource/Old.TXT]\r\n_map\\Map\\a.map\r\n\r\n_mapx\r\n\xC7\xD1\\b.txt\n"))
	if strings.Join(dl.RS, "|") != `resource\old.txt|`+"\xC7\xD1"+`\b.txt` || strings.Join(dl.Map, "|") != `map\a.map` {
		t.Fatalf("%q %q", dl.RS, dl.Map)
	}
}
