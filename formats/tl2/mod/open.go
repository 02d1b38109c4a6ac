package mod

import (
	"fmt"
	"os"
)

// OpenFile opens the .MOD (or DATA.PAK) at path for reading: the file,
// which the caller closes, and its Reader. An error names the path.
func OpenFile(path string, opts *Options) (*os.File, *Reader, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	r, err := NewReader(f, st.Size(), opts)
	if err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	return f, r, nil
}
