package safefile

import "syscall"

// syncFileRangeWrite is SYNC_FILE_RANGE_WRITE (linux/fs.h): start writing
// the range's dirty pages out, wait for none of it.
const syncFileRangeWrite = 2

// StartWriteback asks the kernel to start writing what the file holds so
// far to the disk, without waiting (sync_file_range). Commit's flush then
// finds most of it written: a 128 MB .MOD made by copying in the kernel
// left the whole file dirty for the flush, up to 16 ms on the pack's path
// at the end. Errors are not reported: Commit's flush says what matters.
// The call holds the file open through its SyscallConn, so a Commit or
// Abort on another goroutine cannot close the descriptor under it.
func (f *File) StartWriteback() {
	if f == nil || f.File == nil {
		return
	}
	rc, err := f.File.SyscallConn()
	if err != nil {
		return
	}
	rc.Control(func(fd uintptr) { syscall.SyncFileRange(int(fd), 0, 0, syncFileRangeWrite) })
}
