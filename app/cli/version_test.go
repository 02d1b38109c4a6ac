package cli

import (
	"bytes"
	"testing"

	"packsmith/backend/sys/version"
)

func TestVersionCommandShowsBuildVersion(t *testing.T) {
	old := version.Version
	t.Cleanup(func() { version.Version = old })
	version.Version = "v1.2.3-4-gabcdef0"
	for _, arg := range []string{"version", "--version"} {
		var out, errb bytes.Buffer
		if code := Run([]string{arg}, &out, &errb); code != ExitOK {
			t.Fatalf("%s: exit %d, stderr %q", arg, code, errb.String())
		}
		if got := out.String(); got != "packsmith v1.2.3-4-gabcdef0\n" {
			t.Errorf("%s printed %q", arg, got)
		}
	}
}
