package loadorder

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"
)

// A record is read back for its own patch only; anything else (none, not
// JSON, another format, another patch's, a name that is not a hash, too
// big) is "not known", never an error or a panic.
func TestPatchLossesReadBack(t *testing.T) {
	dir := t.TempDir()
	const h = "0123456789abcdef"
	rec := PatchLosses{Patch: h, Files: map[string][]PatchLoss{"MEDIA/X.DAT": {{ID: 2, Conflicts: 3, To: []int64{1}}}}}
	if err := WritePatchLosses(dir, rec); err != nil {
		t.Fatal(err)
	}
	got := readPatchLosses(dir, h)
	rec.Format = lossesFormat
	if got == nil || !reflect.DeepEqual(*got, rec) {
		t.Fatalf("read %+v, want %+v", got, rec)
	}
	if err := WritePatchLosses(dir, PatchLosses{Patch: "../x"}); err == nil {
		t.Error("a record named ../x was written")
	}
	bad := map[string]string{
		"1111111111111111": "not json",
		"2222222222222222": `{"format":99,"patch":"2222222222222222","files":{}}`,
		"3333333333333333": `{"format":1,"patch":"4444444444444444","files":{}}`,
	}
	for name, body := range bad {
		if err := os.WriteFile(filepath.Join(dir, name+".json"), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		if r := readPatchLosses(dir, name); r != nil {
			t.Errorf("%s: read %+v", body, r)
		}
	}
	big := make([]byte, maxLossesFile+2)
	if err := os.WriteFile(filepath.Join(dir, "5555555555555555.json"), big, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"5555555555555555", "ffffffffffffffff", "../" + h, ""} {
		if r := readPatchLosses(dir, name); r != nil {
			t.Errorf("%q: read %+v", name, r)
		}
	}
}

// The folder keeps the newest keepLosses records.
func TestPatchLossesPruned(t *testing.T) {
	dir := t.TempDir()
	old := time.Now().Add(-time.Hour)
	for i := 0; i < keepLosses+3; i++ {
		h := "00000000000000" + string("0123456789abcdefghijk"[i/16]) + string("0123456789abcdef"[i%16])
		if err := WritePatchLosses(dir, PatchLosses{Patch: h[:16]}); err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			os.Chtimes(filepath.Join(dir, h[:16]+".json"), old, old)
		}
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(ents) != keepLosses {
		t.Errorf("%d records kept, want %d", len(ents), keepLosses)
	}
	if _, err := os.Stat(filepath.Join(dir, "0000000000000000.json")); !os.IsNotExist(err) {
		t.Errorf("the oldest record was kept (%v)", err)
	}
}

// LostText words what a mod lost as the command line prints it.
func TestLostText(t *testing.T) {
	a, c := ModRef{ID: 1, Title: "Mod A", Place: 2}, ModRef{ID: 3, Title: "Mod C", Place: 4}
	for _, w := range []struct {
		l    LostRef
		want string
	}{
		{LostRef{Conflicts: 1, To: []ModRef{a}}, "1 change lost to 2. Mod A"},
		{LostRef{Conflicts: 2, To: []ModRef{a, c}}, "2 changes lost to 2. Mod A and 4. Mod C"},
		{LostRef{Conflicts: 3}, "3 changes lost"},
	} {
		if got := w.l.LostText(); got != w.want {
			t.Errorf("%+v: %q, want %q", w.l, got, w.want)
		}
	}
}
