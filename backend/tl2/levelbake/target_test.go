package levelbake

import "testing"

func TestLayoutTargetAndGridPath(t *testing.T) {
	for _, c := range []struct {
		path, root, grid string
		ok               bool
	}{
		{"MEDIA/LAYOUTS/A/X.LAYOUT", "", "MEDIA/LAYOUTS/A/X.MPP", true},
		{"media/layouts/a/x.layout", "", "media/layouts/a/x.mpp", true},
		{"MYMOD/MEDIA/LAYOUTS/X.Layout", "MYMOD/", "MYMOD/MEDIA/LAYOUTS/X.MPP", true},
		{"MEDIA/LAYOUTS/X.DAT", "", "", false},
		{"LAYOUTS/X.LAYOUT", "", "", false},
	} {
		root, ok := LayoutTarget(c.path)
		if ok != c.ok || root != c.root {
			t.Errorf("LayoutTarget(%q) = %q, %v; want %q, %v", c.path, root, ok, c.root, c.ok)
		}
		if c.ok && GridPath(c.path) != c.grid {
			t.Errorf("GridPath(%q) = %q, want %q", c.path, GridPath(c.path), c.grid)
		}
	}
}
