package bindat

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"sort"
	"testing"
	"unicode/utf16"

	"packsmith/formats/tl2/dattext"
	"packsmith/formats/tl2/rghash"
)

// Committed vectors (testdata/vectors, a few hundred bytes each) test the
// string-table rules without the GUTS fixtures: the table is in ascending id
// order whatever order the strings appear in, each distinct string is there
// once, an empty string has no entry, and decompile → compile with the
// table's ids gives the same bytes. Each .BINDAT is also rebuilt here by a
// separate hand encoder, so the vectors do not merely repeat the compiler.

// vector is a source and the string ids GUTS-like numbering gave it: ids
// deliberately not in order of appearance.
type vector struct {
	name string
	src  string
	ids  map[string]uint32
}

var vectors = []vector{
	{"ORDER.DAT", "[UNIT]\r\n<STRING>NAME:zeta\r\n<STRING>DESC:alpha\r\n<TRANSLATE>DISPLAY:mid\r\n<INTEGER>LEVEL:3\r\n" +
		"[CHILD]\r\n<STRING>NAME:alpha\r\n<STRING>EMPTY:\r\n<STRING>LAST:omega\r\n[/CHILD]\r\n[/UNIT]\r\n",
		map[string]uint32{"zeta": 900, "alpha": 12, "mid": 455, "omega": 13}},
	{"SHARED.DAT", "[ROOT]\r\n<STRING>A:b\r\n<STRING>B:a\r\n<STRING>C:b\r\n[X]\r\n<STRING>D:a\r\n[/X]\r\n[/ROOT]\r\n",
		map[string]uint32{"b": 70000, "a": 5}},
}

// handEncode writes the BINDAT of a parsed tree with the given ids, from
// the layout in doc.go.
func handEncode(root *dattext.Node, ids map[string]uint32) []byte {
	var b []byte
	u32 := func(v uint32) { b = binary.LittleEndian.AppendUint32(b, v) }
	type ent struct {
		id uint32
		s  string
	}
	var table []ent
	for s, id := range ids {
		table = append(table, ent{id, s})
	}
	sort.Slice(table, func(i, j int) bool { return table[i].id < table[j].id })
	u32(2)
	u32(uint32(len(table)))
	for _, e := range table {
		u32(e.id)
		u := utf16.Encode([]rune(e.s))
		b = binary.LittleEndian.AppendUint16(b, uint16(len(u)))
		for _, c := range u {
			b = binary.LittleEndian.AppendUint16(b, c)
		}
	}
	types := map[string]uint32{"INTEGER": 1, "STRING": 5, "TRANSLATE": 8}
	var node func(n *dattext.Node)
	node = func(n *dattext.Node) {
		u32(rghash.Hash(n.Name))
		u32(uint32(len(n.Props)))
		for _, p := range n.Props {
			u32(rghash.Hash(p.Key))
			u32(types[p.Type])
			switch {
			case p.Type == "INTEGER":
				u32(3)
			case p.Value == "":
				u32(EmptyString)
			default:
				u32(ids[p.Value])
			}
		}
		u32(uint32(len(n.Children)))
		for _, c := range n.Children {
			node(c)
		}
	}
	node(root)
	return b
}

// TestWriteVectors rewrites testdata/vectors (PACKSMITH_WRITE_VECTORS=1).
func TestWriteVectors(t *testing.T) {
	if os.Getenv("PACKSMITH_WRITE_VECTORS") == "" {
		t.Skip("set PACKSMITH_WRITE_VECTORS=1 to rewrite the vectors")
	}
	for _, v := range vectors {
		root, err := dattext.Parse(v.name, []byte(v.src))
		if err != nil {
			t.Fatal(err)
		}
		base := filepath.Join("testdata", "vectors", v.name)
		os.WriteFile(base, []byte(v.src), 0o644)
		os.WriteFile(base+".BINDAT", handEncode(root, v.ids), 0o644)
	}
}

func TestStringTableVectors(t *testing.T) {
	for _, v := range vectors {
		t.Run(v.name, func(t *testing.T) {
			base := filepath.Join("testdata", "vectors", v.name)
			src, err := os.ReadFile(base)
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(base + ".BINDAT")
			if err != nil {
				t.Fatal(err)
			}
			root, err := dattext.Parse(v.name, src)
			if err != nil {
				t.Fatal(err)
			}
			if hand := handEncode(root, v.ids); !bytes.Equal(hand, want) {
				t.Fatal("the committed vector differs from the hand encoder's bytes")
			}
			dec, err := Decompile(v.name, want, nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(dec.Strings) != len(v.ids) {
				t.Fatalf("table has %d strings, want %d distinct", len(dec.Strings), len(v.ids))
			}
			for i, e := range dec.Strings {
				if v.ids[e.Text] != e.ID || (i > 0 && dec.Strings[i-1].ID >= e.ID) {
					t.Fatalf("table %v: not ascending or wrong ids", dec.Strings)
				}
			}
			// With the table's ids, compile gives the vector's bytes.
			got, err := CompileText(v.name, src, &Options{IDs: TableIDs(dec.Strings)})
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("compile with the table's ids:\n% x\nwant\n% x", got, want)
			}
			// Decompiled, recompiled: the same bytes again.
			again, err := Compile(v.name, dec.Root, &Options{IDs: TableIDs(dec.Strings)})
			if err != nil || !bytes.Equal(again, want) {
				t.Fatalf("decompile → compile differs (%v)", err)
			}
			// Any numbering: the table is still ascending and complete.
			for _, ids := range []StringIDs{HashIDs{}, SequentialIDs{First: 1}, SequentialIDs{First: 4000000000}} {
				out, err := CompileText(v.name, src, &Options{IDs: ids})
				if err != nil {
					t.Fatal(err)
				}
				d, err := Decompile(v.name, out, nil)
				if err != nil {
					t.Fatal(err)
				}
				for i := 1; i < len(d.Strings); i++ {
					if d.Strings[i-1].ID >= d.Strings[i].ID {
						t.Fatalf("%T: table not ascending: %v", ids, d.Strings)
					}
				}
				if len(d.Strings) != len(v.ids) {
					t.Fatalf("%T: %d strings, want %d", ids, len(d.Strings), len(v.ids))
				}
			}
		})
	}
}
