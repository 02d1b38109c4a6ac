package zipdrv

import (
	"archive/zip"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"packsmith/backend/archive"
	"packsmith/backend/export/extract"
	"packsmith/backend/workspace/session"
	"packsmith/internal/benchutil"
)

var (
	bigOnce sync.Once
	bigPath string
	bigSize int64
)

// bigZip writes a 100,000-entry zip (1 KiB each, deflated) once per run.
func bigZip(b *testing.B) string {
	bigOnce.Do(func() {
		dir, err := os.MkdirTemp("", "packsmith-bench-")
		if err != nil {
			b.Fatal(err)
		}
		bigPath = filepath.Join(dir, "big.zip")
		f, _ := os.Create(bigPath)
		zw := zip.NewWriter(f)
		buf := make([]byte, 1024)
		for i := 0; i < 100000; i++ {
			for j := range buf {
				buf[j] = byte(i*7 + j*13)
			}
			w, _ := zw.Create(fmt.Sprintf("data/%03d/file_%06d.bin", i/1000, i))
			w.Write(buf)
			bigSize += int64(len(buf))
		}
		zw.Close()
		f.Close()
	})
	return bigPath
}

// BenchmarkZip100kFirstPage: open a 100,000-entry zip and get the first
// page of the window's list (what the user waits for).
func BenchmarkZip100kFirstPage(b *testing.B) {
	p := bigZip(b)
	b.ResetTimer()
	var first time.Duration
	benchutil.ReportPeakHeap(b, func() {
		for i := 0; i < b.N; i++ {
			t0 := time.Now()
			m := session.NewManager(nil)
			info, err := m.Open(p, archive.OpenOptions{})
			if err != nil {
				b.Fatal(err)
			}
			s, _ := m.Get(info.ID)
			page, err := s.List(session.Query{Limit: 200})
			if err != nil || page.Total != 100000 {
				b.Fatalf("%v %d", err, page.Total)
			}
			first += time.Since(t0)
			m.CloseAll()
		}
	})
	b.ReportMetric(float64(first.Milliseconds())/float64(b.N), "ms-to-first-page")
}

// BenchmarkZip100kFilter: a filter over all 100,000 names (per keystroke).
func BenchmarkZip100kFilter(b *testing.B) {
	m := session.NewManager(nil)
	info, err := m.Open(bigZip(b), archive.OpenOptions{})
	if err != nil {
		b.Fatal(err)
	}
	s, _ := m.Get(info.ID)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := s.List(session.Query{Filter: fmt.Sprintf("file_0%d", i%10), Limit: 200}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkZip100kExtract: extract every entry (MB/s of entry bytes).
func BenchmarkZip100kExtract(b *testing.B) {
	p := bigZip(b)
	a, err := archive.Open(p, archive.OpenOptions{})
	if err != nil {
		b.Fatal(err)
	}
	defer a.Close()
	b.SetBytes(bigSize)
	b.ResetTimer()
	benchutil.ReportPeakHeap(b, func() {
		for i := 0; i < b.N; i++ {
			dir := b.TempDir()
			res, err := extract.Extract(context.Background(), a, dir, nil, nil, extract.Options{})
			if err != nil || res.Files != 100000 {
				b.Fatalf("%v %d", err, res.Files)
			}
		}
	})
}
