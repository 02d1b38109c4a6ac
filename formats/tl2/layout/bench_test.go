package layout

import (
	"os"
	"path/filepath"
	"testing"

	"packsmith/internal/testfixtures"
)

// benchInput is the largest fixture level (CITY_04B, 118 KB of text) or,
// without fixtures, the built-in seed.
func benchInput(b testing.TB) (text, bin []byte) {
	dir := os.Getenv("PACKSMITH_FIXTURES")
	if dir == "" {
		if root, ok := testfixtures.RepoRoot(); ok {
			dir = filepath.Join(root, "..", "shared", "fixtures")
		}
	}
	p := filepath.Join(dir, "tl2", "cyber_mod", "MEDIA", "LAYOUTS", "CITY04", "1X1SINGLE_ROOM", "CITY_04B.LAYOUT")
	text, err := os.ReadFile(p)
	if err != nil {
		text = []byte(seedText)
	}
	bin, _, err = Compile("BENCH.LAYOUT", text)
	if err != nil {
		b.Fatal(err)
	}
	return text, bin
}

func BenchmarkCompile(b *testing.B) {
	text, _ := benchInput(b)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := Compile("BENCH.LAYOUT", text); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecode(b *testing.B) {
	_, bin := benchInput(b)
	b.SetBytes(int64(len(bin)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Decode(bin); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecompile(b *testing.B) {
	_, bin := benchInput(b)
	b.SetBytes(int64(len(bin)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Decompile(bin, ""); err != nil {
			b.Fatal(err)
		}
	}
}
