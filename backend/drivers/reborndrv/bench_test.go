package reborndrv

import (
	"bufio"
	"bytes"
	"compress/flate"
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"packsmith/backend/archive"
	"packsmith/formats/reborn/onezip"
	"packsmith/formats/reborn/pakd"
	"packsmith/formats/reborn/rotxor"
)

// writeBigDat writes a RotXor + ZIP + pakd file of packs×perPack entries
// of entry bytes each (half random, half text, so DEFLATE halves it),
// nested one level: #i/#j. Built streaming, at DEFLATE level 1.
func writeBigDat(tb testing.TB, p string, packs, perPack, entry int) {
	r := rand.New(rand.NewSource(12))
	body := make([]byte, entry)
	r.Read(body[:entry/2])
	for i := entry / 2; i < entry; i++ {
		body[i] = "tactics ogre reborn text "[i%25]
	}
	leaf := pakd.Pad(body)
	nestedSizes := make([]int64, perPack)
	for i := range nestedSizes {
		nestedSizes[i] = int64(len(leaf))
	}
	nestedHdr := pakd.BuildHeader(nestedSizes, nil)
	nestedSpan := int64(len(nestedHdr)) + int64(perPack*len(leaf)) + pakd.NestedPad
	rootSizes := make([]int64, packs)
	for i := range rootSizes {
		rootSizes[i] = nestedSpan
	}
	produce := func(w io.Writer) error {
		bw := bufio.NewWriterSize(w, 1<<20)
		bw.Write(pakd.BuildHeader(rootSizes, nil))
		for i := 0; i < packs; i++ {
			bw.Write(nestedHdr)
			for j := 0; j < perPack; j++ {
				binary.LittleEndian.PutUint32(leaf[entry/2:], uint32(i<<16|j)) // entries differ
				bw.Write(leaf)
			}
			bw.Write(make([]byte, pakd.NestedPad))
		}
		return bw.Flush()
	}
	plain, err := os.Create(p + ".zip")
	if err != nil {
		tb.Fatal(err)
	}
	defer os.Remove(p + ".zip")
	defer plain.Close()
	pr, pw := io.Pipe()
	go func() { pw.CloseWithError(produce(pw)) }()
	m, err := onezip.WriteMemberLevel(plain, nil, "pack", pr, flate.BestSpeed)
	if err != nil {
		tb.Fatal(err)
	}
	size := m.Offset + m.Packed + int64(len(m.Tail))
	enc, err := rotxor.NewEncrypter(plain, size)
	if err != nil {
		tb.Fatal(err)
	}
	out, err := os.Create(p)
	if err != nil {
		tb.Fatal(err)
	}
	if _, err := io.CopyBuffer(out, io.NewSectionReader(enc, 0, size), make([]byte, 1<<20)); err != nil {
		tb.Fatal(err)
	}
	if err := out.Close(); err != nil {
		tb.Fatal(err)
	}
}

// TestBenchChild runs one measured operation when the benchmark starts
// this test binary again (PACKSMITH_REBORN_BENCH=list|rebuild), so its
// peak memory (VmHWM) is its own.
func TestBenchChild(t *testing.T) {
	op := os.Getenv("PACKSMITH_REBORN_BENCH")
	if op == "" {
		t.Skip("run by BenchmarkReborn200MB")
	}
	p := os.Getenv("PACKSMITH_REBORN_BENCH_FILE")
	a, err := archive.Open(p, archive.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	n := len(a.Entries())
	if op == "rebuild" {
		src := filepath.Join(t.TempDir(), "r")
		os.WriteFile(src, []byte("a replaced nested entry"), 0o644)
		st, err := a.Capabilities().Rewrite(context.Background(), p+".out", []archive.Edit{{Op: archive.EditReplace, Path: "#3/#4", Source: src}}, archive.NoProgress{})
		if err != nil {
			t.Fatal(err)
		}
		a.Close()
		if err := st.Commit(); err != nil {
			t.Fatal(err)
		}
	}
	a.Close()
	fmt.Printf("entries=%d peak_kb=%d\n", n, vmHWM())
}

func vmHWM() int64 {
	b, _ := os.ReadFile("/proc/self/status")
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "VmHWM:") {
			f := strings.Fields(l)
			n, _ := strconv.ParseInt(f[1], 10, 64)
			return n
		}
	}
	return -1
}

// BenchmarkReborn200MB: deobfuscate and list a generated .dat with 200 MB
// of payload (8 nested packs of 25 × 1 MB entries, about 105 MB on disk),
// then rebuild it with one nested entry replaced; each in its own process,
// reporting MB/s of payload and the process's peak memory. The targets:
// list under 64 MB, rebuild under 256 MB.
func BenchmarkReborn200MB(b *testing.B) {
	dir := b.TempDir()
	p := filepath.Join(dir, "big.dat")
	writeBigDat(b, p, 8, 25, 1<<20)
	st, _ := os.Stat(p)
	const payload = 200 << 20
	for _, op := range []string{"list", "rebuild"} {
		b.Run(op, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				cmd := exec.Command(os.Args[0], "-test.run", "^TestBenchChild$", "-test.v")
				cmd.Env = append(os.Environ(), "PACKSMITH_REBORN_BENCH="+op, "PACKSMITH_REBORN_BENCH_FILE="+p, "TMPDIR="+dir)
				var out bytes.Buffer
				cmd.Stdout, cmd.Stderr = &out, &out
				t0 := time.Now()
				if err := cmd.Run(); err != nil {
					b.Fatalf("%s: %v\n%s", op, err, out.String())
				}
				secs := time.Since(t0).Seconds()
				var entries, peak int64
				for _, l := range strings.Split(out.String(), "\n") {
					if strings.HasPrefix(l, "entries=") {
						fmt.Sscanf(l, "entries=%d peak_kb=%d", &entries, &peak)
					}
				}
				b.ReportMetric(float64(payload>>20)/secs, "MB/s")
				b.ReportMetric(float64(peak)/1024, "peak-MB")
				fmt.Printf("reborn %s: %d MB .dat, 200 MB payload, %d entries: %.1f MB/s, peak %.1f MB\n", op, st.Size()>>20, entries, float64(payload>>20)/secs, float64(peak)/1024)
				if limit := map[string]int64{"list": 64 << 10, "rebuild": 256 << 10}[op]; peak <= 0 || peak > limit {
					b.Errorf("%s: peak %d KB, over the %d KB target (or not measured)", op, peak, limit)
				}
			}
		})
	}
}
