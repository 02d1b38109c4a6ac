package modpack

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"testing"
)

// shaReaderAt hashes reads that follow one another from 0, and says ""
// for reads that skip, go back or stop short, so verify hashes the file
// again rather than report a wrong SHA-256.
func TestShaReaderAt(t *testing.T) {
	data := bytes.Repeat([]byte("packsmith"), 1000)
	want := fmt.Sprintf("%x", sha256.Sum256(data))
	read := func(offs ...int64) string {
		s := &shaReaderAt{r: bytes.NewReader(data), h: sha256.New()}
		for i, off := range offs {
			end := int64(len(data))
			if i+1 < len(offs) {
				end = offs[i+1]
			}
			if off > end { // a read going back: as long as the one before
				end = off + 100
			}
			s.ReadAt(make([]byte, end-off), off)
		}
		return s.sum(int64(len(data)))
	}
	if got := read(0, 100, 4000, 8999); got != want {
		t.Errorf("reads in order: %q, want %q", got, want)
	}
	if got := read(0, 200, 100); got != "" {
		t.Errorf("a read going back: %q", got)
	}
	s := &shaReaderAt{r: bytes.NewReader(data), h: sha256.New()}
	s.ReadAt(make([]byte, 100), 0)
	s.ReadAt(make([]byte, 100), 200) // skips 100..200
	s.ReadAt(make([]byte, len(data)-300), 300)
	if got := s.sum(int64(len(data))); got != "" {
		t.Errorf("a read skipping bytes: %q", got)
	}
	s = &shaReaderAt{r: bytes.NewReader(data), h: sha256.New()}
	s.ReadAt(make([]byte, 100), 0)
	if got := s.sum(int64(len(data))); got != "" {
		t.Errorf("reads stopping short: %q", got)
	}
}
