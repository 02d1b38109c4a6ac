package edits

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	bk "packsmith/backend/workspace/backups"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/backend/archive"
	_ "packsmith/backend/drivers/all"
	"packsmith/backend/workspace/session"
)

// demoCopy copies files of testdata/demo into a fresh folder and returns
// the path of the first.
func demoCopy(t *testing.T, names ...string) string {
	t.Helper()
	dir := t.TempDir()
	t.Setenv("TMPDIR", t.TempDir())
	t.Setenv("HOME", t.TempDir())
	for _, n := range names {
		b, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "demo", n))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, n), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(dir, names[0])
}

func file(t *testing.T, data string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "src.bin")
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func openSession(t *testing.T, p, password string) (*session.Manager, *session.Session) {
	t.Helper()
	m := session.NewManager(nil)
	info, err := m.Open(p, archive.OpenOptions{Password: password})
	if err != nil {
		t.Fatal(err)
	}
	s, _ := m.Get(info.ID)
	t.Cleanup(m.CloseAll)
	return m, s
}

func entry(t *testing.T, a archive.Archive, name string) []byte {
	t.Helper()
	e, ok := archive.Find(a, name)
	if !ok {
		t.Fatalf("%s: no entry %s", a.Path(), name)
	}
	rc, err := a.Open(e.Path)
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	b, err := io.ReadAll(rc)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// backups lists the copies of p in the backups folder (issue 34: never
// beside it; a file left beside p fails the test).
func backups(t *testing.T, p string) []string {
	t.Helper()
	if m, _ := filepath.Glob(p + ".*.bak"); len(m) != 0 {
		t.Fatalf("backups beside the archive: %v", m)
	}
	abs, _ := filepath.Abs(p)
	list, err := bk.Default().List()
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range list {
		if e.Of == abs {
			out = append(out, e.Path)
		}
	}
	return out
}

// Each family: replace one entry, save in place, and read the file back
// from disk in a fresh open.
func TestReplaceAndSaveEveryFamily(t *testing.T) {
	cases := []struct{ file, entry string }{
		{"demo.zip", "README.txt"},
		{"PACKSMITH_SAMPLE.MOD", "MEDIA/LAYOUTS/SAMPLE_LEVEL/SAMPLE_ROOM.MPP"}, // a .DAT would compile (intake_test)
		{"DATA.PAK", "MEDIA/LAYOUTS/SAMPLE_LEVEL/SAMPLE_ROOM.MPP"},             // text over a RAW compiles (intake_test)
		{"reborn_sample.dat", "#5"},
		{"rs.iop", "resource/readme.txt"},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			names := []string{c.file}
			if c.file == "DATA.PAK" {
				names = append(names, "DATA.PAK.MAN")
			}
			p := demoCopy(t, names...)
			_, s := openSession(t, p, "")
			pend := &Pending{}
			data := "new bytes for " + c.entry
			data += strings.Repeat(".", 64-len(data))
			ch, err := pend.Replace(s.Archive, c.entry, file(t, data))
			if err != nil {
				t.Fatal(err)
			}
			if ch.NewSize != int64(len(data)) || ch.OldSize <= 0 {
				t.Fatalf("change sizes %d → %d", ch.OldSize, ch.NewSize)
			}
			res, err := Save(context.Background(), s, pend, "", nil)
			if err != nil {
				t.Fatal(err)
			}
			if !res.OK || len(res.Checks) != 1 || !res.Checks[0].OK {
				t.Fatalf("read back: %+v", res)
			}
			// A Lost Saga pack is edited by appending (its old bytes stay):
			// no backup. Every other family is rewritten after one.
			wantBackups := 1
			if c.file == "rs.iop" {
				wantBackups = 0
			}
			if (res.Backup != "") != (wantBackups == 1) || len(backups(t, p)) != wantBackups {
				t.Fatalf("backup %q, on disk %v", res.Backup, backups(t, p))
			}
			if c.file == "DATA.PAK" && len(backups(t, p+".MAN")) != 1 {
				t.Fatalf("the .MAN was not backed up")
			}
			if pend.Len() != 0 {
				t.Fatalf("%d changes still pending", pend.Len())
			}
			// The session shows the saved file (a Reborn entry zero-padded
			// to align16(n+1)).
			if got := strings.TrimRight(string(entry(t, s.Archive, c.entry)), "\x00"); got != data {
				t.Fatalf("session reads %q", got)
			}
			a, err := archive.Open(p, archive.OpenOptions{})
			if err != nil {
				t.Fatal(err)
			}
			defer a.Close()
			if got := strings.TrimRight(string(entry(t, a, c.entry)), "\x00"); got != data {
				t.Fatalf("saved archive reads %q", got)
			}
		})
	}
}

func TestZipAddRemoveRenameUndo(t *testing.T) {
	p := demoCopy(t, "demo.zip")
	_, s := openSession(t, p, "")
	a := s.Archive
	before := len(a.Entries())
	readme := entry(t, a, "README.txt")
	pend := &Pending{}
	if _, err := pend.Add(a, `new\folder\hello.txt`, file(t, "hello")); err != nil {
		t.Fatal(err)
	}
	if _, err := pend.Add(a, "README.txt", file(t, "x")); err == nil || !strings.Contains(err.Error(), "already in the archive") {
		t.Fatalf("adding an existing name: %v", err)
	}
	if _, err := pend.Remove(a, "bin/random.bin"); err != nil {
		t.Fatal(err)
	}
	rn, err := pend.Rename(a, "README.txt", "docs/README.md")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pend.Replace(a, "docs/README.md", file(t, "y")); err == nil || !strings.Contains(err.Error(), "pending rename") {
		t.Fatalf("replace on a rename target: %v", err)
	}
	// An undone change is not saved.
	und, err := pend.Replace(a, "docs/utf8.txt", file(t, "undone"))
	if err != nil {
		t.Fatal(err)
	}
	if last, ok := pend.UndoLast(); !ok || last.ID != und.ID {
		t.Fatalf("UndoLast gave %+v", last)
	}
	if err := pend.Undo(999); err == nil {
		t.Fatal("undo of an unknown change worked")
	}
	res, err := Save(context.Background(), s, pend, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if !res.OK || len(res.Checks) != 3 {
		t.Fatalf("checks: %+v", res.Checks)
	}
	b := s.Archive
	if got := len(b.Entries()); got != before+1-1 {
		t.Fatalf("%d entries, want %d", got, before)
	}
	if string(entry(t, b, "new/folder/hello.txt")) != "hello" {
		t.Fatal("added entry")
	}
	if _, ok := archive.Find(b, "bin/random.bin"); ok {
		t.Fatal("removed entry still there")
	}
	if _, ok := archive.Find(b, "README.txt"); ok {
		t.Fatal("renamed entry under its old name")
	}
	if !bytes.Equal(entry(t, b, "docs/README.md"), readme) {
		t.Fatal("renamed entry lost its bytes")
	}
	if string(entry(t, b, "docs/utf8.txt")) == "undone" {
		t.Fatal("an undone change was saved")
	}
	_ = rn
}

func TestMergingChanges(t *testing.T) {
	p := demoCopy(t, "demo.zip")
	_, s := openSession(t, p, "")
	a := s.Archive
	pend := &Pending{}
	pend.Replace(a, "README.txt", file(t, "one"))
	c, err := pend.Replace(a, "readme.TXT", file(t, "three"))
	if err != nil {
		t.Fatal(err)
	}
	if pend.Len() != 1 || c.NewSize != 5 || c.Path != "README.txt" {
		t.Fatalf("two replaces of one entry: %+v (%d pending)", c, pend.Len())
	}
	if c, _ := pend.Remove(a, "README.txt"); c.Op != Remove || pend.Len() != 1 {
		t.Fatalf("replace then remove: %+v", pend.List())
	}
	if c, _ := pend.Add(a, "README.txt", file(t, "back")); c.Op != Replace || c.OldSize != 71 {
		t.Fatalf("remove then add: %+v", c)
	}
	pend.Add(a, "x/new.txt", file(t, "n"))
	if _, err := pend.Remove(a, "x/new.txt"); err != nil || pend.Len() != 1 {
		t.Fatalf("removing a pending add should drop it: %v %+v", err, pend.List())
	}
	if c, err := pend.Put(a, "docs/utf8.txt", file(t, "put")); err != nil || c.Op != Replace {
		t.Fatalf("Put on an existing entry: %+v %v", c, err)
	}
	if c, err := pend.Put(a, "docs/other.txt", file(t, "put")); err != nil || c.Op != Add {
		t.Fatalf("Put on a new name: %+v %v", c, err)
	}
	for _, bad := range []string{"", "../x", "a//b", "C:/x", "a/./b"} {
		if _, err := pend.Add(a, bad, file(t, "n")); err == nil {
			t.Errorf("Add(%q) worked", bad)
		}
	}
	if _, err := pend.Replace(a, "nope.txt", file(t, "n")); !errors.Is(err, archive.ErrNotFound) {
		t.Fatalf("replace of a missing entry: %v", err)
	}
}

func TestRebornNumberedEntries(t *testing.T) {
	p := demoCopy(t, "reborn_sample.dat")
	_, s := openSession(t, p, "")
	c := CapsOf(s.Archive)
	if !c.Replace || !c.Add || !c.Remove || c.Rename || !strings.Contains(c.Why, "numbered") {
		t.Fatalf("caps %+v", c)
	}
	pend := &Pending{}
	if _, err := pend.Rename(s.Archive, "#5", "#7"); err == nil || !strings.Contains(err.Error(), "numbered") {
		t.Fatalf("rename: %v", err)
	}
	// A replacement that is not a multiple of 16 bytes is padded; reading
	// back accepts the padding and says so. A new entry is the next #N.
	if _, err := pend.Replace(s.Archive, "#5", file(t, "short")); err != nil {
		t.Fatal(err)
	}
	if _, err := pend.Add(s.Archive, "#6", file(t, "a new sixth entry")); err != nil {
		t.Fatal(err)
	}
	res, err := Save(context.Background(), s, pend, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if !res.OK || !strings.Contains(res.Checks[0].Message, "zero-padded to 16") || !res.Checks[1].OK {
		t.Fatalf("%+v", res.Checks)
	}
	if len(res.Notes) == 0 {
		t.Fatal("the family's notes (what was added) are not passed on")
	}
	// A number out of sequence is refused when saving, naming the next one,
	// and the change stays pending.
	if _, err := pend.Add(s.Archive, "#9", file(t, "x")); err != nil {
		t.Fatal(err)
	}
	if _, err := Save(context.Background(), s, pend, "", nil); err == nil || !strings.Contains(err.Error(), "#7") {
		t.Fatalf("add #9: %v", err)
	}
	if pend.Len() != 1 || len(s.Archive.Entries()) != 8 {
		t.Fatalf("after a refused save: %d pending, %d entries", pend.Len(), len(s.Archive.Entries()))
	}
}

func TestSaveAsLeavesTheOriginal(t *testing.T) {
	p := demoCopy(t, "rs.iop")
	orig, _ := os.ReadFile(p)
	_, s := openSession(t, p, "")
	pend := &Pending{}
	if _, err := pend.Replace(s.Archive, "info/version.txt", file(t, "9.9.9")); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(filepath.Dir(p), "copy.iop")
	res, err := Save(context.Background(), s, pend, out, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Output != out || res.Backup != "" || !res.OK {
		t.Fatalf("%+v", res)
	}
	if now, _ := os.ReadFile(p); !bytes.Equal(now, orig) {
		t.Fatal("Save as changed the original")
	}
	if s.Archive.Path() != out || string(entry(t, s.Archive, "info/version.txt")) != "9.9.9" {
		t.Fatalf("the session shows %s", s.Archive.Path())
	}
}

func TestCancelledSaveChangesNothing(t *testing.T) {
	p := demoCopy(t, "PACKSMITH_SAMPLE.MOD")
	orig, _ := os.ReadFile(p)
	_, s := openSession(t, p, "")
	pend := &Pending{}
	// Not a RAW: text written over one compiles, and "x" is no table.
	if _, err := pend.Replace(s.Archive, "MEDIA/LAYOUTS/SAMPLE_LEVEL/SAMPLE_ROOM.MPP", file(t, "x")); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Save(ctx, s, pend, "", nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled save: %v", err)
	}
	if now, _ := os.ReadFile(p); !bytes.Equal(now, orig) {
		t.Fatal("a cancelled save changed the file")
	}
	if pend.Len() != 1 {
		t.Fatal("a cancelled save dropped the pending change")
	}
	if len(backups(t, p)) != 0 {
		t.Fatal("a cancelled save left a backup")
	}
	// The session still reads.
	if len(entry(t, s.Archive, "MEDIA/UI.RAW")) != 109 {
		t.Fatal("session broken after a cancelled save")
	}
	leftovers, _ := filepath.Glob(filepath.Join(filepath.Dir(p), "*"))
	if len(leftovers) != 1 {
		t.Fatalf("files left beside the archive: %v", leftovers)
	}
}

func TestSourceGoneFailsCleanly(t *testing.T) {
	p := demoCopy(t, "demo.zip")
	_, s := openSession(t, p, "")
	pend := &Pending{}
	src := file(t, "soon gone")
	if _, err := pend.Replace(s.Archive, "README.txt", src); err != nil {
		t.Fatal(err)
	}
	os.Remove(src)
	if _, err := Save(context.Background(), s, pend, "", nil); err == nil || !strings.Contains(err.Error(), "README.txt") {
		t.Fatalf("save with its source gone: %v", err)
	}
	if pend.Len() != 1 || len(entry(t, s.Archive, "README.txt")) != 71 {
		t.Fatal("state changed")
	}
	if _, err := Save(context.Background(), s, &Pending{}, "", nil); !errors.Is(err, ErrNothing) {
		t.Fatalf("empty save: %v", err)
	}
}

// A Lost Saga pack renames natively (EditRename in its Capabilities), in place by appending.
func TestIopRenameInPlace(t *testing.T) {
	p := demoCopy(t, "rs.iop")
	_, s := openSession(t, p, "")
	before := entry(t, s.Archive, "info/version.txt")
	pend := &Pending{}
	if _, err := pend.Rename(s.Archive, "info/version.txt", "info/VERSION-old.txt"); err != nil {
		t.Fatal(err)
	}
	res, err := Save(context.Background(), s, pend, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if !res.OK || res.Backup != "" {
		t.Fatalf("%+v", res)
	}
	if _, ok := archive.Find(s.Archive, "info/version.txt"); ok {
		t.Fatal("old name still there")
	}
	if !bytes.Equal(entry(t, s.Archive, "info/VERSION-old.txt"), before) {
		t.Fatal("renamed entry lost its bytes")
	}
}

// A Lost Saga pack saves in place by appending, with no backup: the caps
// say so, for the window to say it before saving (issue 46); a zip, saved
// by a rewrite after a backup, does not.
func TestCapsSayWhenASaveAppends(t *testing.T) {
	for name, want := range map[string]bool{"rs.iop": true, "demo.zip": false} {
		_, s := openSession(t, demoCopy(t, name), "")
		if c := CapsOf(s.Archive); c.Appends != want {
			t.Errorf("%s: appends %v, want %v (%+v)", name, c.Appends, want, c)
		}
	}
}
