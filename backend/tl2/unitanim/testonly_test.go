package unitanim

import (
	"strings"
)

// Helpers only tests use, moved out of the package's production files
// (deadcode -test, issue 45).

// Find returns the animation named name (case-insensitive).
func Find(list []Animation, name string) (*Animation, bool) {
	for i := range list {
		if strings.EqualFold(list[i].Name, name) {
			return &list[i], true
		}
	}
	return nil, false
}
