package filehash

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The digest of known bytes (the SHA-256 test vector of "abc"), and a
// missing file's error naming it.
func TestSHA256(t *testing.T) {
	p := filepath.Join(t.TempDir(), "A.MOD")
	if err := os.WriteFile(p, []byte("abc"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := SHA256(p)
	if err != nil || got != "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" {
		t.Fatalf("SHA256(abc) = %q, %v", got, err)
	}
	if _, err := SHA256(p + ".missing"); err == nil || !strings.Contains(err.Error(), "A.MOD.missing") {
		t.Fatalf("missing file: %v", err)
	}
}
