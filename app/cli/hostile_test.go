//go:build unix

package cli

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"packsmith/internal/crafted"
)

// Issue 22's hostile inputs, each run in a child process: a refusal is one
// line naming the file (and the entry), exit 1, and the process stays under
// the budget; inputs the budget allows are processed within it. Sizes are
// scaled down against --max-memory 64 where the campaign used 512 MB.
func TestHostileInputs(t *testing.T) {
	needPeak(t)
	if testing.Short() {
		t.Skip("builds hostile inputs and runs child processes")
	}
	dir := t.TempDir()
	at := func(n string) string { return filepath.Join(dir, n) }
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.WriteFile(at("huge.png"), crafted.HugePNG(1e6, 1e6), 0o644))
	must(crafted.ZipOf(at("huge.zip"), "ART/HUGE.PNG", crafted.HugePNG(1e6, 1e6)))
	must(os.WriteFile(at("grey.png"), crafted.GreyPNG(9000, 9000), 0o644)) // 81 MB of pixels in 77 KB
	must(os.WriteFile(at("mlz0.dat"), crafted.MLZ0Dat(128<<20), 0o644))
	must(crafted.ZipOf(at("btx.zip"), "A.BTX", crafted.BTX(4000, 4000), "B.BTX", crafted.BTX(4000, 4000)))
	must(crafted.ZipOf(at("dat.zip"), "MEDIA/X.DAT", crafted.Zeros(160<<20)))
	must(syscall.Mkfifo(at("fifo"), 0o644))
	layout, err := crafted.BakeMod(at("mod"), crafted.FloorMesh(16), "<FLOAT>POSITIONX:1e30", "")
	must(err)
	out := at("out")
	cases := []struct {
		name   string
		args   []string
		code   int
		want   []string
		maxMB  int
		output bool // the command writes out
	}{
		{"69-byte PNG claiming 10^12 pixels", []string{"render", at("huge.png"), "-o", out}, 1,
			[]string{at("huge.png") + ":", "1000000×1000000", "over the 512 MB memory limit"}, 40, false},
		{"the same PNG in a zip", []string{"render", at("huge.zip"), "ART/HUGE.PNG", "-o", out}, 1,
			[]string{at("huge.zip") + ": ART/HUGE.PNG:", "1000000×1000000", "memory limit"}, 40, false},
		{"a real PNG of 81 MB of pixels, --max-memory 64", []string{"--max-memory", "64", "render", at("grey.png"), "-o", out}, 1,
			[]string{at("grey.png") + ":", "9000×9000", "over the 64 MB memory limit"}, 40, false},
		{"a piece placed at 1e30", []string{"bake", layout, "-o", "-"}, 1,
			[]string{"L.LAYOUT", "1e+30", "cells"}, 40, false},
		{"MLZ0 layer decoding to 128 MB, --max-memory 64", []string{"--max-memory", "64", "ls", at("mlz0.dat")}, 1,
			[]string{at("mlz0.dat") + ":", "MLZ0 layer", "over the 64 MB memory limit"}, 40, false},
		{"two 64 MB btx in a zip, extract --png, --max-memory 300", []string{"--max-memory", "300", "extract", at("btx.zip"), "--png", "-o", out}, 0,
			nil, 340, true},
		{"a 160 MB .DAT, extract --decompile, --max-memory 64", []string{"--max-memory", "64", "extract", at("dat.zip"), "--decompile", "-o", out + "d"}, 0,
			nil, 64, false},
		{"ls of a FIFO", []string{"ls", at("fifo")}, 1, []string{at("fifo") + ": not a regular file", "FIFO"}, 40, false},
		{"info of a FIFO", []string{"info", at("fifo")}, 1, []string{at("fifo") + ": not a regular file"}, 40, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, _, stderr, peak := runChild(t, nil, c.args...)
			t.Logf("exit %d, peak %d MB: %s", code, peak, strings.TrimSpace(stderr))
			if code != c.code {
				t.Errorf("exit %d, want %d", code, c.code)
			}
			if c.code != 0 {
				if n := strings.Count(strings.TrimSpace(stderr), "\n"); n != 0 {
					t.Errorf("error is %d lines, want one", n+1)
				}
				if strings.Contains(stderr, "panic") || strings.Contains(stderr, "fatal error") {
					t.Errorf("crashed")
				}
			}
			for _, w := range c.want {
				if !strings.Contains(stderr, w) {
					t.Errorf("stderr lacks %q", w)
				}
			}
			if peak > c.maxMB {
				t.Errorf("peak %d MB, want at most %d", peak, c.maxMB)
			}
		})
	}
	// What the allowed ones wrote.
	for _, n := range []string{"A.BTX.png", "B.BTX.png"} {
		if fi, err := os.Stat(filepath.Join(out, n)); err != nil || fi.Size() == 0 {
			t.Errorf("%s: %v", n, err)
		}
	}
	if fi, err := os.Stat(filepath.Join(out+"d", "MEDIA", "X.DAT")); err != nil || fi.Size() != 160<<20 {
		t.Errorf("the kept .DAT: %v %v", fi, err)
	}
}
