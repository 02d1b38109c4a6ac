// Package bytecount counts the bytes written through an io.Writer: the
// archive writers (MOD, IOP, onezip, the Reborn rewrite) need to know where
// the next record starts without asking the file, which may not seek, and
// the extractor reports progress as bytes land.
//
// It is the one counting writer of the project; a format that needs an
// offset wraps its output in a Writer instead of keeping its own type.
package bytecount
