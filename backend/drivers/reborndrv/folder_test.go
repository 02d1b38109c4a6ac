package reborndrv

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/backend/archive"
	"packsmith/formats/reborn/filetable"
)

// anyFolder is a generic folder driver scoring 1 for every folder.
type anyFolder struct{}

func (anyFolder) Name() string         { return "any-folder" }
func (anyFolder) DetectDir(string) int { return 1 }
func (anyFolder) OpenDir(string, archive.OpenOptions) (archive.Archive, error) {
	return nil, io.EOF
}

func TestDataFolder(t *testing.T) {
	archive.RegisterDir(anyFolder{})
	dir := t.TempDir()
	data := filepath.Join(dir, "Data")
	dat := mustRead(t, "testdata/sample.dat")
	writeT(t, filepath.Join(data, "event", "scene.dat"), dat)
	writeT(t, filepath.Join(data, "menu", "wrong.dat"), []byte("12345"))
	tb, _ := filetable.Encode(filetable.New("REBORN", []filetable.File{
		{Dir: 0, Path: "event/scene.dat", Size: uint32(len(dat))},
		{Dir: 0, Path: "menu/wrong.dat", Size: 9},
		{Dir: 7, Path: "sound/missing.dat", Size: 3},
	}))
	tp := writeT(t, filepath.Join(data, "FileTable.bin"), tb)
	for _, p := range []string{data, tp} {
		a, err := archive.Open(p, archive.OpenOptions{})
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if a.Family() != DataFamily {
			t.Fatalf("%s opened as %s (the Reborn folder driver must beat a generic one)", p, a.Family())
		}
		es := a.Entries()
		if len(es) != 3 || es[0].Path != "event/scene.dat" || es[0].Kind != Family || es[0].Extra.(*DataExtra).Problem != "" {
			t.Fatalf("entries %+v", es)
		}
		if es[1].Extra.(*DataExtra).Problem != "size differs: table 9, disk 5" || es[2].Extra.(*DataExtra).Problem != "missing on disk" {
			t.Errorf("problems %v / %v", es[1].Extra.(*DataExtra).Problem, es[2].Extra.(*DataExtra).Problem)
		}
		rc, err := a.Open("EVENT/scene.dat")
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(rc)
		rc.Close()
		if !bytes.Equal(got, dat) {
			t.Error("entry bytes are not the file's")
		}
		f, _ := a.Capabilities().Verify(context.Background(), archive.NoProgress{})
		if len(f) != 2 || f[0].Check != "filetable-size" || f[1].Check != "filetable-missing" {
			t.Errorf("findings %+v", f)
		}
		// And the .dat opens from there, as itself.
		d, _ := a.(*DataArchive).DiskPath("event/scene.dat")
		sub := openT(t, d)
		if len(sub.Entries()) != 7 {
			t.Errorf("scene.dat: %d entries", len(sub.Entries()))
		}
		a.Close()
	}
	if _, err := archive.Open(dir, archive.OpenOptions{}); err == nil || !strings.Contains(err.Error(), "EOF") {
		t.Errorf("a folder without a table goes to the generic driver: %v", err)
	}
	os.Remove(tp)
}
