//go:build unix

// Package benchchild runs one case of a benchmark in a child process (the
// test binary itself, running one Test function), so that the child's
// time and peak memory are that case's alone, not the parent's corpus
// generation. The child prints its figures as one JSON line after
// "BENCHRESULT " (Report); the parent reads it back (Run).
package benchchild

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

const prefix = "BENCHRESULT "

// Report prints v as the child's result line.
func Report(v any) {
	b, _ := json.Marshal(v)
	fmt.Printf("%s%s\n", prefix, b)
}

// Run runs the test named test of this binary in a child process with env
// added, decodes its result line into out, and returns the child's CPU
// time (user + system) and its rusage peak RSS in MB. That peak is an
// upper bound only: Linux carries the parent's peak over an exec from a
// vfork (Go's exec), so a child of a large parent reports at least the
// parent's size; a child that reports PeakMB() itself is exact.
func Run(tb testing.TB, test string, env []string, out any) (cpu time.Duration, rusageMB float64) {
	tb.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^"+test+"$", "-test.count=1")
	cmd.Env = append(os.Environ(), env...)
	var stdout bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		tb.Fatalf("child %s: %v\n%s", test, err, stdout.String())
	}
	sc := bufio.NewScanner(&stdout)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	for sc.Scan() {
		if l, ok := strings.CutPrefix(sc.Text(), prefix); ok {
			if err := json.Unmarshal([]byte(l), out); err != nil {
				tb.Fatalf("child %s: %v", test, err)
			}
		}
	}
	cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		rusageMB = float64(ru.Maxrss) / 1024 // kilobytes on Linux
	}
	return cpu, rusageMB
}

// PeakMB is this process's peak RSS (VmHWM of /proc/self/status: its own,
// since the exec), 0 where there is no /proc.
func PeakMB() float64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			var kb float64
			fmt.Sscan(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), &kb)
			return kb / 1024
		}
	}
	return 0
}
