package mod

// Helpers only tests use, moved out of the package's production files.

// RollingHash computes the data section's rollingHash, the one hash the
// game checks, from the n-byte section in b. It samples about fifty bytes.
func RollingHash(b []byte) uint32 {
	n := int64(len(b))
	if n <= 8 {
		return 0
	}
	stride := rollingParams(n)
	h := uint32(n)
	for off := int64(8); off < n; off += stride {
		h = h*33 + uint32(int32(int8(b[off])))
	}
	return h*33 + uint32(int32(int8(b[n-1])))
}
