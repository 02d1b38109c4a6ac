package watch

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"sync/atomic"
	"syscall"
	"unicode/utf16"
)

// ReadDirectoryChangesW watches a whole tree through one handle. It runs
// overlapped on a completion port so that close can wake the goroutine
// (PostQueuedCompletionStatus) instead of leaving it blocked in the call.
type rdcw struct {
	*pending
	root      string
	dir, port syscall.Handle
	stopping  atomic.Bool
}

const (
	fileListDirectory = 0x1 // FILE_LIST_DIRECTORY
	stopKey           = 1
	rdcwMask          = syscall.FILE_NOTIFY_CHANGE_FILE_NAME | syscall.FILE_NOTIFY_CHANGE_DIR_NAME |
		syscall.FILE_NOTIFY_CHANGE_SIZE | syscall.FILE_NOTIFY_CHANGE_LAST_WRITE
	fileActionRemoved, fileActionRenamedOld = 2, 4
)

func newNotifier(root string) notifier {
	p, err := syscall.UTF16PtrFromString(root)
	if err != nil {
		return nil
	}
	h, err := syscall.CreateFile(p, fileListDirectory,
		syscall.FILE_SHARE_READ|syscall.FILE_SHARE_WRITE|syscall.FILE_SHARE_DELETE, nil,
		syscall.OPEN_EXISTING, syscall.FILE_FLAG_BACKUP_SEMANTICS|syscall.FILE_FLAG_OVERLAPPED, 0)
	if err != nil {
		return nil // polling alone
	}
	port, err := syscall.CreateIoCompletionPort(h, 0, 0, 1)
	if err != nil {
		syscall.CloseHandle(h)
		return nil
	}
	n := &rdcw{pending: newPending(), root: root, dir: h, port: port}
	go n.loop()
	return n
}

func (n *rdcw) watchDirs([]string) {} // one handle covers the tree

func (n *rdcw) loop() {
	defer syscall.CloseHandle(n.port)
	defer syscall.CloseHandle(n.dir)
	buf := make([]byte, 64<<10) // DWORD-aligned: the runtime aligns large allocations
	var ov syscall.Overlapped
	for !n.stopping.Load() {
		if err := syscall.ReadDirectoryChanges(n.dir, &buf[0], uint32(len(buf)), true, rdcwMask, nil, &ov, 0); err != nil {
			return // the folder went away: the poll carries on
		}
		var got, key uint32
		var done *syscall.Overlapped
		err := syscall.GetQueuedCompletionStatus(n.port, &got, &key, &done, syscall.INFINITE)
		if key == stopKey || n.stopping.Load() {
			if done != &ov {
				// The read is still pending and writes into buf and ov:
				// cancel it and wait for its completion before they go.
				syscall.CancelIoEx(n.dir, &ov)
				syscall.GetQueuedCompletionStatus(n.port, &got, &key, &done, 2000)
			}
			return
		}
		if err != nil {
			return
		}
		if got == 0 { // the system's buffer overflowed: events were lost
			n.add("", true)
			continue
		}
		n.parse(buf[:got])
	}
}

// parse reads FILE_NOTIFY_INFORMATION records: NextEntryOffset, Action,
// FileNameLength (bytes) as little-endian DWORDs, then the UTF-16 name
// relative to the watched folder.
func (n *rdcw) parse(b []byte) {
	for {
		if len(b) < 12 {
			return
		}
		next := binary.LittleEndian.Uint32(b[0:])
		action := binary.LittleEndian.Uint32(b[4:])
		nameLen := int(binary.LittleEndian.Uint32(b[8:]))
		if 12+nameLen > len(b) {
			return
		}
		u := make([]uint16, nameLen/2)
		for i := range u {
			u[i] = binary.LittleEndian.Uint16(b[12+2*i:])
		}
		rel := string(utf16.Decode(u))
		// The record does not say whether the name is a folder: one that
		// exists now is looked at; a removed one is recognised by the
		// Watcher (it had files under that name).
		folder := false
		if action != fileActionRemoved && action != fileActionRenamedOld {
			if fi, err := os.Lstat(filepath.Join(n.root, rel)); err == nil && fi.IsDir() {
				folder = true
			}
		}
		n.add(rel, folder)
		if next == 0 || int(next) >= len(b) {
			return
		}
		b = b[next:]
	}
}

func (n *rdcw) close() {
	if n.stopping.Swap(true) {
		return
	}
	syscall.PostQueuedCompletionStatus(n.port, 0, stopKey, nil)
}
