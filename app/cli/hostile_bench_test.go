//go:build unix

package cli

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"packsmith/internal/crafted"
)

// hostileCase is one input of issue 22's campaign: setup builds it in dir
// and returns the command line to run on it.
type hostileCase struct {
	name  string
	setup func(dir string) ([]string, error)
}

func writeFile(p string, b []byte) error { return os.WriteFile(p, b, 0o644) }

// hostileCases are every hostile input of issue 22 at the size the
// campaign found them. Tests use smaller ones with a smaller budget.
func hostileCases() []hostileCase {
	out := func(dir string) string { return filepath.Join(dir, "out") }
	return []hostileCase{
		{"PNG 1e6×1e6 (69 B), render", func(d string) ([]string, error) {
			p := filepath.Join(d, "huge.png")
			return []string{"render", p, "-o", out(d) + ".png"}, writeFile(p, crafted.HugePNG(1e6, 1e6))
		}},
		{"PNG 1e6×1e6 in a zip, render", func(d string) ([]string, error) {
			p := filepath.Join(d, "huge.zip")
			return []string{"render", p, "HUGE.PNG", "-o", out(d) + ".png"}, crafted.ZipOf(p, "HUGE.PNG", crafted.HugePNG(1e6, 1e6))
		}},
		{"PNG 31500² grey (1 GB decoded), render", func(d string) ([]string, error) {
			p := filepath.Join(d, "grey.png")
			return []string{"render", p, "-o", out(d) + ".png"}, writeFile(p, crafted.GreyPNG(31500, 31500))
		}},
		{"bake: piece at 1e30", func(d string) ([]string, error) {
			l, err := crafted.BakeMod(d, crafted.FloorMesh(16), "<FLOAT>POSITIONX:1e30", "")
			return []string{"bake", l, "-o", "-"}, err
		}},
		{"Reborn MLZ0 → 1 GB, ls", func(d string) ([]string, error) {
			p := filepath.Join(d, "mlz0.dat")
			return []string{"ls", p}, writeFile(p, crafted.MLZ0Dat(1<<30))
		}},
		{"Reborn MLZ0 → 1 GB, ls --max-memory 64", func(d string) ([]string, error) {
			p := filepath.Join(d, "mlz0.dat")
			return []string{"--max-memory", "64", "ls", p}, writeFile(p, crafted.MLZ0Dat(1<<30))
		}},
		{"zip of a 1 GB .DAT, extract --decompile", func(d string) ([]string, error) {
			p := filepath.Join(d, "dat.zip")
			return []string{"extract", p, "--decompile", "-o", out(d)}, crafted.ZipOf(p, "MEDIA/X.DAT", crafted.Zeros(1<<30))
		}},
		{"zip of 2 TGA 11000², extract --png", func(d string) ([]string, error) {
			p := filepath.Join(d, "tga.zip")
			t := crafted.RLETGA(11000, 11000)
			return []string{"extract", p, "--png", "-o", out(d)}, crafted.ZipOf(p, "A.TGA", t, "B.TGA", t)
		}},
		{"zip of 3 DDS 11000², extract --png", func(d string) ([]string, error) {
			p := filepath.Join(d, "dds.zip")
			return []string{"extract", p, "--png", "-o", out(d)}, crafted.ZipOf(p,
				"A.DDS", crafted.DXT1(11000, 11000), "B.DDS", crafted.DXT1(11000, 11000), "C.DDS", crafted.DXT1(11000, 11000))
		}},
		{"zip of 2 btx 8000², extract --png", func(d string) ([]string, error) {
			p := filepath.Join(d, "btx.zip")
			return []string{"extract", p, "--png", "-o", out(d)}, crafted.ZipOf(p, "A.BTX", crafted.BTX(8000, 8000), "B.BTX", crafted.BTX(8000, 8000))
		}},
		{"walk grid 1000² (1 MB), render --overlay --scale 8", func(d string) ([]string, error) {
			p := filepath.Join(d, "g.mpp")
			return []string{"render", p, "--overlay", "--scale", "8", "-o", out(d) + ".png"}, writeFile(p, crafted.Grid(1000, 1000, true))
		}},
		{"bake: 330 overlapping triangles (16 KB mesh)", func(d string) ([]string, error) {
			l, err := crafted.BakeMod(d, crafted.OverlapMesh(330, 400), "")
			return []string{"bake", l, "-o", "-"}, err
		}},
		{"bake: 2700 overlapping triangles (130 KB mesh)", func(d string) ([]string, error) {
			l, err := crafted.BakeMod(d, crafted.OverlapMesh(2700, 150), "")
			return []string{"bake", l, "-o", "-"}, err
		}},
		{"bake: 19000 overlapping triangles (930 KB mesh)", func(d string) ([]string, error) {
			l, err := crafted.BakeMod(d, crafted.OverlapMesh(19000, 50), "")
			return []string{"bake", l, "-o", "-"}, err
		}},
		// Issue 30: long computations, each input under 1 MB. The BC7
		// convert is real work (noise in every block, 22 million pixels
		// with the mips); the renders meet the drawing's work cap.
		{"PNG 4096² noise (517 KB), convert --format bc7", func(d string) ([]string, error) {
			p := filepath.Join(d, "noise.png")
			return []string{"convert", p, "--format", "bc7", "-o", out(d) + ".dds"}, writeFile(p, crafted.NoisePNG(4096, 4096))
		}},
		{"mesh of 19000 stacked triangles (798 KB), render", func(d string) ([]string, error) {
			p := filepath.Join(d, "stacked.mesh")
			return []string{"render", p, "-o", out(d) + ".png"}, writeFile(p, crafted.OverlapMesh(19000, 50))
		}},
		{"strip of 250000 slivers (500 KB), render --size 4096", func(d string) ([]string, error) {
			p := filepath.Join(d, "strip.mesh")
			return []string{"render", p, "--size", "4096", "-o", out(d) + ".png"}, writeFile(p, crafted.SliverStrip(250000))
		}},
		{"layout placing 1400 large pieces (166 KB), render", func(d string) ([]string, error) {
			l, err := crafted.BakeMod(d, crafted.FloorMesh(400), make([]string, 1400)...)
			return []string{"render", l, "-o", out(d) + ".png"}, err
		}},
		{"ls of a FIFO", func(d string) ([]string, error) {
			p := filepath.Join(d, "fifo")
			return []string{"ls", p}, syscall.Mkfifo(p, 0o644)
		}},
		{"pakd of 65,535 empty entries, extract", func(d string) ([]string, error) {
			p := filepath.Join(d, "empty.dat")
			return []string{"extract", p, "-o", out(d)}, writeFile(p, crafted.EmptyPakd(65535))
		}},
	}
}

// hostileRun is one child run: exit code, first line of stderr, peak RSS
// (from the child's rusage) and wall time.
type hostileRun struct {
	code    int
	line    string
	peakMB  int64
	elapsed time.Duration
	timeout bool
}

func runHostile(args []string, limit time.Duration) (hostileRun, error) {
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], append([]string{"-test.run=^$", "-test.bench=^$", "--"}, args...)...)
	cmd.Env = append(os.Environ(), childEnv+"=1")
	var e bytes.Buffer
	cmd.Stderr = &e
	start := time.Now()
	err := cmd.Run()
	r := hostileRun{elapsed: time.Since(start), timeout: ctx.Err() != nil}
	if cmd.ProcessState == nil {
		return r, err
	}
	r.code = cmd.ProcessState.ExitCode()
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		r.peakMB = int64(ru.Maxrss) >> 10 // kB on Linux
	}
	r.line, _, _ = strings.Cut(strings.TrimSpace(e.String()), "\n")
	return r, nil
}

// BenchmarkHostile runs every hostile input of issue 22 in a child process
// and reports its peak resident memory and time (figures; the limits are
// asserted by the tests). PACKSMITH_HOSTILE_TIMEOUT (seconds, default 60)
// bounds each run.
func BenchmarkHostile(b *testing.B) {
	if runtime.GOOS != "linux" {
		b.Skip("peak memory comes from the child's rusage in kB, Linux's unit")
	}
	limit := 60 * time.Second
	if s := os.Getenv("PACKSMITH_HOSTILE_TIMEOUT"); s != "" {
		var n int
		fmt.Sscan(s, &n)
		limit = time.Duration(n) * time.Second
	}
	only := os.Getenv("PACKSMITH_HOSTILE_ONLY")
	for _, c := range hostileCases() {
		if only != "" && !strings.Contains(c.name, only) {
			continue
		}
		dir := b.TempDir()
		args, err := c.setup(dir)
		if err != nil {
			b.Fatalf("%s: %v", c.name, err)
		}
		size := int64(0)
		filepath.Walk(dir, func(_ string, fi os.FileInfo, _ error) error {
			if fi != nil && fi.Mode().IsRegular() {
				size += fi.Size()
			}
			return nil
		})
		r, err := runHostile(args, limit)
		if err != nil {
			b.Fatalf("%s: %v", c.name, err)
		}
		state := fmt.Sprintf("exit %d", r.code)
		if r.timeout {
			state = "killed after " + limit.String()
		}
		over := ""
		if r.peakMB >= 512 {
			over = "  OVER 512 MB"
		}
		fmt.Printf("hostile: %-52s in %8d B  peak %5d MB  %7.2f s  %s: %.110s%s\n", c.name, size, r.peakMB, r.elapsed.Seconds(), state, r.line, over)
	}
}
