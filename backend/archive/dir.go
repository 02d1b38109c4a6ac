package archive

import (
	"fmt"
	"os"
	"sort"
)

// DirDriver opens a folder as an archive: a mod folder, an extracted game
// folder, a game's own data folder. Several may fit one folder; the one
// whose DetectDir scores highest opens it. The generic folder view scores 1,
// so a family's folder view (the Reborn Data/ folder, a Lost Saga game
// folder) wins by scoring more.
type DirDriver interface {
	Name() string
	// DetectDir scores how well the folder fits: 0 not at all.
	DetectDir(dir string) int
	OpenDir(dir string, opts OpenOptions) (Archive, error)
}

var (
	dirDrivers []DirDriver
	fallbacks  []Driver
)

// RegisterDir adds a folder driver; drivers register themselves in init.
func RegisterDir(d DirDriver) {
	regMu.Lock()
	defer regMu.Unlock()
	dirDrivers = append(dirDrivers, d)
	sort.SliceStable(dirDrivers, func(i, j int) bool { return dirDrivers[i].Name() < dirDrivers[j].Name() })
}

// RegisterFallback adds a driver Open tries only when no family recognises
// a file: loose files (a texture, a walk grid, a data file) open through it
// as a one-entry archive, straight into their preview.
func RegisterFallback(d Driver) {
	regMu.Lock()
	defer regMu.Unlock()
	fallbacks = append(fallbacks, d)
}

// DetectDir returns the folder driver scoring highest for dir.
func DetectDir(dir string) (DirDriver, error) {
	regMu.RLock()
	ds := append([]DirDriver(nil), dirDrivers...)
	regMu.RUnlock()
	var best DirDriver
	score := 0
	for _, d := range ds {
		if s := d.DetectDir(dir); s > score {
			best, score = d, s
		}
	}
	if best == nil {
		return nil, fmt.Errorf("%s: a folder, and no folder view is built in", dir)
	}
	return best, nil
}

// openPath opens a folder through its best folder driver, or a file no
// family knows through a fallback driver; handled is false when p is a file
// a family should open.
func openPath(p string, opts OpenOptions) (a Archive, handled bool, err error) {
	st, err := os.Stat(p)
	if err != nil {
		return nil, true, err
	}
	if !st.IsDir() {
		return nil, false, nil
	}
	d, err := DetectDir(p)
	if err != nil {
		return nil, true, err
	}
	a, err = d.OpenDir(p, opts)
	return a, true, err
}

// openFallback opens p through the first fallback driver that takes it.
func openFallback(p string, head []byte, opts OpenOptions) (Archive, bool, error) {
	regMu.RLock()
	fs := append([]Driver(nil), fallbacks...)
	regMu.RUnlock()
	for _, d := range fs {
		if d.Detect(p, head) {
			a, err := d.Open(p, opts)
			return a, true, err
		}
	}
	return nil, false, nil
}
