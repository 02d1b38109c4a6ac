package archive

// Span is where an entry's stored bytes lie in the archive file.
type Span struct {
	Entry          string
	Offset, Length int64
}

// Spanner is an optional Archive interface: families whose entries point at
// byte ranges of one file report them, so that extract can refuse entries
// that share bytes (a small archive of overlapping entries can expand to
// gigabytes).
type Spanner interface {
	Spans() []Span
}

// Linker is an optional Archive interface for families that store symbolic
// links (zip): extract refuses to create them.
type Linker interface {
	IsLink(entry string) bool
}

// Ratioer is an optional Archive interface: the largest size ÷ packed ratio
// the family's compression can reach (deflate: 1032). A larger ratio is a
// lie in the header, and extract refuses it before writing.
type Ratioer interface {
	MaxRatio() int64
}
