package modpack

import "packsmith/formats/tl2/mod"

// AssetLevel is the zlib level of the .DDS, .SKELETON and .MESH blocks a
// pack writes when no level is asked for (Options.Level 0); everything
// else gets 6, GUTS's. Their bytes are DXT-compressed texels and packed
// floats, which deflate barely shrinks, yet on a released mod's shape
// (internal/tl2corpus.RealShape: 116 MB of skeletons, 68 MB of textures)
// they were two thirds of the pack's deflate time at level 6. Measured
// with klauspost's flate on the fixtures' real files, level 4 against 6:
// textures 0.599 against 0.588 of their size, skeletons 0.620 against
// 0.612; on RealShape the .MOD grows 1.7 % (150.9 → 153.4 MB) and the full
// pack takes 8–15 % less time. Level 3 and below shrink them far less
// (skeletons 0.650–0.661) for little more speed.
const AssetLevel = 4

// zlibLevels is the writer's per-type level (mod.WriterOptions.LevelOf):
// AssetLevel for textures, skeletons and meshes unless the caller asked
// for one level for everything.
func zlibLevels(asked int) func(mod.FileType) int {
	if asked != 0 {
		return nil
	}
	return func(t mod.FileType) int {
		switch t {
		case mod.TypeDDS, mod.TypeSkeleton, mod.TypeMesh:
			return AssetLevel
		}
		return 0
	}
}
