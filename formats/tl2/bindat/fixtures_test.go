package bindat

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/backend/tl2/tl2names"
	"packsmith/formats/tl2/dattext"
	"packsmith/formats/tl2/rghash"
	"packsmith/internal/testfixtures"
)

type pair struct {
	src, bin string // paths
	name     string // source base name, for the [] root rule and messages
}

// fixturePairs lists every text source in the fixtures that has a GUTS
// compiled .BINDAT sibling.
func fixturePairs(t testing.TB) []pair {
	dir := testfixtures.Dir(t, "tl2")
	var out []pair
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".BINDAT") {
			return err
		}
		src := strings.TrimSuffix(p, ".BINDAT")
		if _, err := os.Stat(src); err != nil {
			return nil
		}
		out = append(out, pair{src: src, bin: p, name: filepath.Base(src)})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	testfixtures.AtLeast(t, len(out), 23, "text sources with a .BINDAT sibling")
	return out
}

func readPair(t testing.TB, p pair) (src, bin []byte) {
	t.Helper()
	src, err := os.ReadFile(p.src)
	if err != nil {
		t.Fatal(err)
	}
	bin, err = os.ReadFile(p.bin)
	if err != nil {
		t.Fatal(err)
	}
	return src, bin
}

func testDict(t testing.TB) *rghash.Dictionary {
	d, err := tl2names.Default()
	if err != nil {
		t.Logf("no reference dictionary (%v): names decompile as UNK_<HEX8>", err)
	}
	return d
}

// TestFixturesCompile compiles every GUTS source text and compares with the
// BINDAT GUTS wrote beside it. GUTS numbers strings from a build-wide
// counter (known strings keep their ids), so three numberings are measured:
//   - GUTS's ids (a session preloaded with the GUTS table, as GUTS's own
//     dictionary would be): must be byte-identical;
//   - sequential from the file's first GUTS id: byte-identical where GUTS
//     met only new strings, else only string ids differ;
//   - the default HashIDs: only string ids differ.
//
// Every file must decompile to the same text as GUTS's BINDAT in all modes.
func TestFixturesCompile(t *testing.T) {
	dict := testDict(t)
	var total, tableSame, seqSame, seqText, hashText int
	for _, p := range fixturePairs(t) {
		src, bin := readPair(t, p)
		total++
		root, err := dattext.Parse(p.name, src)
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		for _, f := range Lint(p.name, root) {
			t.Logf("lint: %s", f)
		}
		gutsDec, err := Decompile(p.name, bin, dict)
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		want := dattext.Format(gutsDec.Root)

		out, err := Compile(p.name, root, &Options{IDs: TableIDs(gutsDec.Strings)})
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		if bytes.Equal(out, bin) {
			tableSame++
		} else {
			t.Errorf("%s: compiled with GUTS's string ids, bytes differ from the GUTS BINDAT", p.src)
		}

		var first uint32
		if len(gutsDec.Strings) > 0 {
			first = gutsDec.Strings[0].ID
		}
		out, err = Compile(p.name, root, &Options{IDs: SequentialIDs{First: first}})
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		if bytes.Equal(out, bin) {
			seqSame++
		} else if sameText(t, p.name, out, want, dict) {
			seqText++
			t.Logf("%s: sequential ids differ from GUTS's (it reused known strings' ids); same text", p.name)
		} else {
			t.Errorf("%s: sequential-id compile decompiles to different text", p.src)
		}

		out, err = CompileText(p.name, src, nil)
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		if sameText(t, p.name, out, want, dict) {
			hashText++
		} else {
			t.Errorf("%s: default compile decompiles to different text", p.src)
		}
	}
	t.Logf("%d source/BINDAT pairs: %d byte-identical with GUTS's string ids; sequential ids: %d byte-identical + %d same text; default hash ids: %d same text",
		total, tableSame, seqSame, seqText, hashText)
}

func sameText(t testing.TB, name string, bin []byte, want string, dict *rghash.Dictionary) bool {
	dec, err := Decompile(name, bin, dict)
	if err != nil {
		t.Errorf("decompiling our own output: %v", err)
		return false
	}
	return dattext.Format(dec.Root) == want
}

// TestFixturesRoundTrip: decompile → compile is byte-identical on every
// fixture BINDAT, both straight from the tree and through the printed text.
func TestFixturesRoundTrip(t *testing.T) {
	dict := testDict(t)
	var n, viaText, unk, names int
	for _, p := range fixturePairs(t) {
		_, bin := readPair(t, p)
		n++
		dec, err := Decompile(p.name, bin, dict)
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		out, err := Compile(p.name, dec.Root, &Options{IDs: TableIDs(dec.Strings)})
		if err != nil || !bytes.Equal(out, bin) {
			t.Errorf("%s: decompile → compile differs (%v)", p.bin, err)
			continue
		}
		text, err := DecompileText(p.name, bin, dict)
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		out, err = CompileText(p.name, text, &Options{IDs: TableIDs(dec.Strings)})
		if err != nil || !bytes.Equal(out, bin) {
			t.Errorf("%s: decompile → text → compile differs (%v)", p.bin, err)
			continue
		}
		viaText++
		dec.Root.Walk(func(nd *dattext.Node, _ int) error {
			count := func(s string) {
				names++
				if _, ok := ParseUnknownName(s); ok {
					unk++
				}
			}
			count(nd.Name)
			for _, pr := range nd.Props {
				count(pr.Key)
			}
			return nil
		})
	}
	t.Logf("%d fixture BINDATs: %d decompile→compile byte-identical (through text too); %d of %d names unknown to the dictionary (UNK_<HEX8>)", n, viaText, unk, names)
}

func benchFile(b *testing.B) (string, []byte, []byte) {
	p := testfixtures.File(b, "tl2", "xover/MEDIA/MODELS/PCS/HUM_M/HUM_M.ANIMATION")
	src, err := os.ReadFile(p)
	if err != nil {
		b.Fatal(err)
	}
	bin, err := os.ReadFile(p + ".BINDAT")
	if err != nil {
		b.Fatal(err)
	}
	return filepath.Base(p), src, bin
}

func BenchmarkCompile(b *testing.B) {
	name, src, _ := benchFile(b)
	root, err := dattext.Parse(name, src)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, err := Compile(name, root, nil); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCompileText(b *testing.B) {
	name, src, _ := benchFile(b)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, err := CompileText(name, src, nil); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecompile(b *testing.B) {
	name, _, bin := benchFile(b)
	dict := testDict(b)
	b.SetBytes(int64(len(bin)))
	for b.Loop() {
		if _, err := Decompile(name, bin, dict); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecompileText(b *testing.B) {
	name, _, bin := benchFile(b)
	dict := testDict(b)
	b.SetBytes(int64(len(bin)))
	for b.Loop() {
		if _, err := DecompileText(name, bin, dict); err != nil {
			b.Fatal(err)
		}
	}
}
