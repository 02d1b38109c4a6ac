package iopdrv

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"packsmith/backend/archive"
	"packsmith/backend/edit/writeback"
	"packsmith/backend/export/extract"
	"packsmith/formats/iop"
	"packsmith/internal/benchutil"
)

// genPack writes an encrypted pack of about total bytes: entries of 1 MiB
// (one in three deflated, text-like; the rest stored, as packs keep
// already-compressed textures and sounds) under the Korea password.
func genPack(b *testing.B, path string, total int64) int64 {
	b.Helper()
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	bw := bufio.NewWriterSize(f, 1<<20)
	w := iop.NewWriter(bw, krPW)
	rng := rand.New(rand.NewPCG(1, 2))
	buf := make([]byte, 1<<20)
	var n int64
	for i := 0; n < total; i++ {
		m := uint16(iop.MethodStored)
		if i%3 == 0 {
			m = iop.MethodDeflate
			for j := range buf {
				buf[j] = "가나다라 abc\r\n"[rng.IntN(16)]
			}
		} else {
			for j := 0; j < len(buf); j += 8 {
				v := rng.Uint64()
				for k := 0; k < 8; k++ {
					buf[j+k] = byte(v >> (8 * k))
				}
			}
		}
		name := fmt.Sprintf("resource\\%03d\\파일_%05d.dat", i/100, i)
		raw, _ := iop.EncodeName(name)
		if err := w.WriteFile(iop.FileHeader{Name: raw, Method: m, Encrypt: true}, buf, false); err != nil {
			b.Fatal(err)
		}
		n += int64(len(buf))
	}
	if err := w.Close(); err != nil {
		b.Fatal(err)
	}
	if err := bw.Flush(); err != nil {
		b.Fatal(err)
	}
	if err := f.Close(); err != nil {
		b.Fatal(err)
	}
	return n
}

func benchPack(b *testing.B, total int64) {
	dir := b.TempDir()
	p := filepath.Join(dir, "rs.iop")
	t0 := time.Now()
	plain := genPack(b, p, total)
	b.Logf("generated %d MiB of entries in %v", plain>>20, time.Since(t0).Round(time.Millisecond))
	b.Run("extract", func(b *testing.B) {
		b.SetBytes(plain)
		for i := 0; i < b.N; i++ {
			out := filepath.Join(dir, fmt.Sprintf("out%d", i))
			cpu0 := benchutil.CPUTime()
			benchutil.ReportPeakHeap(b, func() {
				a, err := archive.Open(p, archive.OpenOptions{})
				if err != nil {
					b.Fatal(err)
				}
				res, err := extract.Extract(context.Background(), a, out, nil, nil, extract.Options{})
				a.Close()
				if err != nil || res.Bytes != plain {
					b.Fatalf("%+v %v", res, err)
				}
			})
			b.ReportMetric((benchutil.CPUTime() - cpu0).Seconds(), "cpu-s")
			os.RemoveAll(out)
		}
	})
	b.Run("append-1MB", func(b *testing.B) {
		src := filepath.Join(dir, "new.bin")
		data := make([]byte, 1<<20)
		rng := rand.New(rand.NewPCG(3, 4))
		for j := range data {
			data[j] = byte(rng.Uint32())
		}
		os.WriteFile(src, data, 0o644)
		for i := 0; i < b.N; i++ {
			st, _ := os.Stat(p)
			t0 := time.Now()
			_, err := writeback.Apply(context.Background(), p, "", []archive.Edit{{Op: archive.EditAdd, Path: fmt.Sprintf("patch/new_%d.bin", i), Source: src}}, archive.OpenOptions{}, nil)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(time.Since(t0).Microseconds())/1000, "ms/append")
			st2, _ := os.Stat(p)
			b.ReportMetric(float64(st2.Size()-st.Size())/(1<<20), "MiB-appended")
		}
	})
}

// BenchmarkPack16MB: extract a generated 16 MiB encrypted pack, and
// append a 1 MiB entry to it in place (open, append, new directory, sync).
func BenchmarkPack16MB(b *testing.B) { benchPack(b, 16<<20) }

// BenchmarkPackLarge1GB is the same on 1 GiB; it runs only with
// PACKSMITH_BENCH_LARGE=1.
func BenchmarkPackLarge1GB(b *testing.B) {
	if os.Getenv("PACKSMITH_BENCH_LARGE") == "" {
		b.Skip("set PACKSMITH_BENCH_LARGE=1 for the 1 GiB case")
	}
	benchPack(b, 1<<30)
}
