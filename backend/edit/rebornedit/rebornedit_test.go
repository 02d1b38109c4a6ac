package rebornedit

import (
	"bytes"
	"strings"
	"testing"

	"packsmith/formats/reborn/txte"
)

func TestParseAndApply(t *testing.T) {
	base := []txte.Row{{Key: "a", Text: "one"}, {Key: "b", Text: "two"}, {Key: "dup", Text: "x"}, {Key: "dup", Text: "y"}}
	var buf bytes.Buffer
	if err := WriteCSV(&buf, Visible(base)); err != nil {
		t.Fatal(err)
	}
	back, err := ParseRows(buf.Bytes())
	if err != nil || len(back) != 4 || back[3].Index != 3 || back[1].Text != "two" {
		t.Fatalf("CSV round trip: %v %+v", err, back)
	}
	rows := append([]txte.Row(nil), base...)
	edits, err := ParseRows([]byte(`[{"key":"b","text":"deux {U+F8FF}"},{"index":3,"key":"dup","text":"z"}]`))
	if err != nil {
		t.Fatal(err)
	}
	if n, err := Apply(rows, edits); err != nil || n != 2 || rows[1].Text != "deux \uF8FF" || rows[3].Text != "z" || rows[2].Text != "x" {
		t.Fatalf("apply: %d %v %+v", n, err, rows)
	}
	for in, want := range map[string]string{
		"key,value\na,b\n":              "needs a text column",
		"text\nhello\n":                 "needs a key or an index column",
		"index,text\nx,hello\n":         `index "x" is not a number`,
		`[{"key":"a","txt":"typo"}]`:    "unknown field",
		`[{"text":"no key, no index"}]`: "names neither key nor index",
	} {
		if _, err := ParseRows([]byte(in)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", in, err, want)
		}
	}
	for _, e := range []Row{{Index: -1, Key: "dup", Text: "q"}, {Index: -1, Key: "zz", Text: "q"}, {Index: 9, Text: "q"}, {Index: 0, Key: "b", Text: "q"}} {
		if _, err := Apply(append([]txte.Row(nil), base...), []Row{e}); err == nil {
			t.Errorf("edit %+v accepted", e)
		}
	}
}
