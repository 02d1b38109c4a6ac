package render

// The typed metadata of the picture views (preview.ImageMeta): the JSON
// keys are the ones the window reads; omitempty marks keys sent only when
// they apply.

// TextureMeta describes a DDS picture: the chosen image's size, and the
// counts of mips, faces and slices the window offers pickers for.
type TextureMeta struct {
	Kind       string `json:"kind"` // "texture"
	Format     string `json:"format"`
	Width      int    `json:"width"` // of the image shown (the chosen mip)
	Height     int    `json:"height"`
	BaseWidth  int    `json:"baseWidth"` // of mip 0
	BaseHeight int    `json:"baseHeight"`
	Mips       int    `json:"mips"`
	Mip        int    `json:"mip"`
	Faces      int    `json:"faces"`
	ArraySize  int    `json:"arraySize"`
	Slices     int    `json:"slices"`
	Slice      int    `json:"slice"`
	Cube       bool   `json:"cube"`
	// Depth and Z: a volume texture's depth and the slice shown.
	Depth         *int   `json:"depth,omitempty"`
	Z             *int   `json:"z,omitempty"`
	SRGB          bool   `json:"srgb,omitempty"`
	Premultiplied bool   `json:"premultiplied,omitempty"`
	Warning       string `json:"warning,omitempty"`
}

func (m *TextureMeta) Caption() (string, string) { return m.Format, m.Warning }

// BTXMeta describes a Reborn btx picture.
type BTXMeta struct {
	Kind    string `json:"kind"` // "texture"
	Format  string `json:"format"`
	Width   int    `json:"width"`
	Height  int    `json:"height"`
	Mips    int    `json:"mips"` // shown: always 1
	Name    string `json:"name"`
	Warning string `json:"warning,omitempty"`
}

func (m *BTXMeta) Caption() (string, string) { return m.Format, m.Warning }

// TGAMeta describes a TGA picture.
type TGAMeta struct {
	Kind   string `json:"kind"` // "texture"
	Format string `json:"format"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
	Mips   int    `json:"mips"` // always 1
	Alpha  bool   `json:"alpha"`
}

func (m *TGAMeta) Caption() (string, string) { return m.Format, "" }

// LegendItem is one colour of a walk-grid picture.
type LegendItem struct {
	Name    string   `json:"name"`
	Color   string   `json:"color"` // #RRGGBB
	Count   int      `json:"count"`
	Percent *float64 `json:"percent,omitempty"` // of the grid's cells, for the cell classes
}

// GridMeta describes a walk-grid picture and carries its report.
type GridMeta struct {
	Kind    string       `json:"kind"` // KindWalkGrid
	Format  string       `json:"format"`
	Width   int          `json:"width"`
	Height  int          `json:"height"`
	Scale   int          `json:"scale"`
	Overlay bool         `json:"overlay"`
	Stub    bool         `json:"stub"`
	Pockets int          `json:"pockets"`
	Grid    GridReport   `json:"grid"`
	Legend  []LegendItem `json:"legend"`
}

func (m *GridMeta) Caption() (string, string) { return m.Format, "" }

// GridDiffMeta describes the picture of two walk grids' difference.
type GridDiffMeta struct {
	Kind   string       `json:"kind"` // "walkgrid-diff"
	Format string       `json:"format"`
	Width  int          `json:"width"`
	Height int          `json:"height"`
	Scale  int          `json:"scale"`
	Diff   DiffReport   `json:"diff"`
	Legend []LegendItem `json:"legend"`
}

func (m *GridDiffMeta) Caption() (string, string) { return m.Format, "" }
