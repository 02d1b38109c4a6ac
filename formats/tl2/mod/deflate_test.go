package mod

import (
	"bytes"
	"io"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/klauspost/compress/zlib"
)

// letters is n bytes that deflate has work with (not random: those are
// stored at once).
func letters(n int) []byte {
	r := rand.New(rand.NewPCG(3, 4))
	b := make([]byte, n)
	for i := range b {
		b[i] = 'a' + byte(r.IntN(16))
	}
	return b
}

// The writer deflates a large entry a chunk at a time (so an abort stops
// it): the stream is the one a single write gives, at every level.
func TestDeflateInChunksIsOneStream(t *testing.T) {
	in := letters(3*deflateChunk + 12345)
	for _, level := range []int{1, 6, 9} {
		var one, chunked bytes.Buffer
		zw, _ := zlib.NewWriterLevel(&one, level)
		zw.Write(in)
		zw.Close()
		w := &Writer{}
		zc, _ := zlib.NewWriterLevel(&chunked, level)
		if err := w.deflate(zc, in); err != nil {
			t.Fatal(err)
		}
		zc.Close()
		if !bytes.Equal(one.Bytes(), chunked.Bytes()) {
			t.Fatalf("level %d: chunked stream differs (%d vs %d bytes)", level, chunked.Len(), one.Len())
		}
	}
}

// An aborted writer stops deflating at the next chunk instead of going
// through the whole entry: here it fails after the first chunk.
func TestDeflateStopsWhenAborted(t *testing.T) {
	w := &Writer{}
	w.cond = sync.NewCond(&w.mu)
	var out bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&out, 1)
	abortAfter := &abortingWriter{w: zw, left: 1, on: func() { w.fail(ErrClosed) }}
	if err := w.deflate(abortAfter, letters(8*deflateChunk)); err != ErrClosed {
		t.Fatalf("aborted deflate: %v", err)
	}
	if abortAfter.writes != 1 {
		t.Fatalf("%d chunks deflated after the abort, want none", abortAfter.writes-1)
	}
}

// abortingWriter passes writes on and calls on after left of them.
type abortingWriter struct {
	w      io.Writer
	left   int
	writes int
	on     func()
}

func (a *abortingWriter) Write(p []byte) (int, error) {
	a.writes++
	n, err := a.w.Write(p)
	if a.left--; a.left == 0 {
		a.on()
	}
	return n, err
}
