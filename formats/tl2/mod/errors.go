package mod

import (
	"errors"
	"fmt"
)

// Sentinel errors; every error this package returns wraps one of them, so
// callers can test with errors.Is.
var (
	// ErrFormat: the bytes do not follow the layout (truncated, out of
	// bounds, impossible counts).
	ErrFormat = errors.New("mod: malformed")
	// ErrHeaderVersion: the header version is not 1–4.
	ErrHeaderVersion = errors.New("mod: unknown header version")
	// ErrChecksum: an entry's CRC-32 or a hash does not match.
	ErrChecksum = errors.New("mod: checksum mismatch")
	// ErrTooLarge: a field asks for more than the Options allow.
	ErrTooLarge = errors.New("mod: too large")
	// ErrNotFound: no entry with that path.
	ErrNotFound = errors.New("mod: no such entry")
	// ErrDuplicate: the writer was given the same path twice.
	ErrDuplicate = errors.New("mod: duplicate path")
	// ErrClosed: the writer is closed or failed.
	ErrClosed = errors.New("mod: writer closed")
)

// FormatError locates a structural problem: what was wrong, in which entry
// (if any) and at which absolute file offset (-1 when unknown).
type FormatError struct {
	Entry  string
	Offset int64
	What   string
	Err    error // a sentinel above
}

func (e *FormatError) Error() string {
	s := "mod: "
	if e.Entry != "" {
		s += e.Entry + ": "
	}
	s += e.What
	if e.Offset >= 0 {
		s += fmt.Sprintf(" (offset 0x%X)", e.Offset)
	}
	return s
}

func (e *FormatError) Unwrap() error { return e.Err }

// CopyError is a block CopyRaw could not take from its source archive: a
// read that failed, or a head that disagrees with the manifest (Err, then
// a *FormatError). Blocks are copied in runs, so it may come back from a
// later CopyRaw, Add or Close than the call that named Entry: Entry, not
// the call, says which block failed.
type CopyError struct {
	Entry  string // the block's entry in the source (the run's first, for a failed read of a run)
	Offset int64  // absolute offset of that block in the source, -1 when unknown
	Blocks int    // how many blocks the failed read held (1 but for a run)
	Err    error
}

func (e *CopyError) Error() string {
	var fe *FormatError
	if errors.As(e.Err, &fe) && fe.Entry == e.Entry {
		return e.Err.Error() // it names the entry and the offset already
	}
	s := "mod: copying " + e.Entry
	if e.Blocks > 1 {
		s += fmt.Sprintf(" and the %d blocks after it", e.Blocks-1)
	}
	if e.Offset >= 0 {
		s += fmt.Sprintf(" (offset 0x%X)", e.Offset)
	}
	return s + ": " + e.Err.Error()
}

func (e *CopyError) Unwrap() error { return e.Err }

// HashError reports a stored hash that differs from the recomputed one.
type HashError struct {
	Field    string // "rollingHash", "reqHash", "crc32", "mhash"
	Entry    string // for crc32
	Offset   int64  // absolute, -1 when unknown
	Stored   uint64
	Computed uint64
}

func (e *HashError) Error() string {
	s := "mod: "
	if e.Entry != "" {
		s += e.Entry + ": "
	}
	s += fmt.Sprintf("bad %s: stored 0x%X, computed 0x%X", e.Field, e.Stored, e.Computed)
	if e.Offset >= 0 {
		s += fmt.Sprintf(" (offset 0x%X)", e.Offset)
	}
	return s
}

func (e *HashError) Unwrap() error { return ErrChecksum }

func formatErr(entry string, off int64, err error, format string, args ...any) error {
	return &FormatError{Entry: entry, Offset: off, What: fmt.Sprintf(format, args...), Err: err}
}
