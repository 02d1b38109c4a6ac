package filetable

// Helpers only tests use, moved out of the package's production files.

// Hash is the name hash the table uses.
func Hash(s string) uint32 {
	if s == "" {
		return 0
	}
	h := uint32(0x811C9DC5)
	for i := 0; i < len(s); i++ {
		h = h*0x01000193 ^ uint32(s[i])
	}
	return h
}
