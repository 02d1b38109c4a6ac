// Package tl2names finds and loads the rg_hash name dictionary the TL2
// decompilers use. The codec (formats/tl2/rghash) only hashes and maps
// names it is given; where the list lives on this machine is decided here:
// the file named by $PACKSMITH_TL2_DICTIONARY, else
// shared/spec/data/dictionary.txt above the working directory or the
// executable (the list is read in place, never shipped: see rghash's doc),
// else the names built into rghash.
package tl2names

import (
	"os"
	"path/filepath"
	"sync"

	"packsmith/formats/tl2/rghash"
)

// Env names the environment variable that points at a dictionary file,
// overriding the search of Find.
const Env = "PACKSMITH_TL2_DICTIONARY"

// Find returns the path of the reference dictionary: $Env when set (and a
// file), else shared/spec/data/dictionary.txt in the working directory or
// the executable's folder or any folder above them.
func Find() (string, bool) {
	if p := os.Getenv(Env); p != "" {
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			return p, true
		}
		return "", false
	}
	var starts []string
	if wd, err := os.Getwd(); err == nil {
		starts = append(starts, wd)
	}
	if exe, err := os.Executable(); err == nil {
		starts = append(starts, filepath.Dir(exe))
	}
	rel := filepath.Join("shared", "spec", "data", "dictionary.txt")
	for _, dir := range starts {
		for {
			p := filepath.Join(dir, rel)
			if st, err := os.Stat(p); err == nil && !st.IsDir() {
				return p, true
			}
			parent := filepath.Dir(dir)
			if parent == dir {
				break
			}
			dir = parent
		}
	}
	return "", false
}

// LoadFile reads a dictionary file (`hash:name` lines, see rghash.Load).
func LoadFile(path string) (*rghash.Dictionary, rghash.LoadStats, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, rghash.LoadStats{}, err
	}
	defer f.Close()
	d := rghash.NewDictionary()
	st, err := d.Load(path, f)
	if err != nil {
		return nil, st, err
	}
	return d, st, nil
}

var (
	defaultOnce sync.Once
	defaultDict *rghash.Dictionary
	defaultErr  error
)

// Default returns the reference dictionary Find locates, loaded once and
// shared; when none is found, the names built into rghash (Builtin). Names
// it does not know decompile as UNK_<HEX8>, which still compile back to
// the same bytes.
func Default() (*rghash.Dictionary, error) {
	defaultOnce.Do(func() {
		p, ok := Find()
		if !ok {
			defaultDict = rghash.Builtin()
			return
		}
		d, _, err := LoadFile(p)
		if err != nil {
			defaultDict, defaultErr = rghash.NewDictionary(), err
			return
		}
		defaultDict = d
	})
	return defaultDict, defaultErr
}
