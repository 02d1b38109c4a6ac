package bytecount

import "io"

// Writer passes writes to W and adds the bytes W accepted to N. OnWrite,
// when set, is called with each write's count too (progress reporting).
// The zero value is not usable: W must be set.
type Writer struct {
	W       io.Writer
	N       int64
	OnWrite func(n int64)
}

// New returns a Writer over w with N at zero.
func New(w io.Writer) *Writer { return &Writer{W: w} }

// Write counts what W wrote, even when W fails part way: N is then the
// offset the output really reached.
func (c *Writer) Write(p []byte) (int, error) {
	n, err := c.W.Write(p)
	c.N += int64(n)
	if c.OnWrite != nil {
		c.OnWrite(int64(n))
	}
	return n, err
}
