package iop

import "testing"

// FuzzParseDeleteList: the patcher's delete list takes any bytes without
// panicking; so does the INI password decoder.
func FuzzParseDeleteList(f *testing.F) {
	f.Add([]byte("a.txt\r\nsub\\b.dat\r\n"))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, b []byte) {
		ParseDeleteList(b)
		DeobfuscatePassword(b)
		c := append([]byte(nil), b...)
		ScrambleINI(c)
	})
}
