package session

import (
	"fmt"
	"strings"
	"testing"

	"packsmith/backend/drivers/drivertest"
)

func demo() *Manager {
	files := map[string][]byte{
		"README.txt":            []byte("hi"),
		"MEDIA/UNITS/A.DAT":     make([]byte, 10),
		"MEDIA/UNITS/B.DAT":     make([]byte, 30),
		"MEDIA/UI/ICON.DDS":     make([]byte, 20),
		"MEDIA/UI/sub/deep.png": make([]byte, 5),
	}
	m := NewManager(nil)
	m.Add(drivertest.NewMem("demo.zip", files))
	return m
}

func TestListFilterPage(t *testing.T) {
	m := demo()
	s, err := m.Get("s1")
	if err != nil {
		t.Fatal(err)
	}
	p, _ := s.List(Query{Filter: "units", Limit: 1})
	if p.Total != 2 || len(p.Entries) != 1 || p.Entries[0].Path != "MEDIA/UNITS/A.DAT" {
		t.Fatalf("page %+v", p)
	}
	p, _ = s.List(Query{Filter: "units", Offset: 1, Limit: 1})
	if p.Entries[0].Path != "MEDIA/UNITS/B.DAT" {
		t.Fatalf("second page %+v", p)
	}
	p, _ = s.List(Query{Filter: `\.(dds|png)$`, Regex: true})
	if p.Total != 2 {
		t.Fatalf("regex total %d", p.Total)
	}
	_, err = s.List(Query{Filter: `(`, Regex: true})
	if err == nil || !strings.Contains(err.Error(), "filter: bad regular expression: missing closing )") {
		t.Fatalf("bad regex err %v", err)
	}
	p, _ = s.List(Query{Folder: "MEDIA/UI", Sort: "size", Desc: true})
	if p.Total != 2 || p.Entries[0].Path != "MEDIA/UI/ICON.DDS" {
		t.Fatalf("folder/sort %+v", p)
	}
	if _, err := m.Get("s9"); err == nil {
		t.Fatal("unknown session accepted")
	}
}

func TestTree(t *testing.T) {
	s, _ := demo().Get("s1")
	root := s.Tree()
	got := []string{}
	var walk func(f *Folder, depth int)
	walk = func(f *Folder, depth int) {
		got = append(got, fmt.Sprintf("%s%s=%d", strings.Repeat(" ", depth), f.Name, f.Files))
		for _, c := range f.Children {
			walk(c, depth+1)
		}
	}
	walk(root, 0)
	want := "demo.zip=5| MEDIA=4|  UI=2|   sub=1|  UNITS=2"
	if strings.Join(got, "|") != want {
		t.Fatalf("tree\n got %s\nwant %s", strings.Join(got, "|"), want)
	}
}

func TestInfo(t *testing.T) {
	s, _ := demo().Get("s1")
	in := s.Info()
	if in.Entries != 5 || in.Size != 67 || !in.CanVerify || in.CanWrite || in.Name != "demo.zip" {
		t.Fatalf("info %+v", in)
	}
}
