package cli

import (
	"fmt"
	"strings"

	"packsmith/backend/archive"
)

// shadowEdits looks for paths a .MOD lists more than once before a repack:
// they are kept, or with drop dropped (an EditDropShadowed edit); note
// says which, one line each.
func shadowEdits(path, password string, drop bool) ([]archive.Edit, string, error) {
	a, err := archive.Open(path, archive.OpenOptions{Password: password})
	if err != nil {
		return nil, "", err
	}
	defer a.Close()
	shadowed := a.Capabilities().Shadowed
	if shadowed == nil {
		if drop {
			return nil, "", usageError{fmt.Sprintf("--drop-shadowed: %s archives cannot list a path twice", a.Family())}
		}
		return nil, "", nil
	}
	var b strings.Builder
	for _, s := range shadowed() {
		same := "different bytes"
		if s.Identical {
			same = "identical bytes"
		}
		if drop {
			fmt.Fprintf(&b, "dropped: %s, a second copy of %s (%s)\n", s.Path, s.Kept, same)
		} else {
			fmt.Fprintf(&b, "kept: %s is listed twice (%s); --drop-shadowed keeps only the copy a lookup finds\n", s.Path, same)
		}
	}
	if drop {
		return []archive.Edit{{Op: archive.EditDropShadowed}}, b.String(), nil
	}
	return nil, b.String(), nil
}
