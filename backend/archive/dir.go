package archive

import (
	"fmt"
	"io"
	"os"
)

// DirDriver opens a folder as an archive (a game folder, a mod folder).
// Several may claim one folder: the highest score wins, so a game's own
// view of its folder beats a generic listing of the files.
type DirDriver interface {
	Name() string
	// DetectDir scores a folder: 0 means not this driver's.
	DetectDir(dir string) int
	OpenDir(dir string, opts OpenOptions) (Archive, error)
}

var dirDrivers []DirDriver

// AnyFolder is the score of the listing every folder gets (dirdrv); a
// family that claims a folder as its own (a game folder) scores above it.
const AnyFolder = 1

// Claimed reports whether a family claims dir as its own, beyond the
// listing any folder gets, from the drivers' scores alone: nothing is
// opened (the window asks this of every folder of the demo workspace).
func Claimed(dir string) bool {
	_, score := bestDir(dir)
	return score > AnyFolder
}

// RegisterDir adds a folder driver; drivers register themselves in init.
func RegisterDir(d DirDriver) {
	regMu.Lock()
	defer regMu.Unlock()
	dirDrivers = append(dirDrivers, d)
}

// DetectDir returns the folder driver with the highest score for dir.
func DetectDir(dir string) (DirDriver, error) {
	best, _ := bestDir(dir)
	if best == nil {
		return nil, fmt.Errorf("%s: %w (a folder no driver opens)", dir, ErrUnknownFormat)
	}
	return best, nil
}

// bestDir is the folder driver scoring dir highest and its score (nil, 0:
// none takes it).
func bestDir(dir string) (DirDriver, int) {
	regMu.RLock()
	defer regMu.RUnlock()
	var best DirDriver
	bestScore := 0
	for _, d := range dirDrivers {
		if s := d.DetectDir(dir); s > bestScore {
			best, bestScore = d, s
		}
	}
	return best, bestScore
}

// OpenDir opens a folder with the driver that scores it highest.
func OpenDir(dir string, opts OpenOptions) (Archive, error) {
	d, err := DetectDir(dir)
	if err != nil {
		return nil, err
	}
	return d.OpenDir(dir, opts)
}

// fallbacks are tried by Open when no family recognises a file.
var fallbacks []Driver

// RegisterFallback adds a driver Open tries only when no family recognises
// a file: loose files (a texture, a walk grid, a data file) open through it
// as a one-entry archive, straight into their preview.
func RegisterFallback(d Driver) {
	regMu.Lock()
	defer regMu.Unlock()
	fallbacks = append(fallbacks, d)
}

// openFallback opens p through the first fallback driver that takes it.
func openFallback(p string, opts OpenOptions) (Archive, bool, error) {
	regMu.RLock()
	fs := append([]Driver(nil), fallbacks...)
	regMu.RUnlock()
	if len(fs) == 0 {
		return nil, false, nil
	}
	head := readHead(p)
	for _, d := range fs {
		if d.Detect(p, head) {
			a, err := d.Open(p, opts)
			return a, true, err
		}
	}
	return nil, false, nil
}

func readHead(p string) []byte {
	f, err := os.Open(p)
	if err != nil {
		return nil
	}
	defer f.Close()
	head := make([]byte, HeadSize)
	n, _ := io.ReadFull(f, head)
	return head[:n]
}
