package app

import (
	"fmt"
	"os"

	"packsmith/backend/edit/rebornedit"
	"packsmith/formats/reborn/txte"
)

// RebornTable is a Reborn text table (txte) as the window shows it.
type RebornTable struct {
	Entry string           `json:"entry"`
	Rows  []rebornedit.Row `json:"rows"`
}

// RebornSaved says what saving a row wrote.
type RebornSaved struct {
	Output string           `json:"output"`
	Backup string           `json:"backup,omitempty"`
	Notes  []string         `json:"notes,omitempty"`
	Rows   []rebornedit.Row `json:"rows"`
	// Pending: the edit is a pending change (Changes), written on Save.
	Pending bool      `json:"pending"`
	Changes EditState `json:"changes"`
}

// RebornTexts reads the txte at entry of an open .dat: key → text, macro
// codes as {U+XXXX}.
func (s *EditService) RebornTexts(id, entry string) (RebornTable, error) {
	ss, err := s.Sessions.Get(id)
	if err != nil {
		return RebornTable{}, err
	}
	rows, err := rebornedit.Read(s.view(ss), entry) // a pending edit shows
	if err != nil {
		return RebornTable{}, err
	}
	return RebornTable{Entry: entry, Rows: rebornedit.Visible(rows)}, nil
}

// RebornSetText sets row index of the txte at entry to text ({U+XXXX} for
// macro codes) as a pending change, like every other edit in the window:
// Save writes the .dat (a backup first, an atomic rename, the FileTable.bin
// that names the file updated to its new size); Discard drops it. Rows
// edited one after the other build on the pending table.
func (s *EditService) RebornSetText(id, entry string, index int, text string) (RebornSaved, error) {
	ss, err := s.Sessions.Get(id)
	if err != nil {
		return RebornSaved{}, err
	}
	path := ss.Archive.Path()
	rows, err := rebornedit.Read(s.view(ss), entry)
	if err != nil {
		return RebornSaved{}, err
	}
	if index < 0 || index >= len(rows) {
		return RebornSaved{}, fmt.Errorf("%s: %s has %d rows, no row %d", path, entry, len(rows), index)
	}
	if _, err := rebornedit.Apply(rows, []rebornedit.Row{{Index: index, Key: rows[index].Key, Text: text}}); err != nil {
		return RebornSaved{}, fmt.Errorf("%s: %s: %w", path, entry, err)
	}
	pend := s.Edits.For(id)
	f, err := pend.TempFile("txte")
	if err != nil {
		return RebornSaved{}, err
	}
	if err := os.WriteFile(f, txte.Encode(rows), 0o600); err != nil {
		return RebornSaved{}, err
	}
	c, err := pend.Replace(ss.Archive, entry, f)
	if err != nil {
		return RebornSaved{}, err
	}
	pend.SetFrom(c.Path, fmt.Sprintf("text table row %d edited", index))
	st, err := s.editState(id)
	if err != nil {
		return RebornSaved{}, err
	}
	return RebornSaved{Pending: true, Rows: rebornedit.Visible(rows), Changes: st}, nil
}
