package iopdrv

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"packsmith/backend/archive"
	"packsmith/internal/ioptest"
)

// The demo game folder, read by the driver and by the second reader: every
// winner's bytes, stored and deflated, the comments, the .ini with comment
// 1, the duplicate, and the delete list with its _map rule.
func TestDemoGameFolderCross(t *testing.T) {
	dir := "../../../testdata/demo/lostsaga_game"
	g, err := archive.Open(dir, archive.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	// the delete list, read independently: a plain one-entry pack
	db, err := os.ReadFile(filepath.Join(dir, "info", "delete_file_list.cfg.iop"))
	if err != nil {
		t.Fatal(err)
	}
	des, err := ioptest.Read(db, "")
	if err != nil || len(des) != 1 {
		t.Fatalf("delete list pack: %v", err)
	}
	hidden := map[string]map[string]bool{"rs.iop": {}, "map.iop": {}}
	for _, line := range strings.Split(string(des[0].Data), "\n") {
		line = strings.Trim(strings.TrimSpace(line), "[]")
		if line == "" {
			continue
		}
		k := ioptest.Fold([]byte(line))
		if strings.HasPrefix(k, "_map") {
			hidden["map.iop"][k[5:]] = true
		} else {
			hidden["rs.iop"][k] = true
		}
	}
	want := map[string]string{} // folded name → pack that wins, as the second reader sees it
	var methods, comments []string
	for _, pack := range []string{"rs.iop", "map.iop"} {
		b, err := os.ReadFile(filepath.Join(dir, pack))
		if err != nil {
			t.Fatal(err)
		}
		es, err := ioptest.Read(b, krPW)
		if err != nil {
			t.Fatalf("%s: %v", pack, err)
		}
		for k, e := range ioptest.Winners(es) {
			if hidden[pack][k] {
				continue
			}
			if _, taken := want[k]; !taken {
				want[k] = pack
				// the driver's bytes for this name are the second reader's
				ge := findKey(t, g, k)
				rc, err := g.Open(ge.Path)
				if err != nil {
					t.Fatal(err)
				}
				var got bytes.Buffer
				got.ReadFrom(rc)
				rc.Close()
				if !bytes.Equal(got.Bytes(), e.Data) || ge.Extra.(*EntryExtra).Pack != pack || ge.Extra.(*EntryExtra).Comment != e.Comment {
					t.Fatalf("%s: driver %q from %v, second reader %q from %s", ge.Path, got.Bytes(), ge.Extra.(*EntryExtra).Pack, e.Data, pack)
				}
			}
			methods = append(methods, map[uint16]string{0: "stored", 8: "deflate"}[e.Method])
			comments = append(comments, e.Comment)
		}
		if pack == "rs.iop" && len(es) != len(ioptest.Winners(es))+1 {
			t.Fatalf("rs.iop: want one duplicate, %d records for %d names", len(es), len(ioptest.Winners(es)))
		}
	}
	if len(want) != len(g.Entries()) || len(hidden["rs.iop"]) != 1 || len(hidden["map.iop"]) != 1 {
		t.Fatalf("%d names, the folder lists %d; hidden %v", len(want), len(g.Entries()), hidden)
	}
	sort.Strings(methods)
	sort.Strings(comments)
	if !strings.Contains(strings.Join(methods, ","), "deflate") || !strings.Contains(strings.Join(methods, ","), "stored") ||
		!strings.Contains(strings.Join(comments, ","), "1") {
		t.Fatalf("the sample lacks variety: %v %v", methods, comments)
	}
}

func findKey(t *testing.T, a archive.Archive, key string) archive.Entry {
	t.Helper()
	for _, e := range a.Entries() {
		if ioptest.Fold([]byte(mustEncode(t, e.Path))) == key {
			return e
		}
	}
	t.Fatalf("the folder view has no %q", key)
	return archive.Entry{}
}
