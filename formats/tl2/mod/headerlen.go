package mod

import "io"

// The header's length is its offData (the data section starts where the
// header ends), and where offData sits depends on the version: byte 12 in
// version 4 (after the game version), byte 4 in versions 2 and 3, and in
// version 1 after (modver+1) nine-byte GUID records. A reader that takes
// byte 12 for every version reads a string's bytes as the length of an
// older header; one that reads a fixed megabyte reads a thousand times a
// real header's size. HeaderLength and ReadHeader read it as NewReader
// does (headerOffsets), so a header reads the same everywhere.

// HeaderLength is the length of the header of the .MOD in r, a file of
// size bytes: its offData, read where the header's version puts it, and
// checked as NewReader checks it (inside the file, before a plausible
// offMan, at most max bytes; max 0 is Options' default cap). Errors are
// *FormatError: ErrHeaderVersion, ErrFormat, ErrTooLarge.
func HeaderLength(r io.ReaderAt, size, max int64) (int64, error) {
	offData, _, err := headerOffsets(r, size, (&Options{MaxHeaderSize: max}).withDefaults())
	return offData, err
}

// ReadHeader decodes the header of the .MOD in r (size bytes), reading
// its own bytes only (HeaderLength of them, capped at max).
func ReadHeader(r io.ReaderAt, size, max int64) (*Header, error) {
	n, err := HeaderLength(r, size, max)
	if err != nil {
		return nil, err
	}
	b := make([]byte, n)
	if _, err := r.ReadAt(b, 0); err != nil {
		return nil, formatErr("", 0, ErrFormat, "reading the %d-byte header: %v", n, err)
	}
	h, _, err := parseHeader(b)
	return h, err
}
