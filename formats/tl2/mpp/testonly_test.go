package mpp

// Helpers only tests use, moved out of the package's production files.

// RegionAt returns the region of cell (x, y), or -1 when it is not walkable.
func (a *Analysis) RegionAt(x, y int) int {
	if x < 0 || y < 0 || x >= a.Width || y >= a.Height || a.labels == nil {
		return -1
	}
	return int(a.labels[y*a.Width+x])
}
