package app

import (
	"context"
	"fmt"

	"packsmith/backend/archive"
	"packsmith/backend/rebornedit"
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
}

// RebornTexts reads the txte at entry of an open .dat: key → text, macro
// codes as {U+XXXX}.
func (s *ArchiveService) RebornTexts(id, entry string) (RebornTable, error) {
	ss, err := s.Sessions.Get(id)
	if err != nil {
		return RebornTable{}, err
	}
	rows, err := rebornedit.Read(ss.Archive, entry)
	if err != nil {
		return RebornTable{}, err
	}
	return RebornTable{Entry: entry, Rows: rebornedit.Visible(rows)}, nil
}

// RebornSetText sets row index of the txte at entry to text ({U+XXXX} for
// macro codes) and saves the .dat in place through the CLI's write-back:
// a backup first, an atomic rename, and the FileTable.bin that names the
// file updated to its new size. The session is reopened on the new file.
func (s *ArchiveService) RebornSetText(id, entry string, index int, text string) (RebornSaved, error) {
	ss, err := s.Sessions.Get(id)
	if err != nil {
		return RebornSaved{}, err
	}
	path := ss.Archive.Path()
	rows, err := rebornedit.Read(ss.Archive, entry)
	if err != nil {
		return RebornSaved{}, err
	}
	if index < 0 || index >= len(rows) {
		return RebornSaved{}, fmt.Errorf("%s: %s has %d rows, no row %d", path, entry, len(rows), index)
	}
	if _, err := rebornedit.Apply(rows, []rebornedit.Row{{Index: index, Key: rows[index].Key, Text: text}}); err != nil {
		return RebornSaved{}, fmt.Errorf("%s: %s: %w", path, entry, err)
	}
	ss.Archive.Close() // Windows cannot replace an open file
	res, saveErr := rebornedit.Save(context.Background(), path, "", entry, rows)
	a, err := archive.Open(path, archive.OpenOptions{})
	if err != nil {
		return RebornSaved{}, fmt.Errorf("reopening %s after saving: %w", path, err)
	}
	ss.Archive = a
	if saveErr != nil {
		return RebornSaved{}, saveErr
	}
	out := RebornSaved{Output: res.Output, Backup: res.Backup, Notes: res.Notes}
	if now, err := rebornedit.Read(a, entry); err == nil {
		out.Rows = rebornedit.Visible(now)
	}
	return out, nil
}
