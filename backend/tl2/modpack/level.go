package modpack

import (
	"fmt"

	"packsmith/formats/tl2/mod"
)

// assetLevels are the zlib levels of the kinds deflate barely shrinks,
// used when no level is asked for (Options.Level 0); everything else gets
// 6, GUTS's. Textures are DXT blocks and skeletons packed floats: on a
// released mod's shape (internal/tl2corpus.RealShape: 116 MB of skeletons,
// 68 MB of textures) they were two thirds of the full pack's deflate time
// at level 6. Each level is the fastest that keeps the fixtures' real
// files within a few per cent of level 6's size (klauspost's flate, share
// of the input kept, and speed against level 6's):
//
//	.DDS       level 6 0.588, level 4 0.599, level 3 0.612 (2.1× as fast), level 2 0.636
//	.SKELETON  level 6 0.612, level 4 0.620 (1.3× as fast), level 3 0.650, level 2 0.657
//
// Meshes stay at 6: level 4 costs them 5 % and they are 2 MB in all. A
// texture or skeleton that its level shrinks below a quarter after all
// (interface textures of blank blocks: a twenty-fourth) is deflated again
// at 6 (mod.Refold), where level 6 is fast and 10 % smaller.
var assetLevels = map[mod.FileType]int{mod.TypeDDS: 3, mod.TypeSkeleton: 4}

// zlibLevels is the writer's per-type level (mod.WriterOptions.LevelOf):
// assetLevels unless the caller asked for one level for everything.
func zlibLevels(asked int) func(mod.FileType) int {
	if asked != 0 {
		return nil
	}
	return func(t mod.FileType) int { return assetLevels[t] }
}

// assetLevelsKey names assetLevels in the pack cache's options: blocks a
// cache lists were compressed at those levels, so a repack reusing them
// gives the full pack's bytes only under the same ones.
func assetLevelsKey() string {
	return fmt.Sprintf("%v refold %d", assetLevels, mod.Refold) // fmt prints a map in key order
}
