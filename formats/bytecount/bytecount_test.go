package bytecount

import (
	"bytes"
	"errors"
	"testing"
)

func TestCounts(t *testing.T) {
	var buf bytes.Buffer
	var seen []int64
	w := New(&buf)
	w.OnWrite = func(n int64) { seen = append(seen, n) }
	for _, s := range []string{"abc", "", "defgh"} {
		if _, err := w.Write([]byte(s)); err != nil {
			t.Fatal(err)
		}
	}
	if w.N != 8 || buf.String() != "abcdefgh" {
		t.Fatalf("N %d, wrote %q", w.N, buf.String())
	}
	if len(seen) != 3 || seen[0] != 3 || seen[1] != 0 || seen[2] != 5 {
		t.Fatalf("OnWrite saw %v", seen)
	}
}

// short accepts at most k bytes in all, then fails.
type short struct{ k int }

func (s *short) Write(p []byte) (int, error) {
	n := min(len(p), s.k)
	s.k -= n
	if n < len(p) {
		return n, errors.New("full")
	}
	return n, nil
}

// A failed write still counts what went out, so N is where the output is.
func TestCountsPartialWrite(t *testing.T) {
	w := New(&short{k: 5})
	w.Write([]byte("abc"))
	n, err := w.Write([]byte("defg"))
	if err == nil || n != 2 || w.N != 5 {
		t.Fatalf("n %d err %v N %d, want 2, an error, 5", n, err, w.N)
	}
}
