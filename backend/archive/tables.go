package archive

// TextTables is what a family supplies when some of its entries are text
// tables the window edits row by row (Tactics Ogre: Reborn's txte). The
// window's table view and its jobs ask TablesFor the entry's kind, never
// a family by name, so app/ holds no family's job kinds or codecs.
type TextTables struct {
	// Kind is the Entry.Kind of a table ("txte").
	Kind string
	// Job names the window's jobs on a table: Job+"-read", Job+"-edit".
	Job string
	// Read decodes the table at entry of a (a view with pending edits
	// too); the error names the archive and the entry.
	Read func(a Archive, entry string) (TextTable, error)
}

// TextTable is one decoded table, edited in memory.
type TextTable interface {
	// Rows are the rows as shown (the family's control codes written
	// visibly: a Reborn macro code as {U+XXXX}).
	Rows() []TableRow
	// SetText sets the text of row index (written as Rows shows it).
	SetText(index int, text string) error
	// Encode is the table's bytes, the entry's new content.
	Encode() []byte
}

// TableRow is one row of a text table as shown and edited.
type TableRow struct {
	Index  int    `json:"index"`
	Key    string `json:"key"`
	Text   string `json:"text"`
	Third  string `json:"third,omitempty"`
	Fourth string `json:"fourth,omitempty"`
}

// TablesFor is the registered family's TextTables for entries of kind,
// or nil when no family edits such entries as a table.
func TablesFor(kind string) *TextTables {
	for _, f := range Families() {
		if f.Tables != nil && f.Tables.Kind == kind {
			return f.Tables
		}
	}
	return nil
}
