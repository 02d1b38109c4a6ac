//go:build unix

package modpack

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/klauspost/compress/zlib"

	"packsmith/backend/sys/watch"
	"packsmith/formats/tl2/dattext"
	"packsmith/internal/tl2corpus"
)

// genCorpus writes a generated mod of n text sources (UTF-16LE with a BOM,
// as GUTS writes them) and about total bytes in all, 15 % of them in 1 MB
// asset files: units, skills and affixes (what the RAW indices read) and
// quests, each with sections of varied properties. It returns the folder
// and the paths of the sources.
func genCorpus(tb testing.TB, root string, n int, total int64) (string, []string) {
	tb.Helper()
	dir := filepath.Join(root, "mod")
	os.MkdirAll(dir, 0o755)
	os.WriteFile(filepath.Join(dir, "MOD.DAT"), dattext.EncodeText(simpleModDat, dattext.UTF16LEBOM), 0o644)
	rng := rand.New(rand.NewSource(11))
	per := int(float64(total) * 0.85 / float64(n) / 2) // UTF-16: two bytes a character
	var srcs []string
	for i := 0; i < n; i++ {
		rel, text := tl2corpus.Source(i, n, per, rng)
		p := filepath.Join(dir, "MEDIA", filepath.FromSlash(rel))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, dattext.EncodeText(text, dattext.UTF16LEBOM), 0o644); err != nil {
			tb.Fatal(err)
		}
		srcs = append(srcs, p)
	}
	chunk := make([]byte, 1<<20)
	for i := 0; i < int(total*15/100)>>20; i++ {
		for j := range chunk {
			if j%2 == 0 {
				chunk[j] = byte(rng.Intn(256))
			} else {
				chunk[j] = byte(j >> 9)
			}
		}
		p := filepath.Join(dir, "MEDIA", "MODELS", fmt.Sprintf("M%02d", i%20), fmt.Sprintf("ASSET_%04d.DDS", i))
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, chunk, 0o644)
	}
	return dir, srcs
}

// oneCoreZlib is the time one core takes to compress every file of the mod
// with klauspost/compress's zlib at level 6 (what the packer uses), read
// from the page cache: one yardstick of issue 11 (cZlib is the other).
func oneCoreZlib(tb testing.TB, dir string) (time.Duration, int64) {
	var total int64
	var out bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&out, 6)
	var d time.Duration
	filepath.Walk(filepath.Join(dir, "MEDIA"), func(p string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			tb.Fatal(err)
		}
		total += int64(len(data))
		t0 := time.Now()
		out.Reset()
		zw.Reset(&out)
		zw.Write(data)
		zw.Close()
		d += time.Since(t0)
		return nil
	})
	return d, total
}

// cZlib is the time the zlib library itself (C zlib, through Python's
// zlib module, which calls compress2 on the whole buffer) takes on one
// core to compress every file of the mod at its default level 6, or 0
// when python3 is not there. klauspost/compress, which the packer uses,
// is 2–3 times faster than C zlib: the figures (a 3.5 s pack at
// 0.37 × zlib, so 9.5 s of zlib for 450 MB, 47 MB/s) are C zlib's speed,
// not klauspost's, so both yardsticks are reported.
//
// cpu is the CPU time of the same work (the process's, around each
// call): on a machine other jobs load, the wall time of both C zlib and
// the pack stretch with the load, while the ratio of their CPU times
// (full-cpu/czlib-cpu) holds; on two idle cores a pack whose work spreads
// over both takes about half its CPU time, so 0.60 there is about 0.30
// of the floor in wall time.
func cZlib(tb testing.TB, dir string) (wall, cpu time.Duration, name string) {
	py, err := exec.LookPath("python3")
	if err != nil {
		return 0, 0, "no python3"
	}
	script := `import os, sys, time, zlib
t = 0.0
c = 0.0
for root, _, files in os.walk(sys.argv[1]):
    for f in files:
        with open(os.path.join(root, f), "rb") as fh:
            d = fh.read()
        t0 = time.perf_counter()
        c0 = time.process_time()
        zlib.compress(d, 6)
        c += time.process_time() - c0
        t += time.perf_counter() - t0
print(int(t * 1000), int(c * 1000), zlib.ZLIB_VERSION)
`
	out, err := exec.Command(py, "-c", script, filepath.Join(dir, "MEDIA")).Output()
	if err != nil {
		return 0, 0, "python3 failed: " + err.Error()
	}
	var ms, cms int64
	var ver string
	if _, err := fmt.Sscan(string(out), &ms, &cms, &ver); err != nil {
		return 0, 0, "python3 said " + strings.TrimSpace(string(out))
	}
	return time.Duration(ms) * time.Millisecond, time.Duration(cms) * time.Millisecond, "C zlib " + ver
}

// childResult is what one pack in a child process reports.
type childResult struct {
	Millis   int64 `json:"ms"`
	Entries  int   `json:"entries"`
	Reused   int   `json:"reused"`
	Compiled int   `json:"compiled"`
	Stages   []StageTime
	Findings int // all of them
	NoLine   int // of them, those without a line number
	PeakMB   float64
	CPUms    int64 // user + system time of the child
	// Faults: the child's minor page faults, a first touch of a page
	// each. On this VM one costs 7-14 µs (bare metal: well under 1), so
	// the memory a pack touches for the first time is a cost of its own
	// here: about 2 ms of CPU a megabyte.
	Faults int64
	// WarmCPUms, WarmFaults: the second pack's own, for a warm child
	// (PACKSMITH_BENCH_CHILD_WARM); CPUms and Faults are the process's.
	WarmCPUms, WarmFaults int64
}

// changeUnit changes one unit .DAT as the benchmark's edits do: tag put
// before its first NAME.
func changeUnit(p, tag string) error {
	body, err := os.ReadFile(p)
	if err != nil {
		return err
	}
	text, _, err := dattext.Decode(p, body)
	if err != nil {
		return err
	}
	return os.WriteFile(p, dattext.EncodeText(strings.Replace(text, "NAME:", "NAME:"+tag, 1), dattext.UTF16LEBOM), 0o644)
}

// TestBenchPackChild is one pack run by BenchmarkPackLarge in a child
// process, so its peak RSS is the pack's alone; skipped otherwise.
func setIncremental(o *Options, on bool) { o.Incremental = on }

func reusedCompiled(r *Result) (int, int) { return r.Reused, r.Compiled }

func TestBenchPackChild(t *testing.T) {
	dir := os.Getenv("PACKSMITH_BENCH_CHILD_DIR")
	if dir == "" {
		t.Skip("run by BenchmarkPackLarge")
	}
	opt := Options{Output: os.Getenv("PACKSMITH_BENCH_CHILD_OUT")}
	setIncremental(&opt, os.Getenv("PACKSMITH_BENCH_CHILD_INCR") == "1")
	res, err := Pack(context.Background(), dir, opt)
	if err != nil {
		t.Fatal(err)
	}
	// PACKSMITH_BENCH_CHILD_WARM names a source to change once that pack
	// is done, and the result is that of the second pack, in the same
	// process: a repack in the running app (app/pack.go packs in
	// process), its memory already touched by the first. The CPU time and
	// page faults are the second pack's own.
	var before syscall.Rusage
	warm := os.Getenv("PACKSMITH_BENCH_CHILD_WARM")
	if warm != "" {
		time.Sleep(1100 * time.Millisecond) // a user's edit, past the racy second
		if err := changeUnit(warm, "WARM_"); err != nil {
			t.Fatal(err)
		}
		syscall.Getrusage(syscall.RUSAGE_SELF, &before)
		if res, err = Pack(context.Background(), dir, opt); err != nil {
			t.Fatal(err)
		}
	}
	r := childResult{Millis: res.Millis, Entries: res.Entries, Stages: res.Stages, Findings: len(res.Findings)}
	if warm != "" {
		var after syscall.Rusage
		syscall.Getrusage(syscall.RUSAGE_SELF, &after)
		cpu := func(u syscall.Rusage) int64 {
			return (u.Utime.Sec+u.Stime.Sec)*1000 + (u.Utime.Usec+u.Stime.Usec)/1000
		}
		r.WarmCPUms, r.WarmFaults = cpu(after)-cpu(before), after.Minflt-before.Minflt
	}
	for _, f := range res.Findings {
		if f.Line == 0 {
			r.NoLine++
		}
	}
	r.Reused, r.Compiled = reusedCompiled(res)
	b, _ := json.Marshal(r)
	fmt.Printf("BENCHRESULT %s\n", b)
}

// runChild runs TestBenchPackChild over dir into out, env ("NAME=value")
// added to the child's environment.
func runChild(b *testing.B, dir, out string, incr bool, env ...string) childResult {
	b.Helper()
	// PACKSMITH_BENCH_CHILD_BIN: another build's test binary of this
	// package packs instead (scripts/bench.sh's before column: an older
	// commit's packer over the same corpus, in the same run).
	bin := os.Args[0]
	if o := os.Getenv("PACKSMITH_BENCH_CHILD_BIN"); o != "" {
		bin = o
	}
	cmd := exec.Command(bin, "-test.run=^TestBenchPackChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), "PACKSMITH_BENCH_CHILD_DIR="+dir, "PACKSMITH_BENCH_CHILD_OUT="+out,
		"PACKSMITH_BENCH_CHILD_INCR="+map[bool]string{true: "1", false: "0"}[incr])
	cmd.Env = append(cmd.Env, env...)
	var stdout bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		b.Fatalf("child: %v\n%s", err, stdout.String())
	}
	var r childResult
	sc := bufio.NewScanner(&stdout)
	for sc.Scan() {
		if l, ok := strings.CutPrefix(sc.Text(), "BENCHRESULT "); ok {
			json.Unmarshal([]byte(l), &r)
		}
	}
	r.CPUms = (cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()).Milliseconds()
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		r.PeakMB = float64(ru.Maxrss) / 1024 // kilobytes on Linux
		r.Faults = ru.Minflt
	}
	return r
}

// BenchmarkPackLarge packs a generated mod in a child process and reports
// its wall time and peak RSS, as a multiple of one core's zlib time for
// the same bytes (issue 35 aims at ≤ 0.30 of C zlib; klauspost reported
// too), then changes one .DAT and repacks incrementally (issue 35: ≤ 15 %
// of the full pack and ≤ 0.6 s); the full pack and C zlib run twice, the
// one-change repack three times, the fastest of each counts. The default
// corpus is 3,300 sources / 45 MB; PACKSMITH_BENCH_LARGE=1 makes it the
// issue's 33,000 sources / 450 MB (aim: peak RSS ≤ 200 MB).
func BenchmarkPackLarge(b *testing.B) {
	n, total := 3300, int64(45<<20)
	if os.Getenv("PACKSMITH_BENCH_LARGE") != "" {
		n, total = 33000, 450<<20
	}
	root := b.TempDir()
	dir, srcs := genCorpus(b, root, n, total)
	benchPack(b, root, dir, srcs, fmt.Sprintf("%d sources", n))
}

// BenchmarkPackRealShape is BenchmarkPackLarge's figures over a corpus
// shaped like the released mod of issue 47 (tl2corpus.RealShape: 22,735
// .DAT, 10,513 .LAYOUT of which a thousand hold hundreds of objects,
// 2,809 .SKELETON, 763 .DDS, …, 3,100 folders, about 2,900 findings on
// every pack, 1,667 without a line): a tenth of it by default, all of it
// (about 450 MB) with PACKSMITH_BENCH_LARGE=1. PACKSMITH_BENCH_CORPUS
// names a folder that holds it already (generated once, reused: the
// before and after runs then read the same files).
func BenchmarkPackRealShape(b *testing.B) {
	shape := tl2corpus.RealShape.Scaled(10)
	if os.Getenv("PACKSMITH_BENCH_LARGE") != "" {
		shape = tl2corpus.RealShape
	}
	root := b.TempDir()
	dir := os.Getenv("PACKSMITH_BENCH_CORPUS")
	if dir == "" {
		dir = filepath.Join(root, "mod")
		os.MkdirAll(dir, 0o755)
		os.WriteFile(filepath.Join(dir, "MOD.DAT"), dattext.EncodeText(simpleModDat, dattext.UTF16LEBOM), 0o644)
		if _, err := tl2corpus.Write(dir, shape, 47); err != nil {
			b.Fatal(err)
		}
	}
	// The edits go to units (the RAW indices follow them), whichever way
	// the corpus came.
	var units []string
	filepath.Walk(filepath.Join(dir, "MEDIA", "UNITS"), func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() && strings.HasSuffix(p, ".DAT") {
			units = append(units, p)
		}
		return nil
	})
	if len(units) < 16 {
		b.Fatalf("%s: %d units", dir, len(units))
	}
	benchPack(b, root, dir, units, "real shape")
}

// benchPack measures the packs of dir (its output and caches under root),
// editing the sources srcs names (units: the RAW indices follow them);
// what is the label says which corpus in the log.
func benchPack(b *testing.B, root, dir string, srcs []string, what string) {
	zl, bytesIn := oneCoreZlib(b, dir)
	cz, czCPU, czName := cZlib(b, dir)
	out := filepath.Join(root, "OUT.MOD")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		os.Remove(out)
		os.Remove(out + ".packcache")
		full := runChild(b, dir, out, true)
		// Nothing changes: every source is looked at and reused. The
		// sources were just written, within the racy-second window of the
		// full pack, so wait past it first (as a user's edit would).
		time.Sleep(1100 * time.Millisecond)
		none := runChild(b, dir, out, true)
		// One .DAT changes (a unit: the RAW indices must follow), three
		// times, another unit each time; the fastest repack counts, as the
		// full pack's and C zlib's best of two do (the least disturbed).
		var incr childResult
		var incrMs []int64
		for k := range 3 {
			if err := changeUnit(srcs[len(srcs)/2+k], "CHANGED_"); err != nil {
				b.Fatal(err)
			}
			r := runChild(b, dir, out, true)
			if r.Compiled != 1 {
				b.Fatalf("one change: %d compiled, %d reused", r.Compiled, r.Reused)
			}
			incrMs = append(incrMs, r.Millis)
			if k == 0 || r.Millis < incr.Millis {
				incr = r
			}
			time.Sleep(1100 * time.Millisecond) // the next edit past this pack's racy second
		}
		// One change repacked in a running app: a child packs one change,
		// then another in the same process (TestBenchPackChild); the
		// second counts. Best of two. Another build's child does the same
		// when it knows how (an older one just packs once: left out).
		var warm childResult
		for k := range 2 {
			if err := changeUnit(srcs[len(srcs)/2+3+2*k], "CHANGED_"); err != nil {
				b.Fatal(err)
			}
			r := runChild(b, dir, out, true, "PACKSMITH_BENCH_CHILD_WARM="+srcs[len(srcs)/2+4+2*k])
			if r.WarmCPUms == 0 {
				break
			}
			if r.Compiled != 1 {
				b.Fatalf("one change, warm: %d compiled, %d reused", r.Compiled, r.Reused)
			}
			if k == 0 || r.Millis < warm.Millis {
				warm = r
			}
			time.Sleep(1100 * time.Millisecond)
		}
		// This VM's speed drifts by a fifth within a minute: a second full
		// pack and a second C zlib run, the faster of each reported (the
		// least disturbed), keep one slow phase from deciding the ratio.
		os.Remove(out)
		os.Remove(out + ".packcache")
		if again := runChild(b, dir, out, true); again.Millis < full.Millis {
			full = again
		}
		if cz2, cpu2, _ := cZlib(b, dir); cz2 > 0 && cz2 < cz {
			cz, czCPU = cz2, min(czCPU, cpu2)
		}
		// Pack on save (pack --watch): from a saved file to the new .MOD,
		// poll, settling and the incremental pack included; best of three
		// saves. And what one poll of the folder costs.
		// Watch runs in this process: another build's packer (the before
		// column, PACKSMITH_BENCH_CHILD_BIN) cannot be timed there, so its
		// rows are left out rather than filled with this tree's figures.
		otherBuild := os.Getenv("PACKSMITH_BENCH_CHILD_BIN") != ""
		var watchMs, watchPackMs, pollMs int64
		var watchStages []StageTime
		if !otherBuild {
			watchMs, watchPackMs, pollMs, watchStages = benchWatch(b, dir, out, srcs)
		}
		b.Logf("%s, %.0f MB: full pack %d ms (CPU %d ms), peak RSS %.0f MB; incremental %d ms (CPU %d ms; %d reused, %d compiled), peak RSS %.0f MB; one-core zlib %d ms",
			what, float64(bytesIn)/(1<<20), full.Millis, full.CPUms, full.PeakMB, incr.Millis, incr.CPUms, incr.Reused, incr.Compiled, incr.PeakMB, zl.Milliseconds())
		b.Logf("one change, three repacks: %v ms (the fastest counts)", incrMs)
		if warm.WarmCPUms > 0 {
			b.Logf("one change in a running app (a second pack in the process): %d ms (CPU %d ms, %d page faults; %d reused, %d compiled), stages %v",
				warm.Millis, warm.WarmCPUms, warm.WarmFaults, warm.Reused, warm.Compiled, warm.Stages)
			b.ReportMetric(float64(warm.Millis), "warm-incr-ms")
			b.ReportMetric(float64(warm.WarmCPUms), "warm-incr-cpu-ms")
			b.ReportMetric(float64(warm.WarmFaults), "warm-incr-page-faults")
			b.ReportMetric(float64(warm.Millis)/float64(full.Millis), "warm-incr/full")
		}
		b.Logf("findings of the full pack: %d, %d of them without a line", full.Findings, full.NoLine)
		b.Logf("no change: %d ms (CPU %d ms; %d reused, %d compiled), peak RSS %.0f MB", none.Millis, none.CPUms, none.Reused, none.Compiled, none.PeakMB)
		b.Logf("stages: full %v; no change %v; one change %v", full.Stages, none.Stages, incr.Stages)
		if cz > 0 {
			b.Logf("%s, one core, level 6: %d ms; full pack = %.2f × that", czName, cz.Milliseconds(), float64(full.Millis)/float64(cz.Milliseconds()))
			b.ReportMetric(float64(cz.Milliseconds()), "czlib-1core-ms")
			b.ReportMetric(float64(full.Millis)/float64(cz.Milliseconds()), "full-x-czlib")
			b.ReportMetric(float64(czCPU.Milliseconds()), "czlib-cpu-ms")
			b.ReportMetric(float64(full.CPUms)/float64(max(czCPU.Milliseconds(), 1)), "full-cpu/czlib-cpu")
		} else {
			b.Logf("C zlib yardstick skipped: %s", czName)
		}
		b.ReportMetric(float64(full.Millis), "full-ms")
		b.ReportMetric(full.PeakMB, "full-peak-RSS-MB")
		b.ReportMetric(float64(incr.Millis), "incr-ms")
		b.ReportMetric(incr.PeakMB, "incr-peak-RSS-MB")
		b.ReportMetric(float64(zl.Milliseconds()), "zlib-1core-ms")
		b.ReportMetric(float64(full.Millis)/float64(zl.Milliseconds()), "full-x-zlib")
		b.ReportMetric(float64(incr.Millis)/float64(full.Millis), "incr/full")
		b.ReportMetric(float64(none.Millis), "nochange-ms")
		b.ReportMetric(float64(none.CPUms), "nochange-cpu-ms")
		b.ReportMetric(float64(full.CPUms), "full-cpu-ms")
		b.ReportMetric(float64(incr.CPUms), "incr-cpu-ms")
		b.ReportMetric(float64(full.Faults), "full-page-faults")
		b.ReportMetric(float64(incr.Faults), "incr-page-faults")
		// The same ratio in CPU time: on a machine other jobs share, the
		// wall-time ratio swings with their load between the two packs.
		b.ReportMetric(float64(incr.CPUms)/float64(max(full.CPUms, 1)), "incr/full-cpu")
		if otherBuild {
			b.Logf("pack on save: not measured for another build's packer (Watch runs in this process)")
			continue
		}
		b.Logf("pack on save: saved → deployed .MOD %d ms: the watcher's poll and settling %d ms, then the pack %d ms (stages %v); one poll of the folder %d ms", watchMs, watchMs-watchPackMs, watchPackMs, watchStages, pollMs)
		b.ReportMetric(float64(watchMs), "watch-save-to-deployed-ms")
		b.ReportMetric(float64(watchPackMs), "watch-repack-ms")
		b.ReportMetric(float64(watchMs-watchPackMs), "watch-detect-ms")
		b.ReportMetric(float64(pollMs), "watch-poll-ms")
	}
}

// benchWatch runs Watch, deploying into a mods folder of its own, on the
// packed corpus (its first pack reuses everything), saves one source three
// times and returns the best time from a save to the callback of the pack
// it caused (the .MOD deployed), that pack's own time and stages, and the
// best of three polls (a stat walk) of the folder.
func benchWatch(b *testing.B, dir, out string, srcs []string) (saveToMod, repack, poll int64, stages []StageTime) {
	b.Helper()
	poll = 1 << 62
	for i := 0; i < 3; i++ {
		t0 := time.Now()
		if _, err := watch.New(dir, watch.Options{}); err != nil {
			b.Fatal(err)
		}
		poll = min(poll, time.Since(t0).Milliseconds())
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	type packed struct {
		at  time.Time
		res *Result
		err error
	}
	ch := make(chan packed, 8)
	done := make(chan error, 1)
	go func() {
		mods := filepath.Join(filepath.Dir(out), "mods")
		os.MkdirAll(mods, 0o755)
		done <- Watch(ctx, dir, Options{Output: out, Incremental: true, Deploy: true, ModsDir: mods}, watch.Options{}, func(r *Result, err error, _ []string) {
			ch <- packed{time.Now(), r, err}
		})
	}()
	first := <-ch
	if first.err != nil {
		b.Fatal(first.err)
	}
	saveToMod, repack = 1<<62, 0
	p := srcs[len(srcs)/3]
	for i := 0; i < 3; i++ {
		time.Sleep(1200 * time.Millisecond) // a save some time after the last pack
		body, _ := os.ReadFile(p)
		text, _, _ := dattext.Decode(p, body)
		t0 := time.Now()
		os.WriteFile(p, dattext.EncodeText(strings.Replace(text, "NAME:", fmt.Sprintf("NAME:SAVE%d_", i), 1), dattext.UTF16LEBOM), 0o644)
		got := <-ch
		if got.err != nil {
			b.Fatal(got.err)
		}
		if d := got.at.Sub(t0).Milliseconds(); d < saveToMod {
			saveToMod, repack, stages = d, got.res.Millis, got.res.Stages
		}
		if got.res.Deploy == nil {
			b.Fatal("the watch pack did not deploy")
		}
	}
	cancel()
	if err := <-done; err != nil {
		b.Fatal(err)
	}
	return saveToMod, repack, poll, stages
}
