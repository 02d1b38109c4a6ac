package mod

import (
	"encoding/binary"
	"io"
)

// rollingParams gives the stride of the rollingHash for a data section of
// n bytes. The game's RNG is reseeded with n, so the "random" divisor is a
// function of n: 25 + (hi32(n) + lo32(n)*0x29777B41) mod 2^32 mod 51.
func rollingParams(n int64) (stride int64) {
	seed := uint32(uint64(n)>>32) + uint32(n)*0x29777B41
	divisor := 25 + int64(seed%51)
	stride = n / divisor
	if stride < 2 {
		stride = 2
	}
	return stride
}

// RollingHashAt computes the data section's rollingHash, the one hash the
// game checks, over an n-byte section read from r (offset 0 = the start of
// the data section), without reading all of it: it samples about fifty
// bytes. (RollingHash, in the tests, is the same rule over a byte slice.)
func RollingHashAt(r io.ReaderAt, n int64) (uint32, error) {
	if n <= 8 {
		return 0, nil
	}
	stride := rollingParams(n)
	h := uint32(n)
	var one [1]byte
	read := func(off int64) (uint32, error) {
		if _, err := r.ReadAt(one[:], off); err != nil {
			if err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			return 0, err
		}
		return uint32(int32(int8(one[0]))), nil
	}
	for off := int64(8); off < n; off += stride {
		v, err := read(off)
		if err != nil {
			return 0, err
		}
		h = h*33 + v
	}
	v, err := read(n - 1)
	if err != nil {
		return 0, err
	}
	return h*33 + v, nil
}

// DefaultMHashStep is the sampling step the writer uses for mhash; GUTS
// picks one at random in 15..25, and the game never checks the value.
const DefaultMHashStep = 20

// MHash computes the manifest's mhash over the whole manifest bytes,
// sampling one byte every step bytes from offset 0 (no final fold).
func MHash(manifest []byte, step int) uint32 {
	if step <= 0 {
		return 0
	}
	h := uint32(0x202A)
	for off := 0; off < len(manifest); off += step {
		h = h*33 + uint32(int32(int8(manifest[off])))
	}
	return h
}

// FindMHashStep returns the step that reproduces stored (GUTS' range 15..25
// first, then 1..199), or 0 when none does.
func FindMHashStep(manifest []byte, stored uint32) int {
	for s := 15; s <= 25; s++ {
		if MHash(manifest, s) == stored {
			return s
		}
	}
	for s := 1; s < 200; s++ {
		if (s < 15 || s > 25) && MHash(manifest, s) == stored {
			return s
		}
	}
	return 0
}

// MurmurHash64B is Austin Appleby's 64-bit hash for 32-bit platforms
// (smhasher MurmurHash2.cpp), with a full 64-bit seed.
func MurmurHash64B(data []byte, seed uint64) uint64 {
	const m = 0x5BD1E995
	const r = 24
	h1 := uint32(seed) ^ uint32(len(data))
	h2 := uint32(seed >> 32)
	mix := func(h *uint32, k uint32) {
		k *= m
		k ^= k >> r
		k *= m
		*h *= m
		*h ^= k
	}
	for len(data) >= 8 {
		mix(&h1, binary.LittleEndian.Uint32(data))
		mix(&h2, binary.LittleEndian.Uint32(data[4:]))
		data = data[8:]
	}
	if len(data) >= 4 {
		mix(&h1, binary.LittleEndian.Uint32(data))
		data = data[4:]
	}
	switch len(data) {
	case 3:
		h2 ^= uint32(data[2]) << 16
		fallthrough
	case 2:
		h2 ^= uint32(data[1]) << 8
		fallthrough
	case 1:
		h2 ^= uint32(data[0])
		h2 *= m
	}
	h1 ^= h2 >> 18
	h1 *= m
	h2 ^= h1 >> 22
	h2 *= m
	h1 ^= h2 >> 17
	h1 *= m
	h2 ^= h1 >> 19
	h2 *= m
	return uint64(h1)<<32 | uint64(h2)
}

// MurmurHash64B32 is the TL2 variant (GUTS sub_10285330): the seed is
// 32-bit, so the second lane starts at 0.
func MurmurHash64B32(data []byte, seed uint32) uint64 {
	return MurmurHash64B(data, uint64(seed))
}

// ReqHash folds REQUIRED_MODS into the header's reqHash the way GUTS does
// for flat dependencies: the name does not take part, each step seeds the
// next hash with only the low 32 bits, and an empty list gives 0.
func ReqHash(deps []Dependency) uint64 {
	if len(deps) == 0 {
		return 0
	}
	acc := uint64(34832)
	var b [8]byte
	for _, d := range deps {
		binary.LittleEndian.PutUint64(b[:], uint64(d.ID))
		t1 := MurmurHash64B32(b[:8], 0x22D0)
		binary.LittleEndian.PutUint16(b[:], d.Version)
		t2 := MurmurHash64B32(b[:2], uint32(t1))
		binary.LittleEndian.PutUint64(b[:], t2)
		acc = MurmurHash64B32(b[:8], uint32(acc))
	}
	return acc
}
