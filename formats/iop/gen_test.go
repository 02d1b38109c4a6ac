package iop

import (
	"bytes"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// The test files under testdata are made by this generator from the
// format description; TestGolden checks the committed copies still match.
// Regenerate with: go test ./formats/iop -run TestGolden -update
var update = flag.Bool("update", false, "rewrite the generated files under testdata")

var genTime = time.Date(2014, 1, 2, 3, 4, 6, 0, time.UTC)

const samplePassword = "eE39DkE!%E0" // US pack password: second in the trial order

type genEntry struct {
	name, comment string
	method        uint16
	encrypt, ini  bool
	data          []byte
}

// sampleEntries are the contents of testdata/sample.iop, in order.
var sampleEntries = []genEntry{
	{`config\client.ini`, "1", MethodDeflate, true, true, []byte("[Setting]\r\nLanguage=en\r\nWindowed=1\r\n")},
	{`xml\items.xml`, "", MethodDeflate, true, false, []byte("<items><item id=\"1\"/></items>\r\n")},
	{`resource\readme.txt`, "0", MethodStored, true, false, []byte("stored entry\r\n")},
	{`Xml\Items.XML`, "", MethodDeflate, true, false, []byte("<items><item id=\"2\"/><item id=\"3\"/></items>\r\n")},
	{`info/version.txt`, "", MethodStored, false, false, []byte("2014.01\r\n")},
}

var plainEntries = []genEntry{
	{`a.txt`, "", MethodDeflate, false, false, bytes.Repeat([]byte("plain pack, no password. "), 8)},
	{`dir\b.bin`, "", MethodStored, false, false, func() []byte {
		b := make([]byte, 300)
		for i := range b {
			b[i] = byte(i * 7)
		}
		return b
	}()},
}

func buildPack(t testing.TB, password string, entries []genEntry) []byte {
	var buf bytes.Buffer
	w := NewWriter(&buf, password)
	w.Rand = rand.NewChaCha8([32]byte{'p', 'a', 'c', 'k', 's', 'm', 'i', 't', 'h'})
	for _, e := range entries {
		fh := FileHeader{Name: e.name, Comment: e.comment, Method: e.method, Modified: genTime, Encrypt: e.encrypt}
		if err := w.WriteFile(fh, e.data, e.ini); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func generated(t testing.TB) map[string][]byte {
	sample := buildPack(t, samplePassword, sampleEntries)
	plain := buildPack(t, "", plainEntries)
	out := map[string][]byte{
		"sample.iop": sample,
		"plain.iop":  plain,
	}
	// Fuzz seeds in the corpus format go test reads.
	seeds := map[string][]byte{
		"sample":    sample,
		"plain":     plain,
		"truncated": sample[:len(sample)/2],
		"end-only":  plain[len(plain)-endLen:],
	}
	for name, b := range seeds {
		out[filepath.Join("fuzz", "FuzzReadIOP", name)] = []byte("go test fuzz v1\n[]byte(" + strconv.Quote(string(b)) + ")\n")
	}
	return out
}

func TestGolden(t *testing.T) {
	for name, want := range generated(t) {
		p := filepath.Join("testdata", name)
		if *update {
			os.MkdirAll(filepath.Dir(p), 0o755)
			if err := os.WriteFile(p, want, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(p)
		if err != nil {
			t.Fatalf("%v (regenerate with -update)", err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from the generator output (%d vs %d bytes); regenerate with -update", p, len(got), len(want))
		}
	}
}

func readAllEntry(t testing.TB, f *File) []byte {
	t.Helper()
	rc, err := f.Open()
	if err != nil {
		t.Fatalf("%s: %v", f.Name, err)
	}
	defer rc.Close()
	var b bytes.Buffer
	if _, err := b.ReadFrom(rc); err != nil {
		t.Fatalf("%s: %v", f.Name, err)
	}
	return b.Bytes()
}

func mustRead(t testing.TB, b []byte, opts Options) *Reader {
	t.Helper()
	z, err := NewReader(bytes.NewReader(b), int64(len(b)), opts)
	if err != nil {
		t.Fatal(err)
	}
	return z
}
