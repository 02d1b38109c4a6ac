package skin

import (
	"packsmith/formats/ogre/skeleton"
)

// Helpers only tests use, moved out of the package's production files
// (deadcode -test, issue 45).

// Bind is the skeleton in its bind pose: every skinning matrix is
// Identity exactly.
func Bind(sk *skeleton.Skeleton) *Pose {
	p := &Pose{Handles: handles(sk)}
	p.World = worlds(sk, bindLocals(sk))
	p.Skin = make([]Mat, len(sk.Bones))
	for i := range p.Skin {
		p.Skin[i] = Identity
	}
	return p
}
