package app

import (
	"context"
	"fmt"
	"os"

	"packsmith/backend/edit/rebornedit"
	"packsmith/backend/workspace/jobs"
	"packsmith/backend/workspace/session"
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

// RebornTexts starts a job reading the txte at entry of an open .dat:
// key → text, macro codes as {U+XXXX}. Its result is a RebornTable.
func (s *EditService) RebornTexts(id, entry string) (string, error) {
	ss, err := s.archives.get(id)
	if err != nil {
		return "", err
	}
	return startCall(s.jobs, "reborn-read", "Reading "+ss.Name()+": "+entry, entry, func(ctx context.Context, p *jobs.Reporter) (any, error) {
		rows, err := s.rebornRows(ctx, ss, entry)
		if err != nil {
			return nil, err
		}
		return RebornTable{Entry: entry, Rows: rebornedit.Visible(rows)}, nil
	}), nil
}

// rebornRows decodes the table as the window shows it (a pending edit
// shows). The read changes nothing, so a cancel leaves it behind at once.
func (s *EditService) rebornRows(ctx context.Context, ss *session.Session, entry string) ([]txte.Row, error) {
	v := s.archives.view(ss)
	return jobs.Detach(ctx, func() ([]txte.Row, error) { return rebornedit.Read(v, entry) })
}

// RebornSetText starts a job setting row index of the txte at entry to
// text ({U+XXXX} for macro codes) as a pending change, like every other
// edit in the window: Save writes the .dat (a backup first, an atomic
// rename, the FileTable.bin that names the file updated to its new size);
// Discard drops it. Rows edited one after the other build on the pending
// table. Its result is a RebornSaved; a cancel before the change is staged
// leaves the pending changes as they were.
func (s *EditService) RebornSetText(id, entry string, index int, text string) (string, error) {
	ss, err := s.archives.get(id)
	if err != nil {
		return "", err
	}
	return startCall(s.jobs, "reborn-edit", fmt.Sprintf("Editing %s: %s row %d", ss.Name(), entry, index), entry, func(ctx context.Context, p *jobs.Reporter) (any, error) {
		return s.rebornSetText(ctx, id, ss, entry, index, text)
	}), nil
}

func (s *EditService) rebornSetText(ctx context.Context, id string, ss *session.Session, entry string, index int, text string) (RebornSaved, error) {
	path := ss.Archive.Path()
	rows, err := s.rebornRows(ctx, ss, entry)
	if err != nil {
		return RebornSaved{}, err
	}
	if index < 0 || index >= len(rows) {
		return RebornSaved{}, fmt.Errorf("%s: %s has %d rows, no row %d", path, entry, len(rows), index)
	}
	if _, err := rebornedit.Apply(rows, []rebornedit.Row{{Index: index, Key: rows[index].Key, Text: text}}); err != nil {
		return RebornSaved{}, fmt.Errorf("%s: %s: %w", path, entry, err)
	}
	if err := ctx.Err(); err != nil {
		return RebornSaved{}, err
	}
	pend := s.archives.pending(id)
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
