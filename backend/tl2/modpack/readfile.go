package modpack

import "io"

// readSized reads a whole file of about size bytes.
func readSized(path string, size int64) ([]byte, error) { return readSizedInto(nil, path, size) }

// readSizedInto is readSized into buf's memory when it can hold the file
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
