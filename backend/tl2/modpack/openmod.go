package modpack

import (
	"fmt"
	"os"

	"packsmith/formats/tl2/mod"
)

// OpenMod opens the .MOD (or DATA.PAK) at path for reading: the file,
// which the caller closes, and its Reader. An error names the path.
// (formats/tl2/mod reads from an io.ReaderAt; opening files is here.)
func OpenMod(path string, opts *mod.Options) (*os.File, *mod.Reader, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	r, err := mod.NewReader(f, st.Size(), opts)
	if err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	return f, r, nil
}
