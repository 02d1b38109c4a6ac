package render

import (
	"bytes"
	"strings"
	"testing"

	"packsmith/backend/view/preview"
	"packsmith/formats/reborn/ashg"
	"packsmith/formats/reborn/txte"
)

func TestRebornViews(t *testing.T) {
	a := newArchive()
	tx := a.add("#0", "txte", txte.Encode([]txte.Row{{Key: "msg_0001", Text: "Denam\uF8FF\nline two"}, {Key: "msg_0002", Text: "Vyce"}}))
	xl := a.add("#1", "xlce", append([]byte("xlce\x01\x00\x00\x00\x10\x00\x00\x00\x08\x00\x00\x00"), 7, 0, 0, 0, 9, 0, 0, 0))
	as := a.add("#2", "ashg", ashg.Encode(bytes.Repeat([]byte("btx\x00sprite"), 20), 8))
	for _, c := range []struct {
		path, renderer string
		want           []string
	}{
		{tx.Path, RendererTxte, []string{"2 rows", "Denam{U+F8FF}\\nline two", "msg_0002", "Vyce"}},
		{xl.Path, RendererXlce, []string{"1 rows of 8 bytes", "0: 7 9"}},
		{as.Path, RendererAshg, []string{"→ 200 decompressed", `start with "btx\x00"`}},
	} {
		e := a.entries[map[string]int{"#0": 0, "#1": 1, "#2": 2}[c.path]]
		d, err := preview.Describe(a, e)
		if err != nil || d.Renderer != c.renderer {
			t.Fatalf("%s: renderer %q %v", c.path, d.Renderer, err)
		}
		txt, err := preview.RenderText(a, e)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range c.want {
			if !strings.Contains(txt.Text, w) {
				t.Errorf("%s: %q not in\n%s", c.path, w, txt.Text)
			}
		}
	}
}
