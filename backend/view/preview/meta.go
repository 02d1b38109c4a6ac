package preview

// ImageMeta is what a picture view says of the image it drew: each
// renderer's own struct (render.TextureMeta, render.GridMeta, …;
// StdImageMeta here). Its JSON is what the window reads (the /api/ image's
// X-Meta header, RenderedImage.meta), so field names are the JSON keys the
// front end uses.
type ImageMeta interface {
	// Caption is what the command line prints beside the picture: the
	// format decoded ("BC3", "MPP walk grid") and what the picture leaves
	// out or gets wrong ("" when nothing).
	Caption() (format, warning string)
}

// StdImageMeta describes a PNG, JPEG or GIF.
type StdImageMeta struct {
	Format string `json:"format"` // "PNG", "JPEG", "GIF"
	Width  int    `json:"width"`
	Height int    `json:"height"`
}

func (m *StdImageMeta) Caption() (string, string) { return m.Format, "" }

// NoMeta is the metadata of a picture with nothing to say: {} in JSON.
type NoMeta struct{}

func (NoMeta) Caption() (string, string) { return "", "" }
