package cli

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"packsmith/internal/hermetic"
)

// childEnv, when set, makes the test binary run one command line (the
// arguments after "--") instead of the tests, then print its peak
// resident memory: the memory tests measure a real process.
const childEnv = "PACKSMITH_CLI_CHILD"

func TestMain(m *testing.M) {
	if os.Getenv(childEnv) == "1" {
		args := os.Args[1:]
		for i, a := range args {
			if a == "--" {
				args = args[i+1:]
				break
			}
		}
		code := Run(args, os.Stdout, os.Stderr)
		peak := "-1" // not measured: no /proc (Windows, macOS)
		if b, err := os.ReadFile("/proc/self/status"); err == nil {
			if m := regexp.MustCompile(`VmHWM:\s+(\d+) kB`).FindSubmatch(b); m != nil {
				peak = string(m[1])
			}
		}
		fmt.Fprintf(os.Stderr, "\npeak-kB %s\n", peak)
		os.Exit(code)
	}
	hermetic.Main(m)
}

// needPeak skips a test that measures peak memory where the child cannot
// read it (/proc/self/status is Linux's). Call it from the test's own
// goroutine, not from one it started.
func needPeak(t *testing.T) {
	t.Helper()
	if runtime.GOOS != "linux" {
		t.Skip("peak memory is read from /proc/self/status, which " + runtime.GOOS + " lacks")
	}
}

// runChild runs the CLI in a child process and returns its exit code,
// output and peak resident memory in MB (-1 where it is not measured: see
// needPeak). It may run in a goroutine of the test.
func runChild(t *testing.T, env []string, args ...string) (code int, stdout, stderr string, peakMB int) {
	t.Helper()
	cmd := exec.Command(os.Args[0], append([]string{"-test.run=^$", "--"}, args...)...)
	cmd.Env = append(append(os.Environ(), env...), childEnv+"=1")
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	code = cmd.ProcessState.ExitCode()
	if err != nil && code < 0 {
		t.Fatalf("child %v: %v", args, err)
	}
	rest, peakMB, ok := splitPeak(e.String())
	if !ok {
		t.Fatalf("child %v printed no peak: %s", args, e.String())
	}
	return code, o.String(), rest, peakMB
}

var peakLine = regexp.MustCompile(`\npeak-kB (-?\d+)\n`)

// splitPeak takes the child's peak line out of its standard error: the
// rest, the peak in MB (-1 where it is not measured) and whether the line
// was there.
func splitPeak(stderr string) (rest string, peakMB int, ok bool) {
	m := peakLine.FindStringSubmatch(stderr)
	if m == nil {
		return stderr, -1, false
	}
	kb, _ := strconv.Atoi(m[1])
	if kb >= 0 {
		peakMB = kb / 1024
	} else {
		peakMB = -1
	}
	return strings.Replace(stderr, m[0], "", 1), peakMB, true
}
