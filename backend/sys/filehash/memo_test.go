package filehash

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// A memo gives a remembered hash without reading the file while its size
// and time are those it had when hashed more than a second after its last
// change (shown here by bytes changed under a kept size and time: the old
// hash comes back, from the memo file, in a new Memo); a new time, or a
// file hashed within a second of its change, is hashed again.
func TestMemo(t *testing.T) {
	dir := t.TempDir()
	p, file := filepath.Join(dir, "A.MOD"), filepath.Join(dir, "memo", "hashes.json")
	abc := "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
	os.WriteFile(p, []byte("abc"), 0o644)
	old := time.Now().Add(-time.Hour)
	os.Chtimes(p, old, old)
	m := OpenMemo(file)
	if h, err := m.SHA256(p); err != nil || h != abc {
		t.Fatalf("first: %q %v", h, err)
	}
	m.Save()
	os.WriteFile(p, []byte("xyz"), 0o644) // same size
	os.Chtimes(p, old, old)
	if h, _ := OpenMemo(file).SHA256(p); h != abc {
		t.Errorf("size and time kept: %q, want the remembered %q", h, abc)
	}
	now := time.Now()
	os.Chtimes(p, now, now)
	xyz, _ := SHA256(p)
	m = OpenMemo(file)
	if h, _ := m.SHA256(p); h != xyz || xyz == abc {
		t.Errorf("new time: %q, want %q", h, xyz)
	}
	m.Save()
	os.WriteFile(p, []byte("def"), 0o644) // within the second it was hashed
	os.Chtimes(p, now, now)
	def, _ := SHA256(p)
	if h, _ := OpenMemo(file).SHA256(p); h != def {
		t.Errorf("racy: %q, want %q (hashed again)", h, def)
	}
	os.WriteFile(file, []byte("{torn"), 0o644)
	if h, err := OpenMemo(file).SHA256(p); err != nil || h != def {
		t.Errorf("damaged memo: %q %v", h, err)
	}
}
