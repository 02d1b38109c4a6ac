package steamlib

import "strings"

// LibraryFolders reads the library paths of Steam's
// steamapps/libraryfolders.vdf (Valve KeyValues text). Both layouts are
// read: the old `"1" "D:\\Games"` and the newer `"0" { "path" "D:\\Games"
// … }`. Escapes (\\ and \") are undone. Malformed text gives what was read
// up to the fault.
func LibraryFolders(b []byte) []string {
	toks := vdfTokens(string(b))
	var out []string
	depth := 0
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch {
		case t.brace == '{':
			depth++
		case t.brace == '}':
			depth--
		case i+1 < len(toks) && toks[i+1].brace == 0:
			k, v := t.s, toks[i+1].s
			i++
			if depth == 2 && strings.EqualFold(k, "path") {
				out = append(out, v)
			} else if depth == 1 && isDigits(k) && (strings.Contains(v, `\`) || strings.Contains(v, "/")) {
				out = append(out, v) // the old layout
			}
		}
	}
	return out
}

// AcfInstallDir reads "installdir" from an appmanifest_*.acf.
func AcfInstallDir(b []byte) string {
	toks := vdfTokens(string(b))
	for i := 0; i+1 < len(toks); i++ {
		if toks[i].brace == 0 && strings.EqualFold(toks[i].s, "installdir") && toks[i+1].brace == 0 {
			return toks[i+1].s
		}
	}
	return ""
}

type vdfToken struct {
	s     string
	brace byte // '{' or '}', 0 for a string
}

func vdfTokens(s string) []vdfToken {
	var out []vdfToken
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '{' || c == '}':
			out = append(out, vdfToken{brace: c})
			i++
		case c == '"':
			var b strings.Builder
			j := i + 1
			for ; j < len(s) && s[j] != '"'; j++ {
				if s[j] == '\\' && j+1 < len(s) {
					j++
				}
				b.WriteByte(s[j])
			}
			out = append(out, vdfToken{s: b.String()})
			i = j + 1
		case c == '/' && i+1 < len(s) && s[i+1] == '/':
			for i < len(s) && s[i] != '\n' {
				i++
			}
		default:
			i++
		}
	}
	return out
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
