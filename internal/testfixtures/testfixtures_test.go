package testfixtures

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestRequiredFails runs the test binary on TestChildAbsent: with
// PACKSMITH_REQUIRE_FIXTURES=1 an absent fixture folder fails, without it
// the test skips.
func TestRequiredFails(t *testing.T) {
	for _, c := range []struct {
		require string
		fail    bool
	}{{"", false}, {"1", true}} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestChildAbsent$", "-test.v")
		cmd.Env = append(os.Environ(), "PACKSMITH_FIXTURES="+t.TempDir(), "PACKSMITH_REQUIRE_FIXTURES="+c.require, "FIXTURES_CHILD=1")
		out, err := cmd.CombinedOutput()
		if (err != nil) != c.fail {
			t.Errorf("require=%q: err %v\n%s", c.require, err, out)
		}
		if want := map[bool]string{false: "--- SKIP", true: "--- FAIL"}[c.fail]; !strings.Contains(string(out), want) {
			t.Errorf("require=%q: want %s:\n%s", c.require, want, out)
		}
	}
}

func TestChildAbsent(t *testing.T) {
	if os.Getenv("FIXTURES_CHILD") == "" {
		t.Skip("run by TestRequiredFails")
	}
	Dir(t, "tl2")
}

func TestAtLeast(t *testing.T) {
	ft := &fakeT{TB: t}
	func() {
		defer func() { recover() }()
		AtLeast(ft, 3, 7, "RAW files")
	}()
	if !strings.Contains(ft.msg, "found 3 RAW files, the fixtures hold at least 7") {
		t.Fatalf("AtLeast(3, 7): %q", ft.msg)
	}
	AtLeast(t, 7, 7, "RAW files") // enough: nothing happens
}

// fakeT records Fatalf instead of stopping the real test.
type fakeT struct {
	testing.TB
	msg string
}

func (f *fakeT) Helper() {}
func (f *fakeT) Fatalf(format string, args ...any) {
	f.msg = fmt.Sprintf(format, args...)
	panic("fatal")
}
