package modpack

import (
	"bytes"
	"context"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/klauspost/compress/zlib"

	"packsmith/formats/tl2/dattext"
	"packsmith/internal/benchutil"
)

// benchMod writes a generated mod folder: n unit/skill/affix text sources
// in 50 folders, UI and level layouts, and assetMB of asset files (1 MB
// each, about 2:1 compressible, like textures and sounds).
func benchMod(b *testing.B, n, assetMB int) (string, int64) {
	b.Helper()
	dir := filepath.Join(b.TempDir(), "mod")
	os.MkdirAll(dir, 0o755)
	os.WriteFile(filepath.Join(dir, "MOD.DAT"), dattext.EncodeText(simpleModDat, dattext.UTF16LEBOM), 0o644)
	var total int64
	write := func(rel string, data []byte) {
		p := filepath.Join(dir, "MEDIA", filepath.FromSlash(rel))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			b.Fatal(err)
		}
		total += int64(len(data))
	}
	var buf bytes.Buffer
	for i := 0; i < n; i++ {
		buf.Reset()
		switch i % 10 {
		case 0:
			fmt.Fprintf(&buf, "[SKILL]\r\n\t<STRING>NAME:SKILL_%06d\r\n\t<INTEGER64>UNIQUE_GUID:%d\r\n", i, 7000000+i)
			for l := 1; l <= 10; l++ {
				fmt.Fprintf(&buf, "\t[LEVEL%d]\r\n\t\t<FLOAT>COOLDOWN:%d.5\r\n\t\t<STRING>FILE:MEDIA/SKILLS/S%d.LAYOUT\r\n\t[/LEVEL%d]\r\n", l, l, i, l)
			}
			buf.WriteString("[/SKILL]\r\n")
			write(fmt.Sprintf("SKILLS/S%02d/SKILL_%06d.DAT", i%50, i), buf.Bytes())
		case 1:
			fmt.Fprintf(&buf, "[AFFIX]\r\n\t<STRING>NAME:AFFIX_%06d\r\n\t<INTEGER>WEIGHT:%d\r\n\t[UNITTYPES]\r\n\t\t<STRING>UNITTYPE:1H SWORD\r\n\t[/UNITTYPES]\r\n\t[EFFECT]\r\n\t\t<STRING>TYPE:DAMAGE BONUS\r\n\t\t<FLOAT>MIN:%d\r\n\t[/EFFECT]\r\n[/AFFIX]\r\n", i, i%20, i%7)
			write(fmt.Sprintf("AFFIXES/A%02d/AFFIX_%06d.DAT", i%50, i), buf.Bytes())
		case 2:
			fmt.Fprintf(&buf, "[Layout]\r\n\t<INTEGER>VERSION:4\r\n\t<UNSIGNED INT>COUNT:10\r\n\t[OBJECTS]\r\n")
			for o := 0; o < 10; o++ {
				fmt.Fprintf(&buf, "\t\t[BASEOBJECT]\r\n\t\t\t[PROPERTIES]\r\n\t\t\t\t<STRING>DESCRIPTOR:Room Piece\r\n\t\t\t\t<STRING>NAME:P%d\r\n\t\t\t\t<INTEGER64>ID:%d\r\n\t\t\t\t<INTEGER64>PARENTID:-1\r\n\t\t\t\t<STRING>GUID:%d\r\n\t\t\t\t<FLOAT>POSITIONX:%d\r\n\t\t\t\t<FLOAT>POSITIONY:0\r\n\t\t\t\t<FLOAT>POSITIONZ:%d.25\r\n\t\t\t[/PROPERTIES]\r\n\t\t[/BASEOBJECT]\r\n", o, int64(i)*100+int64(o)+1, 9000+o, o*10, i%13)
			}
			buf.WriteString("\t[/OBJECTS]\r\n[/Layout]\r\n")
			write(fmt.Sprintf("LAYOUTS/L%02d/ROOM_%06d.LAYOUT", i%50, i), buf.Bytes())
			write(fmt.Sprintf("LAYOUTS/L%02d/ROOM_%06d.MPP", i%50, i), append([]byte{4, 0, 0, 0, 4, 0, 0, 0}, make([]byte, 16+16)...))
		default:
			fmt.Fprintf(&buf, "[UNIT]\r\n\t<STRING>NAME:UNIT_%06d\r\n\t<INTEGER64>UNIT_GUID:%d\r\n\t<STRING>UNITTYPE:1H SWORD\r\n\t<INTEGER>LEVEL:%d\r\n\t<INTEGER>RARITY:%d\r\n", i, 1000+i, i%100, i%1000)
			for k := 0; k < 25; k++ {
				fmt.Fprintf(&buf, "\t<FLOAT>STAT%d:%d.%d\r\n\t<TRANSLATE>TEXT%d:Generated text %d for unit %d\r\n", k, k, i%97, k, k, i)
			}
			buf.WriteString("[/UNIT]\r\n")
			write(fmt.Sprintf("UNITS/ITEMS/U%02d/UNIT_%06d.DAT", i%50, i), buf.Bytes())
		}
	}
	rng := rand.New(rand.NewSource(1))
	chunk := make([]byte, 1<<20)
	for i := 0; i < assetMB; i++ {
		for j := range chunk {
			if j%2 == 0 {
				chunk[j] = byte(rng.Intn(256))
			} else {
				chunk[j] = byte(j >> 9)
			}
		}
		write(fmt.Sprintf("MODELS/M%02d/ASSET_%04d.DDS", i%20, i), chunk)
	}
	return dir, total
}

// compressBound zlib-compresses every file of the folder at level 6 on
// all cores: the floor a packer that must compress the same bytes has.
func compressBound(b *testing.B, dir string) (wall, cpu time.Duration) {
	var files []string
	filepath.Walk(filepath.Join(dir, "MEDIA"), func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() {
			files = append(files, p)
		}
		return nil
	})
	t0, c0 := time.Now(), benchutil.CPUTime()
	ch := make(chan string)
	var wg sync.WaitGroup
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var out bytes.Buffer
			zw, _ := zlib.NewWriterLevel(&out, 6)
			for p := range ch {
				data, err := os.ReadFile(p)
				if err != nil {
					b.Error(err)
					continue
				}
				out.Reset()
				zw.Reset(&out)
				zw.Write(data)
				zw.Close()
			}
		}()
	}
	for _, f := range files {
		ch <- f
	}
	close(ch)
	wg.Wait()
	return time.Since(t0), benchutil.CPUTime() - c0
}

// BenchmarkPack packs a generated mod (2,000 text sources and 32 MB of
// assets; PACKSMITH_BENCH_LARGE=1: the 20,000 sources and 500 MB)
// and reports MB/s of source bytes, the peak heap, and the time as a
// multiple of just compressing the same bytes on all cores (aim: ≤ 1.5),
// with the CPU time of both (user+system: fairer on a shared machine).
func BenchmarkPack(b *testing.B) {
	n, mb := 2000, 32
	if os.Getenv("PACKSMITH_BENCH_LARGE") != "" {
		n, mb = 20000, 500
	}
	dir, total := benchMod(b, n, mb)
	bound, boundCPU := compressBound(b, dir)
	out := filepath.Join(b.TempDir(), "BENCH.MOD")
	b.SetBytes(total)
	b.ResetTimer()
	var elapsed, cpu time.Duration
	for i := 0; i < b.N; i++ {
		benchutil.ReportPeakHeap(b, func() {
			t0, c0 := time.Now(), benchutil.CPUTime()
			res, err := Pack(context.Background(), dir, Options{Output: out})
			elapsed += time.Since(t0)
			cpu += benchutil.CPUTime() - c0
			if err != nil {
				b.Fatal(err)
			}
			if i == 0 {
				b.Logf("%d sources + %d MB assets = %.1f MB → %d entries, %.1f MB .MOD; stages %v", n, mb, float64(total)/(1<<20), res.Entries, float64(res.Size)/(1<<20), res.Stages)
			}
		})
	}
	per := elapsed / time.Duration(b.N)
	b.ReportMetric(float64(bound.Milliseconds()), "compress-bound-ms")
	b.ReportMetric(float64(per)/float64(bound), "x-bound")
	b.ReportMetric(float64(boundCPU.Milliseconds()), "compress-bound-cpu-ms")
	b.ReportMetric(float64((cpu / time.Duration(b.N)).Milliseconds()), "pack-cpu-ms")
}
