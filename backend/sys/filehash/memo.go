package filehash

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"sync"
	"time"

	"packsmith/backend/sys/safefile"
)

// Memo remembers files' SHA-256 between runs, in one small JSON file, so
// that a large file that did not change is not read again to be hashed: a
// combine of three 53 MB mods hashed 160 MB of input for every 105 MB it
// wrote, a rebuild hashing again what had not changed.
//
// A remembered hash is used while the file's size and modification time
// are those it had when hashed, and it was hashed more than a second after
// it was last modified (git's "racy" rule: a change within the same clock
// tick as the hashing would keep the time). Anything else hashes the file.
// A memo that does not read is an empty one; one that cannot be written
// only costs the next run its hashing.
type Memo struct {
	file  string
	mu    sync.Mutex
	m     map[string]memoEntry
	dirty bool
}

type memoEntry struct {
	Size   int64  `json:"size"`
	MTime  int64  `json:"mtime"`  // UnixNano when hashed
	Hashed int64  `json:"hashed"` // UnixNano when the hashing began
	SHA256 string `json:"sha256"`
}

// maxMemo bounds what a memo file may make us read (about 20,000 files).
const maxMemo = 4 << 20

// OpenMemo reads the memo kept in file (none yet: an empty one).
func OpenMemo(file string) *Memo {
	m := &Memo{file: file, m: map[string]memoEntry{}}
	if f, err := os.Open(file); err == nil {
		b, err := io.ReadAll(io.LimitReader(f, maxMemo+1))
		f.Close()
		if err == nil && len(b) <= maxMemo && json.Unmarshal(b, &m.m) != nil {
			m.m = map[string]memoEntry{}
		}
	}
	return m
}

// SHA256 is SHA256(p), remembered (see Memo).
func (m *Memo) SHA256(p string) (string, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", err
	}
	st, err := os.Stat(abs)
	if err != nil {
		return "", err
	}
	mt := st.ModTime().UnixNano()
	m.mu.Lock()
	e, ok := m.m[abs]
	m.mu.Unlock()
	if ok && e.Size == st.Size() && e.MTime == mt && e.Hashed-mt >= int64(time.Second) {
		return e.SHA256, nil
	}
	began := time.Now().UnixNano()
	h, err := SHA256(abs)
	if err != nil {
		return "", err
	}
	if st2, err := os.Stat(abs); err == nil && st2.Size() == st.Size() && st2.ModTime().UnixNano() == mt {
		m.mu.Lock()
		m.m[abs] = memoEntry{Size: st.Size(), MTime: mt, Hashed: began, SHA256: h}
		m.dirty = true
		m.mu.Unlock()
	}
	return h, nil
}

// Save writes the memo back when a hash was added, its files that no
// longer exist left out.
func (m *Memo) Save() {
	m.mu.Lock()
	defer m.mu.Unlock()
	if !m.dirty {
		return
	}
	for p := range m.m {
		if _, err := os.Stat(p); err != nil {
			delete(m.m, p)
		}
	}
	b, err := json.Marshal(m.m)
	if err != nil || len(b) > maxMemo {
		return
	}
	if os.MkdirAll(filepath.Dir(m.file), 0o755) != nil {
		return
	}
	f, err := safefile.Create(m.file)
	if err != nil {
		return
	}
	if _, err := f.Write(b); err != nil {
		f.Abort()
		return
	}
	if f.CommitUnsynced() == nil {
		m.dirty = false
	}
}
