package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/formats/reborn/filetable"
)

// A Data/ folder with a FileTable.bin naming one .dat: list it, export a
// text table, import an edit, and find the table's record brought up to
// the new size.
func TestRebornDataFolder(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("TMPDIR", dir)
	data := filepath.Join(dir, "Data")
	dat, err := os.ReadFile("../../backend/drivers/reborndrv/testdata/sample.dat")
	if err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Join(data, "event"), 0o755)
	p := filepath.Join(data, "event", "scene.dat")
	os.WriteFile(p, dat, 0o644)
	tb, _ := filetable.Encode(filetable.New("REBORN", []filetable.File{{Dir: 3, Path: "event/scene.dat", Size: uint32(len(dat))}}))
	tp := filepath.Join(data, "FileTable.bin")
	os.WriteFile(tp, tb, 0o644)

	for _, target := range []string{data, tp} {
		out, errs, code := run(t, "ls", target)
		if code != 0 || !strings.Contains(out, "event/scene.dat") {
			t.Fatalf("ls %s: %d %s %s", target, code, out, errs)
		}
	}
	out, errs, code := run(t, "reborn", "texts", p, "#0")
	if code != 0 || !strings.Contains(out, "index,key,text,third,fourth\n0,msg_0001,Denam,,\n1,msg_0002,Vyce,,\n") {
		t.Fatalf("texts: %d %q %s", code, out, errs)
	}
	csv := filepath.Join(dir, "rows.csv")
	os.WriteFile(csv, []byte("key,text\nmsg_0002,\"Vyce {U+F8FF}, a longer line of text\"\n"), 0o644)
	out, errs, code = run(t, "reborn", "import", p, "#0", csv)
	if code != 0 || !strings.Contains(out, "1 row(s) changed") || !strings.Contains(out, "FileTable.bin: event/scene.dat") {
		t.Fatalf("import: %d %s %s", code, out, errs)
	}
	out, _, _ = run(t, "reborn", "texts", p, "#0", "--format", "json")
	if !strings.Contains(out, `"text": "Vyce {U+F8FF}, a longer line of text"`) {
		t.Errorf("json after import: %s", out)
	}
	st, _ := os.Stat(p)
	b, _ := os.ReadFile(tp)
	got, err := filetable.Decode(b)
	if err != nil || int64(got.Rows[0].Size) != st.Size() || st.Size() == int64(len(dat)) {
		t.Fatalf("table says %d, file is %d (was %d): %v", got.Rows[0].Size, st.Size(), len(dat), err)
	}
	if out, errs, code := run(t, "verify", data); code != 0 {
		t.Errorf("verify Data/: %d %s %s", code, out, errs)
	}
	if out, _, _ := run(t, "reborn", "rows", p, "#1"); !strings.HasPrefix(out, "3 rows of 12 bytes\n0:") {
		t.Errorf("rows: %q", out)
	}
	if _, errs, code := run(t, "rm", p, "#1"); code == 0 || !strings.Contains(errs, "finds this pack's entries by index") {
		t.Errorf("rm: %d %s", code, errs)
	}
	out, errs, code = run(t, "rm", p, "#5")
	if code != 0 || !strings.Contains(out, "removed #5 (the last entry: nothing moved)") || !strings.Contains(out, "FileTable.bin") {
		t.Errorf("rm last: %d %s %s", code, out, errs)
	}
}
