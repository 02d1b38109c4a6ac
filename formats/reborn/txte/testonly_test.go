package txte

// Helpers only tests use, moved out of the package's production files.

// MacroName names a private-use code point the way the notes do.
func MacroName(r rune) string {
	switch r {
	case 0xF8FC:
		return "span"
	case 0xF8FD:
		return "unknown"
	case 0xF8FF:
		return "macro"
	}
	return "gaiji"
}
