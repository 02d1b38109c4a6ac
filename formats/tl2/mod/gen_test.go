package mod

// The small .MOD files under testdata/ seed FuzzReadMod and pin the
// checks. Regenerate them with:
//
//	PACKSMITH_GEN_TESTDATA=1 go test ./formats/tl2/mod -run TestGenerateTestdata

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const fixedTime = 133713079295369301 // a FILETIME from the XOVER fixture

type genFile struct {
	name string
	data []byte
}

func genMod(t testing.TB, h *Header, files []genFile) []byte {
	out := &memFile{}
	w, err := NewWriter(out, h, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if err := w.Add(FileHeader{Name: f.name, FileTime: fixedTime}, bytes.NewReader(f.data)); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return out.b
}

// withHeaderVersion re-encodes a version-4 .MOD's header as version 1–3
// (tl2-notes §2.1: v1 has per-version GUIDs and no dependency versions,
// v<3 no REMOVE_FILES, v<4 no game version).
func withHeaderVersion(t testing.TB, mod []byte, ver uint16) []byte {
	h, n, err := parseHeader(mod)
	if err != nil {
		t.Fatal(err)
	}
	le := binary.LittleEndian
	var b []byte
	b = le.AppendUint16(b, ver)
	b = le.AppendUint16(b, h.ModVersion)
	if ver == 1 {
		for i := 0; i <= int(h.ModVersion); i++ {
			b = le.AppendUint64(b, uint64(0x1111*(i+1)))
			b = append(b, byte(i))
		}
	}
	at := len(b)
	b = le.AppendUint32(b, 0)
	b = le.AppendUint32(b, 0)
	for _, s := range []string{h.Title, h.Author, h.Description, h.Website, h.DownloadURL} {
		b = appendSS(b, s)
	}
	b = le.AppendUint64(b, uint64(h.ModID))
	b = le.AppendUint32(b, h.Flags)
	b = le.AppendUint64(b, h.ReqHash)
	b = le.AppendUint16(b, uint16(len(h.Required)))
	for _, r := range h.Required {
		b = appendSS(b, r.Name)
		b = le.AppendUint64(b, uint64(r.ID))
		if ver != 1 {
			b = le.AppendUint16(b, r.Version)
		}
	}
	if ver >= 3 {
		b = le.AppendUint16(b, uint16(len(h.Remove)))
		for _, s := range h.Remove {
			b = appendSS(b, s)
		}
	}
	shift := len(b) - n
	le.PutUint32(b[at:], uint32(len(b)))
	le.PutUint32(b[at+4:], uint32(int(h.ManifestOffset)+shift))
	return append(b, mod[n:]...)
}

// lowerName rewrites one stored name in the manifest to lower case, as a
// careless third-party packer would (the data section, and so
// rollingHash, is untouched).
func lowerName(t testing.TB, mod []byte, name string) []byte {
	var u []byte
	u, _ = encodeUTF16(u, name)
	var l []byte
	l, _ = encodeUTF16(l, strings.ToLower(name))
	out := append([]byte(nil), mod...)
	off := int(binary.LittleEndian.Uint32(mod[16:]))
	i := bytes.Index(out[off:], u)
	if i < 0 {
		t.Fatalf("%s not in manifest", name)
	}
	copy(out[off+i:], l)
	return out
}

func testdataSet(t testing.TB) map[string][]byte {
	stub := append(make([]byte, 0, MPPStubSize), bytes.Repeat([]byte{0xFF}, MPPStubSize)...)
	binary.LittleEndian.PutUint32(stub[0:], 50)
	binary.LittleEndian.PutUint32(stub[4:], 50)
	small := []genFile{
		{"MEDIA/UNITS/MONSTERS/ZOMBIE.DAT", []byte(strings.Repeat("zombie ", 40))},
		{"MEDIA/UI/SPLASH.JPG", []byte("\xFF\xD8\xFF\xE0 not really a jpeg")},
		{"MEDIA/EMPTY.RAW", nil},
	}
	h := &Header{ModVersion: 2, GameVersion: GameVersion{1, 25, 5, 6}, Title: "tiny \xed\xb0\x80", Author: "gen",
		ModID: -42, Required: []Dependency{{Name: "dep", ID: 7, Version: 1}}, Remove: []string{"MEDIA/OLD.DAT"}}
	tiny := genMod(t, h, small)
	levels := genMod(t, &Header{Title: "levels"}, []genFile{
		{"MEDIA/LAYOUTS/TOWN/TOWN.LAYOUT", []byte("binlayout")},
		{"MEDIA/LAYOUTS/TOWN/TOWN.MPP", stub},
		{"MEDIA/LAYOUTS/CAVE/CAVE.LAYOUT", []byte("binlayout 2")},
		{"MEDIA/UI/ICONS/PORTRAIT.DDS", []byte("DDS portrait")},
	})
	return map[string][]byte{
		"tiny.MOD":   tiny,
		"v1.MOD":     withHeaderVersion(t, tiny, 1),
		"v3.MOD":     withHeaderVersion(t, tiny, 3),
		"levels.MOD": lowerName(t, levels, "PORTRAIT.DDS"),
		"empty.MOD":  genMod(t, &Header{}, nil),
	}
}

func TestGenerateTestdata(t *testing.T) {
	if os.Getenv("PACKSMITH_GEN_TESTDATA") == "" {
		t.Skip("set PACKSMITH_GEN_TESTDATA=1 to rewrite testdata/")
	}
	for name, b := range testdataSet(t) {
		if err := os.WriteFile(filepath.Join("testdata", name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// The committed files are what the generator makes today.
func TestTestdataCurrent(t *testing.T) {
	for name, want := range testdataSet(t) {
		got, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("testdata/%s is stale; regenerate (see gen_test.go)", name)
		}
	}
}

func readTestdata(t *testing.T, name string) *Reader {
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewReader(bytes.NewReader(b), int64(len(b)), nil)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return r
}

func TestOlderHeaderVersions(t *testing.T) {
	v4 := readTestdata(t, "tiny.MOD")
	for _, name := range []string{"v1.MOD", "v3.MOD"} {
		r := readTestdata(t, name)
		h := r.Header
		if h.Title != v4.Header.Title || h.ModID != -42 || len(r.Entries) != 3 || h.GameVersion != (GameVersion{}) {
			t.Errorf("%s: %+v", name, h)
		}
		if name == "v1.MOD" && (len(h.VersionGUIDs) != 3 || h.Required[0].Version != 0 || h.Remove != nil) {
			t.Errorf("v1: guids %v req %v remove %v", h.VersionGUIDs, h.Required, h.Remove)
		}
		if name == "v3.MOD" && (h.Required[0].Version != 1 || h.Remove[0] != "MEDIA/OLD.DAT") {
			t.Errorf("v3: %+v", h)
		}
		for i := range r.Entries {
			if _, err := r.ReadEntry(&r.Entries[i], 0); err != nil {
				t.Error(err)
			}
		}
	}
	if v4.Header.Title != "tiny \xed\xb0\x80" {
		t.Errorf("lone surrogate lost: %q", v4.Header.Title)
	}
}

func TestChecksFindLevelProblems(t *testing.T) {
	r := readTestdata(t, "levels.MOD")
	got := map[string]string{}
	for _, f := range r.Check() {
		if f.Severity != SevInfo {
			got[f.Check] = f.Entry
		}
	}
	want := map[string]string{
		"mpp-stub":           "MEDIA/LAYOUTS/TOWN/TOWN.MPP",
		"layout-without-mpp": "MEDIA/LAYOUTS/CAVE/CAVE.LAYOUT",
		"lowercase-name":     "MEDIA/UI/ICONS/portrait.dds",
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: got %q, want %q", k, got[k], v)
		}
	}
	if len(got) != len(want) {
		t.Errorf("findings %v", got)
	}
	// Duplicates: the same path twice in one manifest.
	out := &memFile{}
	w, _ := NewWriter(out, &Header{}, nil)
	w.Add(FileHeader{Name: "MEDIA/A.DAT"}, strings.NewReader("a"))
	w.Add(FileHeader{Name: "MEDIA/B.DAT"}, strings.NewReader("b"))
	w.Close()
	b := bytes.Replace(out.b, utf16le("B.DAT"), utf16le("A.DAT"), 1)
	rd, err := NewReader(bytes.NewReader(b), int64(len(b)), nil)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, f := range rd.Check() {
		found = found || (f.Check == "duplicate-path" && f.Entry == "MEDIA/A.DAT")
	}
	if !found {
		t.Error("duplicate path not reported")
	}
	if e, _ := rd.Lookup("MEDIA/A.DAT"); e.Index != 1 { // "" dir's MEDIA/ placeholder is record 0
		t.Errorf("lookup must return the first copy, got record %d", e.Index)
	}
}

func utf16le(s string) []byte {
	b, _ := encodeUTF16(nil, s)
	return b
}
