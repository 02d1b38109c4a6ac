package main

import (
	"strings"
	"testing"
)

type inner struct {
	Deep int `json:"deep"`
}

type Node struct {
	inner
	Name   string             `json:"name"`
	ID     int64              `json:"id,string"`
	Note   string             `json:"note,omitempty"`
	Secret string             `json:"-"`
	Raw    []byte             `json:"raw"`
	Tags   map[string][]int   `json:"tags"`
	Kids   []*Node            `json:"kids"`
	Any    any                `json:"any"`
	Plain  bool               // no tag: the Go name
	odd    int                // unexported: not in JSON
	Weird  string             `json:"a-b"`
	Pair   struct{ X, Y int } `json:"pair"`
}

func TestGenerate(t *testing.T) {
	got := string(Generate(map[string]any{"b-kind": []Node{}, "a": &Node{}}, nil, ""))
	want := `export interface jobtypes_Node {
  deep: number;
  name: string;
  id: string;
  note?: string;
  raw: string;
  tags: Record<string, number[]>;
  kids: jobtypes_Node[];
  any: any;
  Plain: boolean;
  "a-b": string;
  pair: { X: number; Y: number; };
}

export interface JobResults {
  "a": jobtypes_Node;
  "b-kind": jobtypes_Node[];
}
`
	if i := strings.Index(got, "export interface"); i < 0 || got[i:] != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
	_ = Node{}.odd
}

// A type Wails generated is named from models.ts, not declared again.
func TestGenerateNamesModels(t *testing.T) {
	known := ModelTypes([]byte("export namespace jobtypes {\n\t\n\texport class inner {\n\t    deep: number;\n\t}\n\texport class Node {\n}\n}\n"))
	if !known["jobtypes.Node"] || !known["jobtypes.inner"] || len(known) != 2 {
		t.Fatalf("models: %v", known)
	}
	got := string(Generate(map[string]any{"a": Node{}}, known, "../m"))
	want := "export interface JobResults {\n  \"a\": import(\"../m\").jobtypes.Node;\n}\n"
	if strings.Contains(got, "interface jobtypes_Node") || !strings.HasSuffix(got, want) {
		t.Fatalf("got\n%s", got)
	}
}
