package modpack

import (
	"fmt"
	"strings"
	"testing"

	"packsmith/formats/tl2/dattext"
	"packsmith/formats/tl2/mod"
)

// A compile worker parses every source into memory the next source reuses
// (scratch's dattext.Parser): what a compile keeps (bytes, findings, the
// pruned unit, the RAW layout) must be its own. Each source is compiled,
// its result deep-copied, then a source of the same size but other bytes
// goes through the same scratch, and the first result must not have
// changed.
func TestScratchCompileKeepsNoneOfItsMemory(t *testing.T) {
	missile := func(name, extra string) string {
		return "[Layout]\r\n\t<INTEGER>VERSION:4\r\n\t[OBJECTS]\r\n\t\t[BASEOBJECT]\r\n\t\t\t[PROPERTIES]\r\n" +
			"\t\t\t\t<STRING>DESCRIPTOR:Missile\r\n\t\t\t\t<INTEGER64>ID:1\r\n\t\t\t\t<STRING>NAME:" + name + "\r\n" +
			"\t\t\t\t<STRING>MISSILE NAME:" + name + "\r\n\t\t\t\t<FLOAT>" + extra + ":1\r\n" +
			"\t\t\t[/PROPERTIES]\r\n\t\t[/BASEOBJECT]\r\n\t[/OBJECTS]\r\n[/Layout]\r\n"
	}
	unit := func(name, extra string) string {
		return "[UNIT]\r\n\t<STRING>NAME:" + name + "\r\n\t<STRING>UNITTYPE:MONSTER\r\n\t<TRANSLATE>DISPLAYNAME:" + name +
			"\r\n\t<INTEGER>" + extra + ":1\r\n\t<INTEGER>LEVEL:12abc\r\n[/UNIT]\r\n"
	}
	for _, c := range []struct {
		entry  string
		source func(name, extra string) string
	}{
		{"MEDIA/MISSILES/FIRE.LAYOUT", missile},
		{"MEDIA/UNITS/MONSTERS/RAT.DAT", unit},
	} {
		sc := &scratch{}
		compile := func(name, extra string) *compiled {
			src := dattext.EncodeText(c.source(name, extra), dattext.UTF16LEBOM)
			f := &srcFile{rel: c.entry, name: mod.UpperName(c.entry), size: int64(len(src))}
			f.classify()
			out := &compiled{src: src}
			compileFile(f, compileOpts{scratch: sc}, out)
			if out.failed {
				t.Fatalf("%s: %v", c.entry, out.findings)
			}
			return out
		}
		first := compile("AAAAAAAA", "UNKNOWNA")
		if len(first.findings) == 0 {
			t.Fatalf("%s: no findings to watch", c.entry)
		}
		want := fmt.Sprintf("%#v %#v %s", first.findings, first.data, treeText(first))
		compile("BBBBBBBB", "UNKNOWNB")
		if got := fmt.Sprintf("%#v %#v %s", first.findings, first.data, treeText(first)); got != want {
			t.Errorf("%s: the second compile changed the first's result:\n%s\nwas\n%s", c.entry, got, want)
		}
		if !strings.Contains(want, "AAAAAAAA") {
			t.Errorf("%s: the kept result does not name the first source: %s", c.entry, want)
		}
	}
}

// treeText is what a compile keeps for the RAW stage, as text.
func treeText(c *compiled) string {
	switch {
	case c.dat != nil:
		return dattext.Format(c.dat)
	case c.lay != nil:
		return fmt.Sprintf("%+v", *c.lay.Objects[0])
	}
	return ""
}
