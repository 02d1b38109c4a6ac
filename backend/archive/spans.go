package archive

// Span is where an entry's stored bytes lie in the archive file
// (Capabilities.Spans).
type Span struct {
	Entry          string
	Offset, Length int64
}
