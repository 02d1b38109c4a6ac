package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const oddUnit = "[UNIT]\r\n\t<STRING>NAME:A\r\n\t<INTEGER>LEVEL:1e9\r\n\t<INTEGER>B:99999999999999999999\r\n" +
	"\t<INTEGER64>C:9223372036854775808\r\n\t<FLOAT>E:1e400\r\n\t<FLOAT>F:NaN\r\n\t<INTEGER>G:12abc\r\n[/UNIT]\r\n"

// Issue 30: compile says what every odd number became, as pack does (it
// said nothing); --strict refuses and writes nothing. add does the same
// through the write's conversion.
func TestCompileAndAddSayWhatNumbersBecame(t *testing.T) {
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	dir := t.TempDir()
	src := filepath.Join(dir, "A.DAT")
	os.WriteFile(src, []byte(oddUnit), 0o644)
	out := filepath.Join(dir, "A.BIN")
	_, errs, code := run(t, "compile", src, "-o", out)
	if code != 0 {
		t.Fatalf("compile: %d %s", code, errs)
	}
	for _, want := range []string{
		`A.DAT:3: LEVEL: <INTEGER> value "1e9" is not a number as a whole; packed as 1,`,
		`A.DAT:4: B: <INTEGER> value "99999999999999999999" is out of range for the type; packed as 2147483647,`,
		`A.DAT:5: C: <INTEGER64> value "9223372036854775808" is out of range for the type; packed as 9223372036854775807,`,
		`A.DAT:6: E: <FLOAT> value "1e400" is infinite; packed as +Inf`,
		`A.DAT:7: F: <FLOAT> value "NaN" is not a number; packed as NaN`,
		`A.DAT:8: G: <INTEGER> value "12abc" is not a number as a whole; packed as 12,`,
	} {
		if !strings.Contains(errs, want) {
			t.Errorf("compile did not say %q:\n%s", want, errs)
		}
	}
	strictOut := filepath.Join(dir, "S.BIN")
	if _, errs, code := run(t, "compile", src, "-o", strictOut, "--strict"); code == 0 || !strings.Contains(errs, "numbers are strict") {
		t.Fatalf("compile --strict: %d %s", code, errs)
	}
	if _, err := os.Stat(strictOut); err == nil {
		t.Fatal("compile --strict wrote its output")
	}

	mod := filepath.Join(dir, "S.MOD")
	b, err := os.ReadFile("../../testdata/demo/PACKSMITH_SAMPLE.MOD")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(mod, b, 0o644)
	if _, errs, code := run(t, "add", mod, "MEDIA/UNITS/X.DAT", src, "--strict"); code == 0 || !strings.Contains(errs, "numbers are strict") {
		t.Fatalf("add --strict: %d %s", code, errs)
	}
	if got, _ := os.ReadFile(mod); string(got) != string(b) {
		t.Fatal("add --strict changed the archive")
	}
	stdout, errs, code := run(t, "add", mod, "MEDIA/UNITS/X.DAT", src)
	if code != 0 || strings.Count(stdout, "    warning: A.DAT:") != 6 || !strings.Contains(stdout, `"1e400" is infinite`) {
		t.Fatalf("add: %d\n%s\n%s", code, stdout, errs)
	}
}

// Issue 30: pack --strict let INTEGER64 18446744073709551615 through as
// -1 and FLOAT 1e400 as +Inf; now pack says both and --strict refuses.
func TestPackSaysWrappedAndInfiniteNumbers(t *testing.T) {
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "MOD.DAT"), []byte("[MOD]\n<STRING>NAME:N\n<INTEGER64>MOD_ID:5\n[/MOD]\n"), 0o644)
	os.MkdirAll(filepath.Join(dir, "MEDIA", "UNITS"), 0o755)
	os.WriteFile(filepath.Join(dir, "MEDIA", "UNITS", "U.DAT"), []byte("[UNIT]\n<INTEGER64>UNIQUE_GUID:18446744073709551615\n<FLOAT>SPEED:1e400\n[/UNIT]\n"), 0o644)
	out := filepath.Join(t.TempDir(), "N.MOD")
	stdout, stderr, code := run(t, "pack", dir, "-o", out)
	if code != 0 || !strings.Contains(stdout, `U.DAT:2: UNIQUE_GUID: <INTEGER64> value "18446744073709551615" is out of range for the type; packed as 9223372036854775807`) ||
		!strings.Contains(stdout, `U.DAT:3: SPEED: <FLOAT> value "1e400" is infinite; packed as +Inf`) {
		t.Fatalf("code %d\n%s\n%s", code, stdout, stderr)
	}
	if _, stderr, code = run(t, "pack", dir, "-o", out, "--strict"); code != 1 || !strings.Contains(stderr, "U.DAT:2: UNIQUE_GUID") {
		t.Fatalf("--strict: code %d\n%s", code, stderr)
	}
}

// A RAW index's table says what its numbers became too, and --strict
// refuses them, in compile and in a replace of the index in a .MOD.
func TestRAWTableNumbersAreSaidAndStrictRefuses(t *testing.T) {
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	dir := t.TempDir()
	sample := "../../testdata/demo/PACKSMITH_SAMPLE.MOD"
	if _, errs, code := run(t, "extract", sample, "--decompile", "-o", dir, "MEDIA/UNITDATA.RAW"); code != 0 {
		t.Fatalf("extract --decompile: %d %s", code, errs)
	}
	table := filepath.Join(dir, "MEDIA", "UNITDATA.RAW.txt")
	b, err := os.ReadFile(table)
	if err != nil {
		t.Fatal(err)
	}
	odd := strings.Replace(string(b), "  10     1 ", "  12abc  1 ", 1)
	if odd == string(b) {
		t.Fatalf("the sample's UNITDATA table has no LEVEL 10 to change:\n%s", b)
	}
	os.WriteFile(table, []byte(odd), 0o644)
	want := `UNITDATA.RAW.txt:4: LEVEL: "12abc" is not a number as a whole; read as 12`
	out := filepath.Join(dir, "U.RAW")
	if _, errs, code := run(t, "compile", table, "-o", out); code != 0 || !strings.Contains(errs, "warning: "+want) {
		t.Fatalf("compile: %d %s", code, errs)
	}
	strictOut := filepath.Join(dir, "S.RAW")
	if _, errs, code := run(t, "compile", table, "-o", strictOut, "--strict"); code == 0 || !strings.Contains(errs, "error: "+want) || !strings.Contains(errs, "numbers are strict") {
		t.Fatalf("compile --strict: %d %s", code, errs)
	}
	if _, err := os.Stat(strictOut); err == nil {
		t.Fatal("compile --strict wrote its output")
	}
	mod := filepath.Join(dir, "S.MOD")
	mb, err := os.ReadFile(sample)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(mod, mb, 0o644)
	if _, errs, code := run(t, "replace", mod, "MEDIA/UNITDATA.RAW", table, "--strict"); code == 0 || !strings.Contains(errs, "numbers are strict") {
		t.Fatalf("replace --strict: %d %s", code, errs)
	}
	if got, _ := os.ReadFile(mod); string(got) != string(mb) {
		t.Fatal("replace --strict changed the archive")
	}
	if outs, errs, code := run(t, "replace", mod, "MEDIA/UNITDATA.RAW", table); code != 0 || !strings.Contains(outs, "warning: "+want) {
		t.Fatalf("replace: %d %s %s", code, outs, errs)
	}
}
