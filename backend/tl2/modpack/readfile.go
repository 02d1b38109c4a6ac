package modpack

import (
	"bytes"
	"io"
)

// read reads f whole, into buf's memory when it can hold it: the file on
// disk (readSizedInto), or the bytes a PackMemory source holds, copied (a
// compile works in its buffer; the caller's bytes stay theirs).
func (f *srcFile) read(buf []byte) ([]byte, error) {
	if f.inMem {
		return append(buf[:0], f.mem...), nil
	}
	return readSizedInto(buf, f.abs, f.size)
}

// open opens f for one read from the start.
func (f *srcFile) open() (io.ReadCloser, error) {
	if f.inMem {
		return io.NopCloser(bytes.NewReader(f.mem)), nil
	}
	return openSized(f.abs, f.size)
}

// readSizedInto reads a whole file of about size bytes, into buf's memory when it can hold the file
// (a compile worker reads thousands of sources through one buffer instead
// of allocating each); the bytes read are returned, in a new array when
// buf was too small.
func readSizedInto(buf []byte, path string, size int64) ([]byte, error) {
	rc, err := openSized(path, size)
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	if size < 0 {
		size = 0
	}
	b := buf[:0]
	if int64(cap(b)) < size+1 {
		b = make([]byte, 0, size+1)
	}
	for {
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)]
		}
		n, err := rc.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err == io.EOF {
			return b, nil
		}
		if err != nil {
			return b, err
		}
	}
}
