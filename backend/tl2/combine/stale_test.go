package combine

import (
	"fmt"
	"packsmith/backend/tl2/loadorder"
)

// Stale says why the combined mod file no longer holds its constituents
// as the load order v finds them ("" = current): its row's
// loadorder.ProbCombinedStale problem, the one home of the check.
func Stale(file string, v *loadorder.View) (string, error) {
	for _, m := range v.Mods {
		if m.File != file {
			continue
		}
		for _, p := range m.Problems {
			if p.Code == loadorder.ProbCombinedStale {
				return p.Message, nil
			}
		}
		return "", nil
	}
	return "", fmt.Errorf("%s is not in the load order's mods folder", file)
}
