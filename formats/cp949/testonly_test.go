package cp949

// Helpers only tests use, moved out of the package's production files.

// Valid reports whether b is code page 949 text.
func Valid(b []byte) bool {
	for i := 0; i < len(b); {
		if b[i] < 0x80 {
			i++
			continue
		}
		if i+1 >= len(b) || pair(b[i], b[i+1]) == 0 {
			return false
		}
		i += 2
	}
	return true
}
