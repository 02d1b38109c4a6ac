package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// --time NaN and ±Inf are refused before anything is read: they posed
// the mesh at no time at all and drew a blank picture, exit 0.
func TestRenderTimeNotFinite(t *testing.T) {
	for v, shown := range map[string]string{"NaN": "NaN", "Inf": "+Inf", "-Inf": "-Inf", "+Inf": "+Inf"} {
		out := filepath.Join(t.TempDir(), "o.png")
		_, stderr, code := run(t, "render", "no-such.MESH", "-o", out, "--anim", "Idle", "--time", v)
		if code != ExitUsage || !strings.Contains(stderr, "--time "+shown+": want a finite number of seconds") {
			t.Errorf("--time %s: exit %d: %s", v, code, stderr)
		}
	}
}
