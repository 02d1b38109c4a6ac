package rotxor

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"testing"
)

// A negative offset is ErrNegativeOffset; a source shorter than the size
// it was given is ErrSource and io.ErrUnexpectedEOF (or io.EOF), both
// through a caller's wrapping, with the texts as they were.
func TestSentinelErrors(t *testing.T) {
	plain := bytes.Repeat([]byte("0123456789abcdef"), 4)
	enc := bytes.Clone(plain)
	Encrypt(enc)
	d, err := NewReader(bytes.NewReader(enc), int64(len(enc)))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.ReadAt(make([]byte, 4), -1); !errors.Is(fmt.Errorf("x: %w", err), ErrNegativeOffset) || err.Error() != "rotxor: negative offset" {
		t.Errorf("negative offset: %v", err)
	}
	e, err := NewEncrypter(bytes.NewReader(plain), int64(len(plain)))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.ReadAt(make([]byte, 4), -1); !errors.Is(err, ErrNegativeOffset) {
		t.Errorf("encrypter, negative offset: %v", err)
	}
	// The source holds 40 of the 64 bytes it is said to hold.
	short, err := NewReader(bytes.NewReader(enc[:40]), int64(len(enc)))
	if err != nil {
		t.Fatal(err)
	}
	_, err = short.ReadAt(make([]byte, 16), 32)
	if w := fmt.Errorf("open: %w", err); !errors.Is(w, ErrSource) || !(errors.Is(w, io.EOF) || errors.Is(w, io.ErrUnexpectedEOF)) || errors.Is(w, ErrNegativeOffset) ||
		err.Error() != "rotxor: reading 0x20..0x31: EOF" {
		t.Errorf("short source: %v", err)
	}
	if _, err := NewReader(bytes.NewReader(nil), 10); !errors.Is(err, ErrSource) || err.Error() != "rotxor: reading byte 0: EOF" {
		t.Errorf("empty source: %v", err)
	}
	got := make([]byte, 16)
	if _, err := d.ReadAt(got, 16); err != nil || !bytes.Equal(got, plain[16:32]) {
		t.Errorf("a good read: %v %q", err, got)
	}
}
