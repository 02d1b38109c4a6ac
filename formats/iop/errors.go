package iop

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
)

var (
	// ErrFormat means the bytes are not a pack (or are damaged).
	ErrFormat = errors.New("not a valid .iop pack")
	// ErrWrongPassword means the password does not open an encrypted entry.
	ErrWrongPassword = errors.New("wrong password")
	// ErrUnknownPassword means no password was given and none of the
	// published region passwords opens the pack.
	ErrUnknownPassword = errors.New("unknown password: none of the published region passwords opens this pack; give it with --password")
	// ErrChecksum means an entry's data does not match its CRC-32 or size.
	ErrChecksum = errors.New("checksum mismatch")
	// ErrTooLarge means a header asks for more than the reader allows.
	ErrTooLarge = errors.New("header asks for more than the allowed size")
	// ErrMethod means an entry uses a compression method other than stored or deflate.
	ErrMethod = errors.New("unsupported compression method")
)

// Error names the entry and the offset a problem was found at.
type Error struct {
	Entry  string // stored name; empty for pack-level problems
	Offset int64  // -1 when unknown
	Err    error
}

func (e *Error) Error() string {
	s := "iop"
	if e.Entry != "" {
		name := DisplayName(e.Entry)
		if strings.IndexFunc(name, func(r rune) bool { return !unicode.IsPrint(r) || r == '"' }) >= 0 {
			s += fmt.Sprintf(": entry %q", name)
		} else {
			s += `: entry "` + name + `"`
		}
	}
	if e.Offset >= 0 {
		s += fmt.Sprintf(" at offset 0x%X", e.Offset)
	}
	return s + ": " + e.Err.Error()
}

func (e *Error) Unwrap() error { return e.Err }

func errAt(entry string, off int64, format string, args ...any) error {
	return &Error{Entry: entry, Offset: off, Err: fmt.Errorf(format, args...)}
}
