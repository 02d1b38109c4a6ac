package safefile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"unsafe"
)

// OpenShared opens name for reading as os.Open does, but shares it for
// delete as well as read and write, so a save elsewhere (another tab, the
// command line) can rename a new file over it: the handle keeps reading
// the old bytes.
func OpenShared(name string) (*os.File, error) {
	if name == "" {
		return nil, &os.PathError{Op: "open", Path: name, Err: syscall.ENOENT}
	}
	p, err := syscall.UTF16PtrFromString(longPath(name))
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: name, Err: err}
	}
	// FILE_FLAG_BACKUP_SEMANTICS: a folder opens too, as with os.Open.
	h, err := syscall.CreateFile(p, syscall.GENERIC_READ,
		syscall.FILE_SHARE_READ|syscall.FILE_SHARE_WRITE|syscall.FILE_SHARE_DELETE,
		nil, syscall.OPEN_EXISTING, syscall.FILE_ATTRIBUTE_NORMAL|syscall.FILE_FLAG_BACKUP_SEMANTICS, 0)
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: name, Err: err}
	}
	return os.NewFile(uintptr(h), name), nil
}

// longPath gives a path past the old 260-character limit the \\?\ form
// (which takes only absolute, cleaned paths); shorter ones are left as
// they are.
func longPath(name string) string {
	if len(name) < 248 || strings.HasPrefix(name, `\\?\`) {
		return name
	}
	abs, err := filepath.Abs(name)
	if err != nil {
		return name
	}
	if strings.HasPrefix(abs, `\\`) {
		return `\\?\UNC\` + abs[2:]
	}
	return `\\?\` + abs
}

var (
	kernel32                       = syscall.NewLazyDLL("kernel32.dll")
	procSetFileInformationByHandle = kernel32.NewProc("SetFileInformationByHandle")
)

const (
	fileRenameInfoEx      = 22 // FILE_INFO_BY_HANDLE_CLASS
	renameReplaceIfExists = 0x1
	renamePosixSemantics  = 0x2
	accessDelete          = 0x00010000
)

// fileRenameInfo is FILE_RENAME_INFO's head (Go lays it out as C does):
// the flags (a BOOLEAN for FileRenameInfo), the root folder (nil: the
// name is absolute), the name's length in bytes without the NUL, and the
// name, which runs past the struct.
type fileRenameInfo struct {
	Flags      uint32
	Root       syscall.Handle
	NameLength uint32
	Name       [1]uint16
}

// replace renames with POSIX semantics first; a system before Windows 10
// 1709, or a volume without them (FAT, some network shares), answers with
// an error and gets MoveFileEx(MOVEFILE_REPLACE_EXISTING), os.Rename's
// call; refused because to is open, to is moved aside first.
func replace(from, to string) error {
	if posixRename(from, to) == nil {
		return nil
	}
	err := os.Rename(from, to)
	if err != nil && errors.Is(err, fs.ErrPermission) {
		return replaceAside(from, to, err)
	}
	return err
}

func posixRename(from, to string) error {
	abs, err := filepath.Abs(to)
	if err != nil {
		return err
	}
	name, err := syscall.UTF16FromString(longPath(abs))
	if err != nil {
		return err
	}
	src, err := syscall.UTF16PtrFromString(longPath(from))
	if err != nil {
		return err
	}
	h, err := syscall.CreateFile(src, accessDelete|syscall.SYNCHRONIZE,
		syscall.FILE_SHARE_READ|syscall.FILE_SHARE_WRITE|syscall.FILE_SHARE_DELETE,
		nil, syscall.OPEN_EXISTING, syscall.FILE_FLAG_OPEN_REPARSE_POINT, 0)
	if err != nil {
		return err
	}
	defer syscall.CloseHandle(h)
	// The buffer is of uint64s so the handle field is aligned.
	off := unsafe.Offsetof(fileRenameInfo{}.Name)
	size := off + uintptr(2*len(name))
	buf := make([]uint64, (size+7)/8)
	info := (*fileRenameInfo)(unsafe.Pointer(&buf[0]))
	info.Flags = renameReplaceIfExists | renamePosixSemantics
	info.NameLength = uint32(2 * (len(name) - 1))
	copy(unsafe.Slice((*uint16)(unsafe.Add(unsafe.Pointer(info), off)), len(name)), name)
	r, _, e := procSetFileInformationByHandle.Call(uintptr(h), fileRenameInfoEx, uintptr(unsafe.Pointer(info)), size)
	if r == 0 {
		return e
	}
	return nil
}
