//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package modpack

import (
	"io"
	"os"
	"syscall"
)

// Reading tens of thousands of small files is mostly system calls: on
// Linux os.ReadFile makes eight per file (open, two fcntl and an epoll
// registration that fails for a regular file, fstat, two reads, close).
// collect already knows each size, so a file here costs three: open, one
// read of size+1 bytes (a short read is the end), close.

// sizedFile is an open source file whose size collect saw.
type sizedFile struct {
	fd   int
	path string
	size int64 // as collected: a hint, the bytes read are what count
	n    int64
	eof  bool
}

func openSized(path string, size int64) (io.ReadCloser, error) {
	for {
		fd, err := syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return nil, &os.PathError{Op: "open", Path: path, Err: err}
		}
		return &sizedFile{fd: fd, path: path, size: size}, nil
	}
}

// Len is what remains by the collected size, for the writer's buffer
// sizing (mod.Writer's size hint).
func (f *sizedFile) Len() int {
	if r := f.size - f.n; r > 0 {
		return int(r)
	}
	return 0
}

func (f *sizedFile) Read(p []byte) (int, error) {
	if f.eof {
		return 0, io.EOF
	}
	if len(p) == 0 {
		return 0, nil
	}
	for {
		n, err := syscall.Read(f.fd, p)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return 0, &os.PathError{Op: "read", Path: f.path, Err: err}
		}
		if n <= 0 {
			f.eof = true
			return 0, io.EOF
		}
		f.n += int64(n)
		if n < len(p) && f.n >= f.size {
			// A short read of a regular file is its end: no second call.
			f.eof = true
			return n, io.EOF
		}
		return n, nil
	}
}

func (f *sizedFile) Close() error {
	if f.fd < 0 {
		return nil
	}
	err := syscall.Close(f.fd)
	f.fd = -1
	return err
}
