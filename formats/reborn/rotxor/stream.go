package rotxor

import (
	"errors"
	"fmt"
	"io"
)

// Errors for errors.Is. ErrSource is wrapped, with the reader's own
// error, by every failure to read the obfuscated (or plain) source: a
// source shorter than the size it was given is ErrSource and
// io.ErrUnexpectedEOF or io.EOF.
var (
	ErrNegativeOffset = errors.New("rotxor: negative offset")
	ErrSource         = errors.New("rotxor: reading the source failed")
)

// srcError is a read failure: err's text, ErrSource and err for errors.Is.
type srcError struct{ err error }

func (e *srcError) Error() string   { return e.err.Error() }
func (e *srcError) Unwrap() []error { return []error{ErrSource, e.err} }

func sourceError(err error) error { return &srcError{err} }

// mask XORs the key-1 and key-2 bytes that cover positions off.. of a
// buffer of n bytes into b (s is the key-2 start word).
func mask(b []byte, off, n int64, s int) {
	w1 := n &^ 3 // key 1 covers whole words from byte 0
	var w2 int64 // key 2 covers whole words from byte 16
	if n > 16 {
		w2 = 16 + (n-16)&^3
	}
	i1 := int((off + 4*Key1StartWord) % 60)
	for i := range b {
		q := off + int64(i)
		if q >= w1 {
			break
		}
		b[i] ^= Key1[i1]
		if i1++; i1 == 60 {
			i1 = 0
		}
	}
	if off+int64(len(b)) <= 16 || w2 <= 16 {
		return
	}
	start := max(off, 16)
	i2 := int((start - 16 + 4*int64(s%17)) % 68)
	for q := start; q < off+int64(len(b)) && q < w2; q++ {
		b[q-off] ^= Key2[i2]
		if i2++; i2 == 68 {
			i2 = 0
		}
	}
}

// Reader deobfuscates an obfuscated file on the fly: ReadAt at any offset
// returns what Decrypt would have put there, reading only the bytes it
// needs (byte i of the plain file depends on bytes i and i+1 of the
// obfuscated one, the last byte also on byte 0).
type Reader struct {
	r     io.ReaderAt
	n     int64
	first byte
	s     int
}

// NewReader wraps the n obfuscated bytes of r.
func NewReader(r io.ReaderAt, n int64) (*Reader, error) {
	d := &Reader{r: r, n: n}
	if n == 0 {
		return d, nil
	}
	var one [1]byte
	if _, err := r.ReadAt(one[:], 0); err != nil {
		return nil, sourceError(fmt.Errorf("rotxor: reading byte 0: %w", err))
	}
	d.first = one[0]
	if n > 16 {
		var b [1]byte
		if _, err := d.ReadAt(b[:], 15); err != nil {
			return nil, err
		}
		d.s = int(b[0] & 0x7F)
	}
	return d, nil
}

// Size is the length of the plain file.
func (d *Reader) Size() int64 { return d.n }

// ReadAt implements io.ReaderAt over the plain bytes.
func (d *Reader) ReadAt(p []byte, off int64) (int, error) {
	if off < 0 {
		return 0, ErrNegativeOffset
	}
	if off >= d.n {
		return 0, io.EOF
	}
	want := len(p)
	short := false
	if int64(want) > d.n-off {
		want, short = int(d.n-off), true
	}
	raw := make([]byte, want+1)
	need := want + 1
	if off+int64(need) > d.n {
		need = want
	}
	if _, err := d.r.ReadAt(raw[:need], off); err != nil && !(errors.Is(err, io.EOF) && need == want) {
		return 0, sourceError(fmt.Errorf("rotxor: reading 0x%X..0x%X: %w", off, off+int64(need), err))
	}
	if need == want {
		raw[want] = d.first // the last byte takes the first byte's top bits
	}
	for i := 0; i < want; i++ {
		p[i] = raw[i]<<3 | raw[i+1]>>5
	}
	mask(p[:want], off, d.n, d.s)
	if short {
		return want, io.EOF
	}
	return want, nil
}

// Encrypter obfuscates a plain file on the fly: ReadAt returns what Encrypt
// would have put at that offset.
type Encrypter struct {
	r    io.ReaderAt
	n    int64
	last byte // x[n-1]: the masked last byte, for byte 0
	s    int
}

// NewEncrypter wraps the n plain bytes of r.
func NewEncrypter(r io.ReaderAt, n int64) (*Encrypter, error) {
	e := &Encrypter{r: r, n: n}
	if n == 0 {
		return e, nil
	}
	if n > 16 {
		var b [1]byte
		if _, err := r.ReadAt(b[:], 15); err != nil {
			return nil, sourceError(fmt.Errorf("rotxor: reading byte 15: %w", err))
		}
		e.s = int(b[0] & 0x7F)
	}
	var b [1]byte
	if _, err := r.ReadAt(b[:], n-1); err != nil && !errors.Is(err, io.EOF) {
		return nil, sourceError(fmt.Errorf("rotxor: reading the last byte: %w", err))
	}
	mask(b[:], n-1, n, e.s)
	e.last = b[0]
	return e, nil
}

// ReadAt implements io.ReaderAt over the obfuscated bytes.
func (e *Encrypter) ReadAt(p []byte, off int64) (int, error) {
	if off < 0 {
		return 0, ErrNegativeOffset
	}
	if off >= e.n {
		return 0, io.EOF
	}
	want := len(p)
	short := false
	if int64(want) > e.n-off {
		want, short = int(e.n-off), true
	}
	// x[off-1 .. off+want-1]
	x := make([]byte, want+1)
	from := off - 1
	if off == 0 {
		x[0] = e.last
		if _, err := e.r.ReadAt(x[1:], 0); err != nil && !errors.Is(err, io.EOF) {
			return 0, sourceError(err)
		}
		mask(x[1:], 0, e.n, e.s)
	} else {
		if _, err := e.r.ReadAt(x, from); err != nil && !errors.Is(err, io.EOF) {
			return 0, sourceError(err)
		}
		mask(x, from, e.n, e.s)
	}
	for i := 0; i < want; i++ {
		p[i] = x[i]<<5 | x[i+1]>>3
	}
	if short {
		return want, io.EOF
	}
	return want, nil
}

// Xor1Magics are the first four bytes a payload wrapped only in "XOR with
// key 1" may start with for DetectXor1 to accept it.
var Xor1Magics = []string{"pakd", "MLZ0", "PK\x03\x04", "txte", "xlce", "btx\x00", "ashg", "ARC\x00", "SAS3", "sabf", "IDX0", "BMAR", "PGRS", "INVK", "TASK"}

// DetectXor1 tells whether head is a file XORed with key 1 alone (the game
// does this for movies, shaders and saves). The notes do not say which key
// word such files start from, so every one of the 15 is tried and a result
// is accepted only when it starts with one of Xor1Magics; the start word
// found is returned. A head shorter than 4 bytes is never accepted.
func DetectXor1(head []byte) (start int, ok bool) {
	if len(head) < 4 {
		return 0, false
	}
	for s := 0; s < 15; s++ {
		var w [4]byte
		copy(w[:], head)
		XorKey(w[:], Key1[:], s)
		for _, m := range Xor1Magics {
			if string(w[:]) == m {
				return s, true
			}
		}
	}
	return 0, false
}

// Xor1Reader undoes (or applies: the XOR is its own inverse) "XOR with key
// 1 from start word s" on the fly over the n bytes of r.
type Xor1Reader struct {
	R     io.ReaderAt
	N     int64
	Start int
}

// ReadAt implements io.ReaderAt.
func (x Xor1Reader) ReadAt(p []byte, off int64) (int, error) {
	if off >= x.N {
		return 0, io.EOF
	}
	if int64(len(p)) > x.N-off {
		p = p[:x.N-off]
	}
	n, err := x.R.ReadAt(p, off)
	w := x.N &^ 3
	i1 := int((off + 4*int64(x.Start)) % 60)
	for i := 0; i < n && off+int64(i) < w; i++ {
		p[i] ^= Key1[i1]
		if i1++; i1 == 60 {
			i1 = 0
		}
	}
	if err == nil && off+int64(n) == x.N {
		err = io.EOF
	}
	return n, err
}
