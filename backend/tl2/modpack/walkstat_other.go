//go:build !(linux && (amd64 || arm64))

package modpack

import "os"

// dirHandle stats by path here (walkstat_linux.go stats by name in the
// folder).
type dirHandle struct{}

// listFolder is os.ReadDir; files are statted by path (statAt on nil).
func listFolder(abs string) ([]dirEntry, *dirHandle, error) {
	ents, err := os.ReadDir(abs)
	if err != nil {
		return nil, nil, err
	}
	out := make([]dirEntry, len(ents))
	for i, e := range ents {
		out[i] = dirEntry{name: e.Name(), typ: e.Type(), ent: e}
	}
	return out, nil, nil
}

func (d *dirHandle) close() {}

func (d *dirHandle) statAt(abs, _ string) (fileStat, error) { return statPath(abs) }
