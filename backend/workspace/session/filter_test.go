package session

import (
	"strings"
	"testing"
)

func paths(p Page) string {
	var out []string
	for _, e := range p.Entries {
		out = append(out, e.Path)
	}
	return strings.Join(out, ",")
}

func TestGlobsBackslashesAndWhy(t *testing.T) {
	s, _ := demo().Get("s1")
	for _, c := range []struct {
		q    Query
		want string
	}{
		{Query{Filter: "*.dds"}, "MEDIA/UI/ICON.DDS"},
		{Query{Filter: "?.dat"}, "MEDIA/UNITS/A.DAT,MEDIA/UNITS/B.DAT"},
		{Query{Filter: `media\ui`}, "MEDIA/UI/ICON.DDS,MEDIA/UI/sub/deep.png"},
		{Query{Filter: `media\ui\*.png`}, "MEDIA/UI/sub/deep.png"}, // * crosses folders
		{Query{Filter: `media\ui\*`}, "MEDIA/UI/ICON.DDS,MEDIA/UI/sub/deep.png"},
		{Query{Filter: "*.DAT", Folder: "MEDIA/UNITS", Sort: "size", Desc: true}, "MEDIA/UNITS/B.DAT,MEDIA/UNITS/A.DAT"},
		{Query{Sort: "name"}, "MEDIA/UNITS/A.DAT,MEDIA/UNITS/B.DAT,MEDIA/UI/sub/deep.png,MEDIA/UI/ICON.DDS,README.txt"},
	} {
		p, err := s.List(c.q)
		if err != nil {
			t.Fatal(err)
		}
		if got := paths(p); got != c.want {
			t.Errorf("%+v: %q, want %q", c.q, got, c.want)
		}
	}
	for _, c := range []struct {
		q    Query
		want string
	}{
		{Query{Filter: "*.wav"}, "no file name matches *.wav"},
		{Query{Filter: "ui/*.dds"}, "try */*.dds"},
		{Query{Filter: "zzz"}, `no entry path contains "zzz"`},
		{Query{Filter: "*.dds", Folder: "MEDIA/UNITS"}, "nothing in MEDIA/UNITS matches; 1 entry elsewhere"},
		{Query{Filter: "^x$", Regex: true}, "regular expression ^x$"},
	} {
		p, _ := s.List(c.q)
		if p.Total != 0 || !strings.Contains(p.Why, c.want) {
			t.Errorf("%+v: total %d, why %q, want it to say %q", c.q, p.Total, p.Why, c.want)
		}
	}
	if p, _ := s.List(Query{Filter: "*.dds"}); p.Why != "" {
		t.Errorf("a filter that matches says why: %q", p.Why)
	}
}
