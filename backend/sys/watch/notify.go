package watch

import (
	"path"
	"strings"
	"sync"
)

// A notifier is the system's change notification for one folder (inotify
// on Linux, ReadDirectoryChangesW on Windows). It only shortens the wait:
// the Watcher still decides what changed by looking at the files, and its
// poll still runs, for the places notifications do not reach (network
// shares, Wine's Z: drive) and the folders a notifier could not watch
// (inotify's per-user limit). Without it a save waits for the next poll,
// 0.5 s on average and up to 2 s on a 33,000-file mod, where the issue
// (35) allows one second from save to deployed .MOD.
type notifier interface {
	// ready is signalled (buffered, never blocking the sender) when take
	// has something.
	ready() <-chan struct{}
	// take returns the paths ('/'-separated, relative to the root) named
	// by events since the last take, and whether the watcher must walk
	// the whole folder instead (a folder appeared, vanished or moved, or
	// the system dropped events).
	take() (paths []string, rescan bool)
	// watchDirs tells the notifier the folders a walk found, relative to
	// the root ("." for the root); a notifier that watches the whole tree
	// with one handle ignores it.
	watchDirs(rels []string)
	close()
}

// pending collects event paths between takes; both notifiers use it.
type pending struct {
	mu     sync.Mutex
	paths  map[string]bool
	rescan bool
	sig    chan struct{}
}

func newPending() *pending {
	return &pending{paths: map[string]bool{}, sig: make(chan struct{}, 1)}
}

// cap on paths kept between takes: past it a walk is cheaper than a stat
// per path, and memory stays bounded whatever a build tool writes.
const maxPending = 4096

func (p *pending) add(rel string, rescan bool) {
	p.mu.Lock()
	switch {
	case rescan || len(p.paths) >= maxPending:
		p.rescan = true
		p.paths = map[string]bool{}
	case !p.rescan:
		p.paths[cleanRel(rel)] = true
	}
	p.mu.Unlock()
	select {
	case p.sig <- struct{}{}:
	default:
	}
}

func (p *pending) ready() <-chan struct{} { return p.sig }

func (p *pending) take() ([]string, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := make([]string, 0, len(p.paths))
	for k := range p.paths {
		out = append(out, k)
	}
	r := p.rescan
	p.paths, p.rescan = map[string]bool{}, false
	return out, r
}

// cleanRel turns an event's name ('\' on Windows) into a key of the
// Watcher's map.
func cleanRel(rel string) string {
	return path.Clean(strings.ReplaceAll(rel, `\`, "/"))
}
