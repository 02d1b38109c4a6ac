package dattext

import (
	"fmt"
	"math/rand"
	"reflect"
	"strings"
	"testing"
	"unsafe"

	"packsmith/internal/tl2corpus"
)

// One Parser through many files gives, for each, the tree a fresh parse
// gives: nothing of an earlier file shows through the reused memory, in
// files larger and smaller than the one before, with properties after
// children (their own slices) and sections that fill a chunk.
func TestParserReuse(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	var texts []string
	for i := 0; i < 300; i++ {
		_, text := tl2corpus.Source(i, 300, 200+rng.Intn(6000), rng)
		texts = append(texts, text)
	}
	texts = append(texts,
		"[A]\n<STRING>K:v\n[B]\n<INTEGER>N:1\n[/B]\n<STRING>LATE:after a child\n[/A]\n",
		"[ONE]\n[/ONE]\n",
		"[R]\n"+strings.Repeat("[S]\n<BOOL>X:1\n[/S]\n", 200)+"[/R]\n",
	)
	var p Parser
	for round := 0; round < 2; round++ {
		for i, text := range texts {
			want, werr := ParseText("f.dat", text)
			got, gerr := p.ParseText("f.dat", text)
			if fmt.Sprint(werr) != fmt.Sprint(gerr) {
				t.Fatalf("file %d: error %v, fresh parse %v", i, gerr, werr)
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("file %d (round %d): the reused Parser's tree differs from a fresh parse", i, round)
			}
		}
	}
	// An error leaves the Parser usable.
	if _, err := p.ParseText("bad.dat", "[A]\n"); err == nil || !strings.Contains(err.Error(), "never closed") {
		t.Fatalf("unclosed section: %v", err)
	}
	got, err := p.Parse("u.dat", EncodeText(texts[0], UTF16LEBOM))
	want, _ := ParseText("u.dat", texts[0])
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("Parse after an error: %v", err)
	}
}

// Parse (UTF-16 decoded into the Parser's own buffer) agrees with a fresh
// Parse file after file, ASCII and not, growing and shrinking.
func TestParserReuseUTF16(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	var p Parser
	for i := 0; i < 400; i++ {
		_, text := tl2corpus.Source(i, 400, 100+rng.Intn(8000), rng)
		if i%7 == 3 {
			text = strings.Replace(text, "NAME:", "NAME:Ünïcode 名前 \U0001F600 ", 1)
		}
		enc := []Encoding{UTF16LEBOM, UTF16BEBOM, UTF8BOM, UTF16LEBOM}[i%4]
		src := EncodeText(text, enc)
		want, werr := Parse("f.dat", src)
		got, gerr := p.Parse("f.dat", src)
		if fmt.Sprint(werr) != fmt.Sprint(gerr) || !reflect.DeepEqual(got, want) {
			t.Fatalf("file %d (%v): the reused Parser differs from a fresh Parse (%v / %v)", i, enc, gerr, werr)
		}
	}
}

// One huge file does not pin its size in the Parser for the files after
// it, and the tree it returned is whole (until the next parse).
func TestParserDropsHugeBuffers(t *testing.T) {
	var p Parser
	big := "[R]\n" + strings.Repeat("<STRING>KEY:a value of some length\n", 200_000) + "[/R]\n" // ≈ 7 MB
	root, err := p.Parse("big.dat", EncodeText(big, UTF16LEBOM))
	if err != nil {
		t.Fatal(err)
	}
	if cap(p.text) > parserKeeps || cap(p.a.prop0)*int(unsafe.Sizeof(Prop{})) > parserKeeps {
		t.Fatalf("kept %d text bytes, %d props", cap(p.text), cap(p.a.prop0))
	}
	if len(root.Props) != 200_000 || root.Props[199_999].Value != "a value of some length" {
		t.Fatalf("the tree lost its props: %d", len(root.Props))
	}
	small, err := p.Parse("s.dat", EncodeText("[S]\n<INTEGER>N:1\n[/S]\n", UTF16LEBOM))
	if err != nil || small.Name != "S" || len(small.Props) != 1 {
		t.Fatalf("after a small file: %v %+v", err, small)
	}
}
