package extract

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"packsmith/backend/sys/procalive"
)

// CleanStale removes staging folders in dir left by extracts whose process
// is gone (killed, or the machine lost power). Folders of live processes,
// and names it cannot read a pid from, are left alone.
func CleanStale(dir string) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range ents {
		name := e.Name()
		if !e.IsDir() || !strings.HasPrefix(name, StagePrefix) {
			continue
		}
		pidText, _, _ := strings.Cut(strings.TrimPrefix(name, StagePrefix), "-")
		pid, err := strconv.Atoi(pidText)
		if err != nil || pid == os.Getpid() || procalive.Alive(pid) {
			continue
		}
		os.RemoveAll(filepath.Join(dir, name))
	}
}
