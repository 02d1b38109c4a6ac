package mod

// Benchmarks (figures, never pass/fail):
//
//	go test ./formats/tl2/mod -run '^$' -bench . -benchtime 3x
//	PACKSMITH_BENCH_LARGE=1 go test ./formats/tl2/mod -run '^$' -bench Large -benchtime 1x -timeout 30m
//
// Each reports MB/s (via SetBytes) and memory: peak-heap-MB is the highest
// HeapInuse sampled every 5 ms during the run, heap-sys-MB the runtime's
// HeapSys afterwards, alloc-MB/op from TotalAlloc; cpu-ms/op is process
// CPU time, fairer than wall time on a busy machine.

import (
	"bytes"
	"fmt"
	"io"
	"math/rand"
	"os"
	"packsmith/internal/benchutil"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/klauspost/compress/zlib"
)

var benchDir struct {
	once sync.Once
	dir  string
}

func TestMain(m *testing.M) {
	code := m.Run()
	if benchDir.dir != "" {
		os.RemoveAll(benchDir.dir)
	}
	os.Exit(code)
}

func tempDir(b *testing.B) string {
	benchDir.once.Do(func() {
		d, err := os.MkdirTemp("", "packsmith-modbench-")
		if err != nil {
			b.Fatal(err)
		}
		benchDir.dir = d
	})
	return benchDir.dir
}

// pool is semi-compressible content (words and noise, ~3:1 with zlib 6)
// that entries are cut from, so generating data costs no more than a copy.
var pool = func() []byte {
	rng := rand.New(rand.NewSource(7))
	words := []string{"UNIT", "<STRING>NAME:", "SKELETON", "0.500000", "[/AFFIX]", "MEDIA/MODELS/", "\r\n", "DAMAGE", "1", "true"}
	var buf bytes.Buffer
	for buf.Len() < 8<<20 {
		if rng.Intn(4) == 0 {
			n := rng.Intn(64)
			for i := 0; i < n; i++ {
				buf.WriteByte(byte(rng.Intn(256)))
			}
			continue
		}
		buf.WriteString(words[rng.Intn(len(words))])
	}
	return buf.Bytes()
}()

// content is a reader over n bytes of pool starting at a seed-dependent
// offset, wrapping around.
type content struct {
	off, left int
}

func newContent(seed, n int) *content { return &content{off: (seed * 7919) % len(pool), left: n} }

// Len lets the writer size its buffer, as it does for an *os.File.
func (c *content) Len() int { return c.left }

func (c *content) Read(p []byte) (int, error) {
	if c.left == 0 {
		return 0, io.EOF
	}
	if len(p) > c.left {
		p = p[:c.left]
	}
	n := copy(p, pool[c.off:])
	c.off = (c.off + n) % len(pool)
	c.left -= n
	return n, nil
}

// memSampler records the peak HeapInuse while a benchmark runs.
type memSampler struct {
	peak atomic.Uint64
	stop chan struct{}
	done chan struct{}
}

func startSampler() *memSampler {
	runtime.GC()
	s := &memSampler{stop: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(s.done)
		t := time.NewTicker(5 * time.Millisecond)
		defer t.Stop()
		var ms runtime.MemStats
		for {
			runtime.ReadMemStats(&ms)
			if ms.HeapInuse > s.peak.Load() {
				s.peak.Store(ms.HeapInuse)
			}
			select {
			case <-s.stop:
				return
			case <-t.C:
			}
		}
	}()
	return s
}

func (s *memSampler) report(b *testing.B, before runtime.MemStats) {
	close(s.stop)
	<-s.done
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	b.ReportMetric(float64(s.peak.Load())/(1<<20), "peak-heap-MB")
	b.ReportMetric(float64(ms.HeapSys)/(1<<20), "heap-sys-MB")
	b.ReportMetric(float64(ms.TotalAlloc-before.TotalAlloc)/(1<<20)/float64(b.N), "alloc-MB/op")
}

func measure(b *testing.B) func() {
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	s := startSampler()
	cpu0 := benchutil.CPUTime()
	b.ResetTimer()
	return func() {
		b.StopTimer()
		if cpu := benchutil.CPUTime() - cpu0; cpu > 0 {
			b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "cpu-ms/op")
		}
		s.report(b, before)
	}
}

type benchEntry struct {
	name string
	size int
}

// writeBench writes entries (content from pool) to path.
func writeBench(b *testing.B, path string, entries []benchEntry, opts *WriterOptions) int64 {
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	w, err := NewWriter(f, &Header{Title: "bench"}, opts)
	if err != nil {
		b.Fatal(err)
	}
	for i, e := range entries {
		if err := w.Add(FileHeader{Name: e.name}, newContent(i, e.size)); err != nil {
			b.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		b.Fatal(err)
	}
	st, _ := f.Stat()
	return st.Size()
}

func manyEntries(n, size int) []benchEntry {
	es := make([]benchEntry, n)
	for i := range es {
		es[i] = benchEntry{fmt.Sprintf("MEDIA/UNITS/D%03d/S%02d/FILE_%06d.DAT", i%977, i%31, i), size + i%97}
	}
	return es
}

func totalSize(es []benchEntry) (n int64) {
	for _, e := range es {
		n += int64(e.size)
	}
	return n
}

var genOnce sync.Map // path → struct{}

func generated(b *testing.B, name string, es []benchEntry) string {
	p := filepath.Join(tempDir(b), name)
	if _, ok := genOnce.Load(p); !ok {
		writeBench(b, p, es, nil)
		genOnce.Store(p, struct{}{})
	}
	return p
}

func openBench(b *testing.B, p string) (*Reader, *os.File) {
	f, err := os.Open(p)
	if err != nil {
		b.Fatal(err)
	}
	st, _ := f.Stat()
	r, err := NewReader(f, st.Size(), nil)
	if err != nil {
		b.Fatal(err)
	}
	return r, f
}

// BenchmarkList100k: time to open and list a 100,000-entry .MOD.
func BenchmarkList100k(b *testing.B) {
	p := generated(b, "list100k.MOD", manyEntries(100000, 100))
	done := measure(b)
	for i := 0; i < b.N; i++ {
		r, f := openBench(b, p)
		if len(r.Entries) != 100000 {
			b.Fatalf("%d entries", len(r.Entries))
		}
		f.Close()
	}
	done()
	b.ReportMetric(100000, "entries")
}

// mediumSet is 64 MiB in 256 KiB entries.
func mediumSet() []benchEntry { return manyEntries(256, 256<<10) }

// BenchmarkExtract compares extracting every entry through Reader.Open
// (from the file, checking CRC-32) with plain inflate of the same blocks
// already in memory.
func BenchmarkExtract(b *testing.B) {
	es := mediumSet()
	p := generated(b, "medium.MOD", es)
	r, f := openBench(b, p)
	defer f.Close()
	b.Run("mod", func(b *testing.B) {
		b.SetBytes(totalSize(es))
		done := measure(b)
		for i := 0; i < b.N; i++ {
			for j := range r.Entries {
				rc, err := r.Open(&r.Entries[j])
				if err != nil {
					b.Fatal(err)
				}
				if _, err := io.Copy(io.Discard, rc); err != nil {
					b.Fatal(err)
				}
				rc.Close()
			}
		}
		done()
	})
	b.Run("plain-inflate", func(b *testing.B) {
		blocks := make([][]byte, len(r.Entries))
		for j := range r.Entries {
			_, sr, err := r.RawBlock(&r.Entries[j])
			if err != nil {
				b.Fatal(err)
			}
			blocks[j], _ = io.ReadAll(sr)
		}
		b.SetBytes(totalSize(es))
		done := measure(b)
		var zr io.ReadCloser
		for i := 0; i < b.N; i++ {
			for _, blk := range blocks {
				if zr == nil {
					zr, _ = zlib.NewReader(bytes.NewReader(blk))
				} else {
					zr.(zlib.Resetter).Reset(bytes.NewReader(blk), nil)
				}
				io.Copy(io.Discard, zr)
			}
		}
		done()
	})
}

// compressBound compresses the same entries at the same level on all
// cores to io.Discard: the best a writer could do.
func compressBound(es []benchEntry, level int) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			zw, _ := zlib.NewWriterLevel(io.Discard, level)
			buf := make([]byte, 0, 1<<20)
			for {
				i := int(next.Add(1) - 1)
				if i >= len(es) {
					return
				}
				buf, _ = readUpTo(buf[:0], newContent(i, es[i].size), StoreThreshold)
				zw.Reset(io.Discard)
				zw.Write(buf)
				zw.Close()
			}
		}()
	}
	wg.Wait()
}

// BenchmarkWrite compares the streaming Writer (to a file, CRC-32,
// ordering, hashes included) with the compression bound.
func BenchmarkWrite(b *testing.B) {
	es := mediumSet()
	b.Run("mod", func(b *testing.B) {
		p := filepath.Join(tempDir(b), "write.MOD")
		b.SetBytes(totalSize(es))
		done := measure(b)
		for i := 0; i < b.N; i++ {
			writeBench(b, p, es, nil)
		}
		done()
	})
	b.Run("compress-bound", func(b *testing.B) {
		b.SetBytes(totalSize(es))
		done := measure(b)
		for i := 0; i < b.N; i++ {
			compressBound(es, 6)
		}
		done()
	})
}

// largeSet is 1 GiB: mostly 4 MiB entries plus two blocks over
// StoreThreshold (stored, streamed) and many small ones.
func largeSet() []benchEntry {
	var es []benchEntry
	var total int64
	for i := 0; total < 1<<30; i++ {
		size := 4 << 20
		switch {
		case i%100 == 50:
			size = StoreThreshold + 4<<20
		case i%3 == 0:
			size = 16 << 10
		}
		es = append(es, benchEntry{fmt.Sprintf("MEDIA/LARGE/D%02d/F%05d.DAT", i%17, i), size})
		total += int64(size)
	}
	return es
}

// BenchmarkLarge1GB runs only with PACKSMITH_BENCH_LARGE=1: write, list
// and extract a generated 1 GiB .MOD (aim: write within 1.3× of the
// compression bound, peak heap under 256 MB).
func BenchmarkLarge1GB(b *testing.B) {
	if os.Getenv("PACKSMITH_BENCH_LARGE") == "" {
		b.Skip("set PACKSMITH_BENCH_LARGE=1 for the 1 GiB case")
	}
	es := largeSet()
	p := filepath.Join(tempDir(b), "large.MOD")
	b.Run("write", func(b *testing.B) {
		b.SetBytes(totalSize(es))
		done := measure(b)
		for i := 0; i < b.N; i++ {
			writeBench(b, p, es, nil)
		}
		done()
	})
	b.Run("compress-bound", func(b *testing.B) {
		b.SetBytes(totalSize(es))
		done := measure(b)
		for i := 0; i < b.N; i++ {
			compressBound(es, 6)
		}
		done()
	})
	b.Run("list", func(b *testing.B) {
		done := measure(b)
		for i := 0; i < b.N; i++ {
			_, f := openBench(b, p)
			f.Close()
		}
		done()
	})
	b.Run("extract", func(b *testing.B) {
		r, f := openBench(b, p)
		defer f.Close()
		b.SetBytes(totalSize(es))
		done := measure(b)
		for i := 0; i < b.N; i++ {
			for j := range r.Entries {
				rc, err := r.Open(&r.Entries[j])
				if err != nil {
					b.Fatal(err)
				}
				if _, err := io.Copy(io.Discard, rc); err != nil {
					b.Fatal(err)
				}
				rc.Close()
			}
		}
		done()
	})
}
