package levelbake

import (
	"path/filepath"
	"strings"
)

// LayoutTarget says whether the entry at entryPath is a layout the bake
// takes (a .LAYOUT under a MEDIA folder, any case), and the root its
// MEDIA folder sits under (ArchiveRoot).
func LayoutTarget(entryPath string) (root string, ok bool) {
	root, ok = ArchiveRoot(entryPath)
	return root, ok && strings.EqualFold(filepath.Ext(entryPath), ".layout")
}

// GridPath is the walk grid a layout at layoutPath bakes to: the same
// name with .MPP, lower case when the layout's extension is.
func GridPath(layoutPath string) string {
	ext := filepath.Ext(layoutPath)
	grid := ".MPP"
	if ext == strings.ToLower(ext) {
		grid = ".mpp"
	}
	return strings.TrimSuffix(layoutPath, ext) + grid
}
