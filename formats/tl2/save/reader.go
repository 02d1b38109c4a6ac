package save

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"

	"packsmith/formats/utf16"
)

// Options cap what a lying save can make a reader do.
type Options struct {
	// Name is the file's name for errors ("": none).
	Name string
	// MaxSize caps the file (0 = DefaultMaxSize).
	MaxSize int64
	// MaxObjects caps the units, items and effects read (0 = 1<<20).
	MaxObjects int
	// MaxDepth caps items nested in items (sockets) (0 = 8).
	MaxDepth int
	// Context, when set, is checked every 1024 objects.
	Context context.Context
}

func (o Options) maxSize() int64 {
	if o.MaxSize <= 0 {
		return DefaultMaxSize
	}
	return o.MaxSize
}

func (o Options) maxObjects() int {
	if o.MaxObjects <= 0 {
		return 1 << 20
	}
	return o.MaxObjects
}

func (o Options) maxDepth() int {
	if o.MaxDepth <= 0 {
		return 8
	}
	return o.MaxDepth
}

// reader walks a plain body with a sticky error: after the first failure
// every read returns zero and r.err names where it happened.
type reader struct {
	b       []byte
	off     int
	end     int // reads stop here (the end of the block being read)
	block   string
	o       *Options
	err     error
	objects int
}

func (r *reader) fail(err error, f string, a ...any) {
	if r.err == nil {
		r.err = &FormatError{File: r.o.Name, Block: r.block, Offset: int64(r.off), InBody: true, Err: err, Detail: fmt.Sprintf(f, a...)}
	}
}

func (r *reader) take(n int) []byte {
	if r.err != nil {
		return nil
	}
	if n < 0 || n > r.end-r.off {
		r.fail(ErrTruncated, "%d bytes wanted, %d left in the %s", n, r.end-r.off, r.block)
		return nil
	}
	p := r.b[r.off : r.off+n]
	r.off += n
	return p
}

func (r *reader) skip(n int) { r.take(n) }

func (r *reader) u8() byte {
	if p := r.take(1); p != nil {
		return p[0]
	}
	return 0
}

func (r *reader) u16() uint16 {
	if p := r.take(2); p != nil {
		return binary.LittleEndian.Uint16(p)
	}
	return 0
}

func (r *reader) u32() uint32 {
	if p := r.take(4); p != nil {
		return binary.LittleEndian.Uint32(p)
	}
	return 0
}

func (r *reader) i64() int64 {
	if p := r.take(8); p != nil {
		return int64(binary.LittleEndian.Uint64(p))
	}
	return 0
}

func (r *reader) f32() float32 { return math.Float32frombits(r.u32()) }

// count checks a count read from the body against what is left: each of
// n elements takes at least min bytes, so a lying count fails here rather
// than in an allocation.
func (r *reader) count(n uint32, min int, what string) int {
	if r.err != nil {
		return 0
	}
	if uint64(n)*uint64(min) > uint64(r.end-r.off) {
		r.fail(ErrTruncated, "%d %s of at least %d bytes each, %d bytes left", n, what, min, r.end-r.off)
		return 0
	}
	return int(n)
}

// str is a u16 count of UTF-16LE code units and the units.
func (r *reader) str() string {
	n := int(r.u16())
	return utf16.Decode(r.take(2*n), false)
}

// strList is a u32 count of str.
func (r *reader) strList() {
	n := r.count(r.u32(), 2, "strings")
	for i := 0; i < n && r.err == nil; i++ {
		r.str()
	}
}

// fixedList is a u32 count of elements of size bytes, skipped.
func (r *reader) fixedList(size int, what string) {
	n := r.count(r.u32(), size, what)
	r.skip(n * size)
}

// object counts one unit, item or effect against the budget and checks
// the context now and then.
func (r *reader) object() bool {
	if r.err != nil {
		return false
	}
	r.objects++
	if r.objects > r.o.maxObjects() {
		r.fail(ErrTooLarge, "more than %d objects", r.o.maxObjects())
		return false
	}
	if r.objects%1024 == 0 && r.o.Context != nil {
		if err := r.o.Context.Err(); err != nil {
			r.err = err
			return false
		}
	}
	return true
}
