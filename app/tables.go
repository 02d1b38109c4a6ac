package app

// A family's text tables edited row by row in the window (a Reborn txte):
// the family supplies the codec and the jobs' names (archive.TextTables,
// found by the entry's kind), so nothing here names a family.

import (
	"context"
	"fmt"
	"os"

	"packsmith/backend/archive"
	"packsmith/backend/workspace/jobs"
	"packsmith/backend/workspace/session"
)

// TextTable is a text table as the window shows it.
type TextTable struct {
	Entry string             `json:"entry"`
	Rows  []archive.TableRow `json:"rows"`
}

// TableSaved says what editing a row did.
type TableSaved struct {
	Output string             `json:"output"`
	Backup string             `json:"backup,omitempty"`
	Notes  []string           `json:"notes,omitempty"`
	Rows   []archive.TableRow `json:"rows"`
	// Pending: the edit is a pending change (Changes), written on Save.
	Pending bool      `json:"pending"`
	Changes EditState `json:"changes"`
}

// tableJobs adds the jobs of each family's text tables to JobResults.
func tableJobs(kinds map[string]any) {
	for _, f := range archive.Families() {
		if f.Tables != nil {
			kinds[f.Tables.Job+"-read"] = TextTable{}
			kinds[f.Tables.Job+"-edit"] = TableSaved{}
		}
	}
}

// tableOf finds the open archive id's entry and the family's tables for
// its kind.
func (s *EditService) tableOf(id, entry string) (*session.Session, *archive.TextTables, error) {
	ss, err := s.archives.get(id)
	if err != nil {
		return nil, nil, err
	}
	e, ok := archive.Find(s.archives.view(ss), entry)
	if !ok {
		return nil, nil, &archive.EntryError{Archive: ss.Archive.Path(), Entry: entry, Offset: -1, Err: archive.ErrNotFound}
	}
	tb := archive.TablesFor(e.Kind)
	if tb == nil {
		return nil, nil, fmt.Errorf("%s: %s is not a text table the window edits (kind %q)", ss.Archive.Path(), entry, e.Kind)
	}
	return ss, tb, nil
}

// TableTexts starts a job reading the text table at entry of an open
// archive, rows as the family shows them (a Reborn macro code as
// {U+XXXX}). Its result is a TextTable.
func (s *EditService) TableTexts(id, entry string) (string, error) {
	ss, tb, err := s.tableOf(id, entry)
	if err != nil {
		return "", err
	}
	return startCall(s.jobs, tb.Job+"-read", "Reading "+ss.Name()+": "+entry, entry, func(ctx context.Context, p *jobs.Reporter) (any, error) {
		t, err := s.readTable(ctx, ss, tb, entry)
		if err != nil {
			return nil, err
		}
		return TextTable{Entry: entry, Rows: t.Rows()}, nil
	}), nil
}

// readTable decodes the table as the window shows it (a pending edit
// shows). The read changes nothing, so a cancel leaves it behind at once.
func (s *EditService) readTable(ctx context.Context, ss *session.Session, tb *archive.TextTables, entry string) (archive.TextTable, error) {
	v := s.archives.view(ss)
	return jobs.Detach(ctx, func() (archive.TextTable, error) { return tb.Read(v, entry) })
}

// TableSetText starts a job setting row index of the text table at entry
// to text (written as the rows show it) as a pending change, like every
// other edit in the window: Save writes the archive (a backup first, an
// atomic rename; a Reborn .dat's FileTable.bin updated to its new size);
// Discard drops it. Rows edited one after the other build on the pending
// table. Its result is a TableSaved; a cancel before the change is staged
// leaves the pending changes as they were.
func (s *EditService) TableSetText(id, entry string, index int, text string) (string, error) {
	ss, tb, err := s.tableOf(id, entry)
	if err != nil {
		return "", err
	}
	return startCall(s.jobs, tb.Job+"-edit", fmt.Sprintf("Editing %s: %s row %d", ss.Name(), entry, index), entry, func(ctx context.Context, p *jobs.Reporter) (any, error) {
		return s.tableSetText(ctx, id, ss, tb, entry, index, text)
	}), nil
}

func (s *EditService) tableSetText(ctx context.Context, id string, ss *session.Session, tb *archive.TextTables, entry string, index int, text string) (TableSaved, error) {
	t, err := s.readTable(ctx, ss, tb, entry)
	if err != nil {
		return TableSaved{}, err
	}
	if err := t.SetText(index, text); err != nil {
		return TableSaved{}, fmt.Errorf("%s: %s: %w", ss.Archive.Path(), entry, err)
	}
	if err := ctx.Err(); err != nil {
		return TableSaved{}, err
	}
	pend := s.archives.pending(id)
	f, err := pend.TempFile(tb.Kind)
	if err != nil {
		return TableSaved{}, err
	}
	if err := os.WriteFile(f, t.Encode(), 0o600); err != nil {
		return TableSaved{}, err
	}
	c, err := pend.Replace(ss.Archive, entry, f)
	if err != nil {
		return TableSaved{}, err
	}
	pend.SetFrom(c.Path, fmt.Sprintf("text table row %d edited", index))
	st, err := s.editState(id)
	if err != nil {
		return TableSaved{}, err
	}
	return TableSaved{Pending: true, Rows: t.Rows(), Changes: st}, nil
}
