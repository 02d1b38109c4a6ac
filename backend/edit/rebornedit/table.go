package rebornedit

import (
	"fmt"

	"packsmith/backend/archive"
	"packsmith/formats/reborn/txte"
)

// Tables is what the Reborn family supplies for its text tables
// (archive.Family.Tables): the window reads and edits a txte through it,
// its jobs named "reborn-read" and "reborn-edit".
var Tables = &archive.TextTables{Kind: "txte", Job: "reborn", Read: ReadTable}

// ReadTable decodes the txte at entry of a as an archive.TextTable.
func ReadTable(a archive.Archive, entry string) (archive.TextTable, error) {
	rows, err := Read(a, entry)
	if err != nil {
		return nil, err
	}
	return &table{rows: rows}, nil
}

// table is a decoded txte edited in memory.
type table struct{ rows []txte.Row }

func (t *table) Rows() []archive.TableRow { return Visible(t.rows) }

func (t *table) Encode() []byte { return txte.Encode(t.rows) }

// SetText sets row index's text (macro codes as {U+XXXX}); Apply checks it.
func (t *table) SetText(index int, text string) error {
	if index < 0 || index >= len(t.rows) {
		return fmt.Errorf("the table has %d rows, no row %d", len(t.rows), index)
	}
	_, err := Apply(t.rows, []Row{{Index: index, Key: t.rows[index].Key, Text: text}})
	return err
}
