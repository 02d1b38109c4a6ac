// Package scratch makes Packsmith's files in the system's temporary folder
// (a large inflated payload, an edit's staged bytes) so that a later run can
// remove the ones a killed process left: every name is
//
//	packsmith-<kind>-<pid>-<random><suffix>
//
// and CleanStale, which every command runs once (and any process before it
// makes its first scratch file, the window included), removes the
// files and folders of the known kinds whose process is gone. A process
// that ends normally removes its own; a SIGKILL, a crash or a power cut
// leaves them, and a Reborn payload can be hundreds of megabytes.
package scratch

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"packsmith/backend/sys/procalive"
)

// Kinds are the names CleanStale may remove; any other packsmith-* entry
// in the temp folder (a test's hermetic folder) is never touched.
var kinds = []string{"reborn", "txte", "save", "merge", "combine"}

func pattern(kind, suffix string) string {
	return "packsmith-" + kind + "-" + strconv.Itoa(os.Getpid()) + "-*" + suffix
}

// CreateTemp makes a temporary file of kind (one of the known kinds) in the
// temp folder; the caller removes it.
func CreateTemp(kind, suffix string) (*os.File, error) {
	CleanStale()
	return os.CreateTemp("", pattern(kind, suffix))
}

// MkdirTemp makes a temporary folder of kind; the caller removes it.
func MkdirTemp(kind string) (string, error) {
	CleanStale()
	return os.MkdirTemp("", pattern(kind, ""))
}

// Path is the path of a file named name in a new temporary folder of
// kind (a build to deploy: the deploy copies it out); done removes the
// folder.
func Path(kind, name string) (p string, done func(), err error) {
	dir, err := MkdirTemp(kind)
	if err != nil {
		return "", nil, err
	}
	return filepath.Join(dir, name), func() { os.RemoveAll(dir) }, nil
}

// CleanStale removes, once per process, what killed processes left in the
// temp folder.
func CleanStale() { once.Do(func() { cleanIn(os.TempDir()) }) }

var once sync.Once

// owner is the pid in a scratch name, or 0. Names from before the pid was
// part of them (packsmith-reborn-<random>.payload) read their random
// digits as a pid that is not running, so those leftovers go too.
func owner(name string) int {
	for _, k := range kinds {
		rest, ok := strings.CutPrefix(name, "packsmith-"+k+"-")
		if !ok {
			continue
		}
		end := strings.IndexFunc(rest, func(r rune) bool { return r < '0' || r > '9' })
		if end < 0 {
			end = len(rest)
		}
		if pid, err := strconv.Atoi(rest[:end]); err == nil && pid > 0 {
			return pid
		}
	}
	return 0
}

func cleanIn(dir string) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range ents {
		pid := owner(e.Name())
		if pid == 0 || pid == os.Getpid() || procalive.Alive(pid) {
			continue
		}
		os.RemoveAll(filepath.Join(dir, e.Name()))
	}
}
