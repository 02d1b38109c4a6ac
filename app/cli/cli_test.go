package cli

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func run(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := Run(args, &out, &errb)
	return out.String(), errb.String(), code
}

const demo = "../../testdata/demo/demo.zip"

func TestLsJSON(t *testing.T) {
	out, errs, code := run(t, "ls", demo, "--json")
	if code != 0 {
		t.Fatalf("code %d: %s", code, errs)
	}
	var got struct {
		Archive string
		Family  string
		Entries []struct {
			Path   string
			Size   int64
			Packed int64
			Kind   string
		}
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if got.Family != "zip" || len(got.Entries) != 48 {
		t.Fatalf("family %q, %d entries", got.Family, len(got.Entries))
	}
	if e := got.Entries[0]; e.Path != "README.txt" || e.Size != 71 || e.Kind != "text" {
		t.Fatalf("first entry %+v", e)
	}
}

func TestCatCaseInsensitive(t *testing.T) {
	out, _, code := run(t, "cat", demo, `DOCS\UTF8.TXT`)
	if code != 0 || out != "UTF-8 text: héllo wörld — ✓\n" {
		t.Fatalf("code %d out %q", code, out)
	}
	_, errs, code := run(t, "cat", demo, "missing.txt")
	if code != 1 || errs != "packsmith cat: ../../testdata/demo/demo.zip: missing.txt: no such entry\n" {
		t.Fatalf("code %d err %q", code, errs)
	}
}

func TestUsageErrors(t *testing.T) {
	_, errs, code := run(t, "extract", demo)
	if code != 2 || !strings.HasPrefix(errs, "packsmith extract: -o DIR is required (usage: packsmith help extract)\n") {
		t.Fatalf("code %d err %q", code, errs)
	}
	_, errs, code = run(t, "ls", demo, "--bogus")
	if code != 2 || !strings.Contains(errs, "flag provided but not defined: -bogus") {
		t.Fatalf("code %d err %q", code, errs)
	}
	out, _, code := run(t, "verify", "--help")
	if code != 0 || !strings.HasPrefix(out, "usage: packsmith verify ARCHIVE") {
		t.Fatalf("help: %d %q", code, out)
	}
}

func TestExtractRefusesEscape(t *testing.T) {
	dir := t.TempDir()
	evil := filepath.Join(dir, "evil.zip")
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	w, _ := zw.Create("fine.txt")
	w.Write([]byte("ok"))
	w, _ = zw.Create("../../outside.txt")
	w.Write([]byte("bad"))
	zw.Close()
	os.WriteFile(evil, b.Bytes(), 0o644)
	target := filepath.Join(dir, "out")
	_, errs, code := run(t, "extract", evil, "-o", target)
	want := `packsmith extract: ` + evil + `: unsafe entry name "../../outside.txt": parent folder (..)` + "\n"
	if code != 1 || errs != want {
		t.Fatalf("code %d\n got %q\nwant %q", code, errs, want)
	}
	if _, err := os.Stat(filepath.Join(dir, "outside.txt")); !os.IsNotExist(err) {
		t.Fatal("outside.txt written")
	}
}

func TestVerifyFindsDamage(t *testing.T) {
	data, err := os.ReadFile(demo)
	if err != nil {
		t.Fatal(err)
	}
	// Flip a byte inside README.txt's compressed data.
	zr, _ := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	off, _ := zr.File[0].DataOffset()
	data[off+3] ^= 0x55
	bad := filepath.Join(t.TempDir(), "bad.zip")
	os.WriteFile(bad, data, 0o644)
	out, _, code := run(t, "verify", bad)
	if code != 1 || !strings.Contains(out, "README.txt") || !strings.Contains(out, "1 problem(s)") {
		t.Fatalf("code %d out %q", code, out)
	}
	out, _, code = run(t, "verify", demo, "--json")
	if code != 0 || !strings.Contains(out, `"ok": true`) {
		t.Fatalf("clean verify: %d %s", code, out)
	}
}

func TestWriteBack(t *testing.T) {
	dir := t.TempDir()
	arc := filepath.Join(dir, "demo.zip")
	data, _ := os.ReadFile(demo)
	os.WriteFile(arc, data, 0o644)
	src := filepath.Join(dir, "new.txt")
	os.WriteFile(src, []byte("replaced!"), 0o644)

	// repack unchanged: every entry keeps its bytes
	rep := filepath.Join(dir, "repacked.zip")
	if _, errs, code := run(t, "repack", arc, "-o", rep); code != 0 {
		t.Fatal(errs)
	}
	a, _ := zip.OpenReader(arc)
	b, _ := zip.OpenReader(rep)
	if len(a.File) != len(b.File) {
		t.Fatalf("repack: %d vs %d entries", len(a.File), len(b.File))
	}
	for i := range a.File {
		if a.File[i].Name != b.File[i].Name || a.File[i].CRC32 != b.File[i].CRC32 || a.File[i].CompressedSize64 != b.File[i].CompressedSize64 {
			t.Fatalf("repack changed %s", a.File[i].Name)
		}
	}
	a.Close()
	b.Close()

	// in place: backup kept
	out, errs, code := run(t, "replace", arc, "README.txt", src)
	if code != 0 || !strings.Contains(out, "(backup: ") {
		t.Fatalf("replace: %d %q %q", code, out, errs)
	}
	if got, _, _ := run(t, "cat", arc, "README.txt"); got != "replaced!" {
		t.Fatalf("after replace: %q", got)
	}
	// Issue 34 changed the contract: the backup is in the backups folder,
	// named by its ID, and nothing is left beside the archive.
	if beside, _ := filepath.Glob(arc + ".*"); len(beside) != 0 {
		t.Fatalf("files beside the archive: %v", beside)
	}
	baks := keptCopies(t, arc)
	if len(baks) != 1 || !strings.Contains(out, "(backup: "+baks[0].ID+")") {
		t.Fatalf("backups %+v", baks)
	}
	if bak, _ := os.ReadFile(baks[0].Path); !bytes.Equal(bak, data) {
		t.Fatal("backup differs from the original")
	}
	if _, errs, code := run(t, "add", arc, "extra/new.txt", src, "-o", filepath.Join(dir, "added.zip")); code != 0 {
		t.Fatal(errs)
	}
	if got, _, _ := run(t, "cat", filepath.Join(dir, "added.zip"), "extra/new.txt"); got != "replaced!" {
		t.Fatalf("after add: %q", got)
	}
	_, errs, code = run(t, "add", arc, "README.txt", src)
	if code != 1 || !strings.Contains(errs, "README.txt: already in the archive (use replace)") {
		t.Fatalf("add existing: %d %q", code, errs)
	}
	if _, errs, code := run(t, "rm", arc, "bin/random.bin"); code != 0 {
		t.Fatal(errs)
	}
	out, _, _ = run(t, "ls", arc, "--json")
	if strings.Contains(out, "bin/random.bin") || strings.Count(out, `"path"`) != 47 {
		t.Fatalf("after rm: %d entries", strings.Count(out, `"path"`))
	}
	if _, _, code := run(t, "verify", arc); code != 0 {
		t.Fatal("edited archive does not verify")
	}
}

func TestNegativeNumbersAreArguments(t *testing.T) {
	fs, _, _ := commonFlags("x")
	to := fs.String("to", "", "")
	pos, err := parse(fs, []string{"move", "-4629", "--to", "-3", "--json", "-12"})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(pos, ",") != "move,-4629,-12" || *to != "-3" {
		t.Fatalf("pos %q to %q", pos, *to)
	}
}

func TestNegativeAfterDoubleDash(t *testing.T) {
	fs, _, _ := commonFlags("x")
	pos, err := parse(fs, []string{"a", "--", "-5", "--json"})
	if err != nil || strings.Join(pos, ",") != "a,-5,--json" {
		t.Fatalf("pos %q err %v", pos, err)
	}
}
