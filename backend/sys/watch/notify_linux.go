package watch

import (
	"bytes"
	"encoding/binary"
	"os"
	"path"
	"path/filepath"
	"sync"
	"syscall"
)

// inotify watches one folder per watch descriptor, so the Watcher's walks
// hand it the folders they find. The descriptor is non-blocking and wrapped
// in an *os.File, so Close wakes the reading goroutine through the runtime
// poller instead of leaving it in read(2).
type inotify struct {
	*pending
	f    *os.File
	fd   int
	root string
	mu   sync.Mutex
	wds  map[int]string  // watch descriptor → folder, relative
	dirs map[string]bool // folders watched
	full bool            // the system refused another watch (its per-user limit)
}

const inotifyMask = syscall.IN_CLOSE_WRITE | syscall.IN_MODIFY | syscall.IN_ATTRIB |
	syscall.IN_CREATE | syscall.IN_DELETE | syscall.IN_MOVED_FROM | syscall.IN_MOVED_TO |
	syscall.IN_DELETE_SELF | syscall.IN_MOVE_SELF | syscall.IN_ONLYDIR

func newNotifier(root string) notifier {
	fd, err := syscall.InotifyInit1(syscall.IN_CLOEXEC | syscall.IN_NONBLOCK)
	if err != nil {
		return nil // polling alone
	}
	n := &inotify{pending: newPending(), f: os.NewFile(uintptr(fd), "inotify"), fd: fd, root: root,
		wds: map[int]string{}, dirs: map[string]bool{}}
	go n.read()
	return n
}

func (n *inotify) watchDirs(rels []string) {
	n.mu.Lock()
	defer n.mu.Unlock()
	for _, rel := range rels {
		if n.full || n.dirs[rel] {
			continue
		}
		wd, err := syscall.InotifyAddWatch(n.fd, filepath.Join(n.root, filepath.FromSlash(rel)), inotifyMask)
		if err == syscall.ENOSPC {
			n.full = true // the poll covers the rest
			continue
		}
		if err != nil {
			continue // vanished since the walk: the next walk sees it
		}
		n.wds[wd], n.dirs[rel] = rel, true
	}
}

func (n *inotify) read() {
	buf := make([]byte, 64<<10)
	for {
		k, err := n.f.Read(buf)
		if err != nil {
			return // closed
		}
		n.parse(buf[:k])
	}
}

// parse reads struct inotify_event records: wd int32, mask, cookie, len
// uint32, then len bytes of NUL-padded name.
func (n *inotify) parse(b []byte) {
	for len(b) >= syscall.SizeofInotifyEvent {
		wd := int(int32(binary.NativeEndian.Uint32(b[0:])))
		mask := binary.NativeEndian.Uint32(b[4:])
		nameLen := int(binary.NativeEndian.Uint32(b[12:]))
		end := syscall.SizeofInotifyEvent + nameLen
		if end > len(b) {
			return
		}
		name := string(bytes.TrimRight(b[syscall.SizeofInotifyEvent:end], "\x00"))
		b = b[end:]
		n.event(wd, mask, name)
	}
}

func (n *inotify) event(wd int, mask uint32, name string) {
	if mask&syscall.IN_Q_OVERFLOW != 0 {
		n.add("", true)
		return
	}
	n.mu.Lock()
	dir, ok := n.wds[wd]
	if mask&syscall.IN_IGNORED != 0 && ok {
		delete(n.wds, wd)
		delete(n.dirs, dir)
	}
	n.mu.Unlock()
	if !ok || mask&syscall.IN_IGNORED != 0 {
		return
	}
	// A folder created, removed or moved changes many paths at once, and
	// a new folder needs its own watch: walk.
	folder := mask&syscall.IN_ISDIR != 0 || mask&(syscall.IN_DELETE_SELF|syscall.IN_MOVE_SELF) != 0
	n.add(path.Join(dir, name), folder)
}

func (n *inotify) close() { n.f.Close() }
