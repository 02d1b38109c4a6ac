package modpack

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// The default verify (against the writer's records, one read) and the
// full one (every entry inflated) pass the same .MOD and report the same
// hashes; the bytes do not depend on which ran.
func TestVerifyModes(t *testing.T) {
	dir := genMod(t, 120, 1<<20)
	var sums []Hashes
	var files [][]byte
	for _, full := range []bool{false, true} {
		out := filepath.Join(t.TempDir(), "o.MOD")
		res, err := Pack(context.Background(), dir, Options{Output: out, FullVerify: full, SHA256: true})
		if err != nil {
			t.Fatalf("full %v: %v %v", full, err, res.Findings)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		sums, files = append(sums, res.Hashes), append(files, b)
	}
	if sums[0] != sums[1] || string(files[0]) != string(files[1]) {
		t.Errorf("hashes differ: %+v vs %+v (files equal: %v)", sums[0], sums[1], string(files[0]) == string(files[1]))
	}
	if sums[0].SHA256 == "" || len(sums[0].SHA256) != 64 {
		t.Errorf("sha256 %q", sums[0].SHA256)
	}
}
