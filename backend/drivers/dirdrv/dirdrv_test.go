package dirdrv

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"packsmith/backend/archive"
)

func write(t *testing.T, root, name, data string) {
	t.Helper()
	p := filepath.Join(root, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestFolderView(t *testing.T) {
	root := t.TempDir()
	write(t, root, "MOD.DAT", "[MOD]\n[/MOD]\n")
	write(t, root, "MEDIA/UNITS/A.DAT", "[UNIT]\n")
	write(t, root, "MEDIA/tex/b.dds", "DDS ....")
	outside := filepath.Join(t.TempDir(), "secret.txt")
	os.WriteFile(outside, []byte("secret"), 0o644)
	if err := os.Symlink(outside, filepath.Join(root, "link.txt")); err != nil {
		t.Fatal(err)
	}

	a, err := archive.Open(root, archive.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if a.Family() != "folder" {
		t.Fatalf("family %s", a.Family())
	}
	var names []string
	for _, e := range a.Entries() {
		names = append(names, e.Path+":"+e.Kind)
	}
	want := []string{"MEDIA/UNITS/A.DAT:text", "MEDIA/tex/b.dds:texture", "MOD.DAT:text"}
	if len(names) != len(want) {
		t.Fatalf("entries %v, want %v (the link is not followed)", names, want)
	}
	for i := range want {
		if names[i] != want[i] {
			t.Fatalf("entries %v, want %v", names, want)
		}
	}
	rc, err := a.Open(`media\units\a.dat`)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(rc)
	rc.Close()
	if string(b) != "[UNIT]\n" {
		t.Fatalf("read %q", b)
	}
	for _, bad := range []string{"../" + filepath.Base(filepath.Dir(outside)) + "/secret.txt", "link.txt", "MEDIA"} {
		if _, err := a.Open(bad); !errors.Is(err, archive.ErrNotFound) {
			t.Errorf("Open(%q): %v", bad, err)
		}
	}
	info := a.Capabilities().Info().(map[string]any)
	if info["files"] != 3 || info["bytes"] != int64(13+7+8) {
		t.Fatalf("info %v", info)
	}
}

// A family's folder view scoring more than 1 wins over the generic one.
type special struct{}

func (special) Name() string { return "special" }
func (special) DetectDir(dir string) int {
	if _, err := os.Stat(filepath.Join(dir, "SPECIAL")); err == nil {
		return 10
	}
	return 0
}
func (special) OpenDir(dir string, _ archive.OpenOptions) (archive.Archive, error) {
	return nil, errors.New("special folder")
}

func TestHigherScoreWins(t *testing.T) {
	archive.RegisterDir(special{})
	root := t.TempDir()
	write(t, root, "x.txt", "x")
	if d, err := archive.DetectDir(root); err != nil || d.Name() != "folder" {
		t.Fatalf("plain folder: %v %v", d, err)
	}
	write(t, root, "SPECIAL", "")
	if _, err := archive.Open(root, archive.OpenOptions{}); err == nil || err.Error() != "special folder" {
		t.Fatalf("special folder opened by %v", err)
	}
}
