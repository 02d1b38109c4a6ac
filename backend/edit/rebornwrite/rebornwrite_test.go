package rebornwrite

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"packsmith/backend/archive"
	_ "packsmith/backend/drivers/reborndrv"
	"packsmith/formats/reborn/filetable"
	"packsmith/formats/reborn/pakd"
	"packsmith/formats/reborn/txte"
	"packsmith/internal/hermetic"
)

// dataFolder makes a Data/ folder: event/scene.dat (the reborndrv sample:
// #0 a text table msg_0001 Denam, msg_0002 Vyce) and a FileTable.bin
// naming it with its size, between two other records.
func dataFolder(t *testing.T) (dat, table string, orig []byte) {
	t.Helper()
	orig, err := os.ReadFile("../../drivers/reborndrv/testdata/sample.dat")
	if err != nil {
		t.Fatal(err)
	}
	data := filepath.Join(t.TempDir(), "Data")
	dat = filepath.Join(data, "event", "scene.dat")
	os.MkdirAll(filepath.Dir(dat), 0o755)
	if err := os.WriteFile(dat, orig, 0o644); err != nil {
		t.Fatal(err)
	}
	tb, err := filetable.Encode(filetable.New("REBORN", []filetable.File{
		{Dir: 2, Path: "event/aaa.dat", Size: 111},
		{Dir: 3, Path: "event/scene.dat", Size: uint32(len(orig))},
		{Dir: 4, Path: "menu/zzz.dat", Size: 222},
	}))
	if err != nil {
		t.Fatal(err)
	}
	table = filepath.Join(data, "FileTable.bin")
	if err := os.WriteFile(table, tb, 0o644); err != nil {
		t.Fatal(err)
	}
	return dat, table, orig
}

// entries reads every entry of the .dat at p: path → bytes.
func entries(t *testing.T, p string) map[string][]byte {
	t.Helper()
	a, err := archive.Open(p, archive.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	out := map[string][]byte{}
	for _, e := range a.Entries() {
		rc, err := a.Open(e.Path)
		if err != nil {
			t.Fatalf("%s %s: %v", p, e.Path, err)
		}
		b, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatalf("%s %s: %v", p, e.Path, err)
		}
		out[e.Path] = b
	}
	return out
}

func rowsOf(t *testing.T, b []byte) []txte.Row {
	t.Helper()
	rows, err := txte.Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// tableRows decodes the FileTable.bin at p: record path → size.
func tableRows(t *testing.T, p string) map[string]uint32 {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := filetable.Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]uint32{}
	for _, r := range tb.Rows {
		out[r.Path] = r.Size
	}
	return out
}

// An in-place save: the text table reads back with the edit, every other
// entry is byte for byte what it was, the old .dat is in the backups,
// FileTable.bin's record gives the new size (its other records are
// untouched), and the scratch copy of the encoded table is gone.
func TestSaveInPlace(t *testing.T) {
	hermetic.OwnCache(t)
	dat, table, orig := dataFolder(t)
	before := entries(t, dat)
	rows := rowsOf(t, before["#0"])
	if len(rows) != 2 || rows[0].Key != "msg_0001" || rows[1].Text != "Vyce" {
		t.Fatalf("sample rows %+v", rows)
	}
	rows[1].Text = "Vyce \uF8FF\u0001and a much longer line than the sample had, so the pack grows"
	rows = append(rows, txte.Row{Key: "msg_0003", Text: "Catiua"})

	res, err := Save(context.Background(), dat, "", "#0", rows)
	if err != nil {
		t.Fatal(err)
	}
	if res.Output != dat {
		t.Errorf("output %q, want %q", res.Output, dat)
	}
	after := entries(t, dat)
	if got := rowsOf(t, after["#0"]); !slices.Equal(got, rows) {
		t.Fatalf("rows read back %+v, want %+v", got, rows)
	}
	// stored as the pack stores entries: padded to 16 bytes, at least one zero
	if want := pakd.Pad(txte.Encode(rows)); !bytes.Equal(after["#0"], want) {
		t.Errorf("#0 is %d bytes, not the encoded table padded (%d)", len(after["#0"]), len(want))
	}
	if len(after) != len(before) {
		t.Fatalf("%d entries after, %d before", len(after), len(before))
	}
	for p, b := range before {
		if p != "#0" && !bytes.Equal(after[p], b) {
			t.Errorf("%s changed (%d → %d bytes)", p, len(b), len(after[p]))
		}
	}
	st, err := os.Stat(dat)
	if err != nil || st.Size() == int64(len(orig)) {
		t.Fatalf("the .dat is %d bytes (was %d): %v", st.Size(), len(orig), err)
	}
	if got := tableRows(t, table); got["event/scene.dat"] != uint32(st.Size()) || got["event/aaa.dat"] != 111 || got["menu/zzz.dat"] != 222 {
		t.Errorf("FileTable.bin records %v, want event/scene.dat %d and the others untouched", got, st.Size())
	}
	if !slices.ContainsFunc(res.Notes, func(n string) bool {
		return strings.Contains(n, "FileTable.bin") && strings.Contains(n, "event/scene.dat")
	}) {
		t.Errorf("notes %q say nothing of the table record", res.Notes)
	}
	if res.Backup == "" {
		t.Fatal("no backup of the .dat")
	}
	if b, err := os.ReadFile(res.Backup); err != nil || !bytes.Equal(b, orig) {
		t.Errorf("the backup %s is not the old .dat (%d bytes, %v)", res.Backup, len(b), err)
	}
	noScratch(t)
}

// noScratch: Save removed its scratch copy of the encoded table.
func noScratch(t *testing.T) {
	t.Helper()
	if left, _ := filepath.Glob(filepath.Join(os.TempDir(), fmt.Sprintf("packsmith-txte-%d-*", os.Getpid()))); len(left) != 0 {
		t.Errorf("scratch copies left: %v", left)
	}
}

// A save to another file leaves the .dat and its FileTable.bin as they
// were, makes no backup (nothing was replaced), and the copy reads back
// with the edit; the notes say no table names the copy.
func TestSaveToAnotherFile(t *testing.T) {
	hermetic.OwnCache(t)
	dat, table, orig := dataFolder(t)
	tb, _ := os.ReadFile(table)
	rows := rowsOf(t, entries(t, dat)["#0"])
	rows[0].Text = "Denam Pavel"
	out := filepath.Join(t.TempDir(), "copy.dat")
	res, err := Save(context.Background(), dat, out, "#0", rows)
	if err != nil {
		t.Fatal(err)
	}
	if res.Output != out || res.Backup != "" {
		t.Errorf("output %q backup %q, want %q and none", res.Output, res.Backup, out)
	}
	if got := rowsOf(t, entries(t, out)["#0"]); !slices.Equal(got, rows) {
		t.Fatalf("the copy reads %+v, want %+v", got, rows)
	}
	if b, _ := os.ReadFile(dat); !bytes.Equal(b, orig) {
		t.Error("the .dat changed")
	}
	if b, _ := os.ReadFile(table); !bytes.Equal(b, tb) {
		t.Error("FileTable.bin changed")
	}
	if !slices.ContainsFunc(res.Notes, func(n string) bool { return strings.Contains(n, "no FileTable.bin names copy.dat") }) {
		t.Errorf("notes %q", res.Notes)
	}
	noScratch(t)
}

// A save that cannot be made (an entry the pack does not have, a
// cancelled job) leaves the .dat, its table and the scratch folder as
// they were, and says why.
func TestSaveRefused(t *testing.T) {
	hermetic.OwnCache(t)
	dat, table, orig := dataFolder(t)
	tb, _ := os.ReadFile(table)
	rows := []txte.Row{{Key: "msg_0001", Text: "x"}}
	if _, err := Save(context.Background(), dat, "", "#9", rows); err == nil || !strings.Contains(err.Error(), "#9") {
		t.Errorf("an entry that is not there: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Save(ctx, dat, "", "#0", rows); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled save: %v", err)
	}
	if b, _ := os.ReadFile(dat); !bytes.Equal(b, orig) {
		t.Error("the .dat changed")
	}
	if b, _ := os.ReadFile(table); !bytes.Equal(b, tb) {
		t.Error("FileTable.bin changed")
	}
	if left, _ := filepath.Glob(filepath.Join(filepath.Dir(dat), ".*")); len(left) != 0 {
		t.Errorf("left beside the .dat: %v", left)
	}
	noScratch(t)
}
