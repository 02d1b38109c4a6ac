package bindat

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"packsmith/formats/tl2/dattext"
)

// seedTexts are small hand-written sources; their compiled forms seed
// FuzzDecompile (testdata/fuzz/FuzzDecompile, written by TestWriteSeeds).
var seedTexts = map[string]string{
	"unit":   unitText,
	"root":   "[]\r\n\t<INTEGER>X:1\r\n\t[]\r\n\t[/]\r\n[/]\r\n",
	"nested": "[A]\r\n\t[B]\r\n\t\t[C]\r\n\t\t\t<FLOAT>F:0.25\r\n\t\t\t<DOUBLE>D:1e300\r\n\t\t[/C]\r\n\t[/B]\r\n\t[B]\r\n\t[/B]\r\n[/A]\r\n",
	"strs":   "[A]\r\n\t<STRING>S:x\r\n\t<TRANSLATE>T:x\r\n\t<STRING>E:\r\n\t<NOTE>N:y\r\n\t<BOOL>B:7\r\n[/A]\r\n",
}

// TestWriteSeeds regenerates the committed seed corpus when
// PACKSMITH_WRITE_SEEDS=1; otherwise it only checks the seeds still compile.
func TestWriteSeeds(t *testing.T) {
	write := os.Getenv("PACKSMITH_WRITE_SEEDS") == "1"
	for name, text := range seedTexts {
		bin, err := CompileText(name+".DAT", []byte(text), &Options{IDs: SequentialIDs{First: 230}})
		if err != nil {
			t.Fatal(err)
		}
		if write {
			writeSeed(t, "FuzzDecompile", name, bin)
			writeSeed(t, "FuzzCompile", name, []byte(text))
		}
	}
}

func writeSeed(t *testing.T, fuzz, name string, data []byte) {
	dir := filepath.Join("testdata", "fuzz", fuzz)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	body := fmt.Sprintf("go test fuzz v1\n[]byte(%q)\n", data)
	if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

// FuzzDecompile: any input decompiles or fails with a *FormatError; what
// decompiles compiles back, and that output decompiles to the same tree.
func FuzzDecompile(f *testing.F) {
	f.Add(le(2, 0, 1, 0, 0))
	f.Fuzz(func(t *testing.T, data []byte) {
		dec, err := Decompile("F.DAT", data, nil)
		if err != nil {
			var fe *FormatError
			if !errors.As(err, &fe) {
				t.Fatalf("error %v is not a *FormatError", err)
			}
			return
		}
		out, err := Compile("F.DAT", dec.Root, &Options{IDs: TableIDs(dec.Strings)})
		if err != nil {
			t.Fatalf("decompiled tree does not compile: %v", err)
		}
		again, err := Decompile("F.DAT", out, nil)
		if err != nil {
			t.Fatalf("our output does not decompile: %v", err)
		}
		if !dattext.Equal(dec.Root, again.Root) {
			t.Fatalf("tree changed:\n%s\n%s", dattext.Format(dec.Root), dattext.Format(again.Root))
		}
		out2, err := Compile("F.DAT", again.Root, &Options{IDs: TableIDs(again.Strings)})
		if err != nil || !bytes.Equal(out, out2) {
			t.Fatalf("canonical output does not round-trip byte-identical (%v)", err)
		}
	})
}

// FuzzCompile: text that parses either compiles or fails with an error
// naming the file; compiled output decompiles and compiles back to the same
// bytes, through the printed text too.
func FuzzCompile(f *testing.F) {
	f.Add([]byte("[A]\n<INTEGER>X:1\n[/A]"))
	f.Fuzz(func(t *testing.T, src []byte) {
		out, err := CompileText("F.DAT", src, nil)
		if err != nil {
			var de *dattext.Error
			if !errors.As(err, &de) || de.File != "F.DAT" {
				t.Fatalf("error %v does not name the file", err)
			}
			return
		}
		dec, err := Decompile("F.DAT", out, nil)
		if err != nil {
			t.Fatalf("our output does not decompile: %v", err)
		}
		opt := &Options{IDs: TableIDs(dec.Strings)}
		back, err := Compile("F.DAT", dec.Root, opt)
		if err != nil || !bytes.Equal(back, out) {
			t.Fatalf("decompile → compile differs (%v)", err)
		}
		text, err := DecompileText("F.DAT", out, nil)
		if err != nil {
			t.Fatalf("DecompileText: %v", err)
		}
		back, err = CompileText("F.DAT", text, opt)
		if err != nil || !bytes.Equal(back, out) {
			t.Fatalf("decompile → text → compile differs (%v)", err)
		}
	})
}
