package app

import (
	"fmt"
	"io"
	"os"
	"path"
	"strings"

	"packsmith/backend/archive"
	"packsmith/backend/edit/edits"
	"packsmith/backend/edit/intake"
	"packsmith/backend/view/preview"
	"packsmith/backend/view/render"
	"packsmith/backend/workspace/session"
)

// Editing an entry as text in the window: the editor pane asks for the
// entry's text (compiled TL2 data decompiled), lints what is typed with
// the compile the write runs, and saves it as a pending change, which
// converts (compiles, re-encodes) as every write does (backend/edit/intake).

// MaxEditText caps the entries the editor opens.
const MaxEditText = 16 << 20

// EditText is an entry's text for the editor.
type EditText struct {
	Entry    string `json:"entry"`
	Text     string `json:"text"`
	Kind     string `json:"kind"`     // "BINDAT", "BINLAYOUT", "RAW" or "text"
	Encoding string `json:"encoding"` // of the text entry, or of the decompiled source
	Editable bool   `json:"editable"`
	Why      string `json:"why,omitempty"` // when not editable
	// Compiles says saving compiles the text (a TL2 source in a .MOD).
	Compiles bool `json:"compiles"`
	// Pending says the text is that of a pending change, not the file's.
	Pending bool `json:"pending"`
}

// EntryText returns an entry as the editor shows it: BINDAT and BINLAYOUT
// decompiled to their GUTS text, a RAW index as its table (which compiles
// back when saved, as the sources do), any other text decoded. A pending change
// shows its own content.
func (s *EditService) EntryText(id, entry string) (EditText, error) {
	ss, err := s.archives.get(id)
	if err != nil {
		return EditText{}, err
	}
	v := s.archives.view(ss)
	e, ok := archive.Find(v, entry)
	if !ok {
		return EditText{}, &archive.EntryError{Archive: ss.Archive.Path(), Entry: entry, Offset: -1, Err: archive.ErrNotFound}
	}
	rc, err := v.Open(e.Path)
	if err != nil {
		return EditText{}, err
	}
	b, err := io.ReadAll(io.LimitReader(rc, MaxEditText+1))
	rc.Close()
	if err != nil {
		return EditText{}, &archive.EntryError{Archive: ss.Archive.Path(), Entry: e.Path, Offset: int64(len(b)), Err: err}
	}
	if len(b) > MaxEditText {
		return EditText{}, &archive.EntryError{Archive: ss.Archive.Path(), Entry: e.Path, Offset: -1, Err: fmt.Errorf("larger than %d bytes: too big to edit as text", MaxEditText)}
	}
	out := EditText{Entry: e.Path, Kind: "text", Compiles: intake.CompilesText(ss.Archive, e.Path)}
	if o, ok := v.(*edits.Overlay); ok {
		out.Pending = o.Pending(e.Path)
	}
	caps := edits.CapsOf(ss.Archive)
	out.Editable, out.Why = caps.Replace, caps.Why
	if k := render.CompiledKind(e, b); k != "" {
		text, err := render.Decompile(k, e.Path, b)
		if err != nil {
			return EditText{}, &archive.EntryError{Archive: ss.Archive.Path(), Entry: e.Path, Offset: -1, Err: err}
		}
		b, out.Kind = text, k
		if !out.Compiles {
			out.Editable, out.Why = false, "this archive stores compiled data as it is: edit the source in a .MOD or mod folder"
		}
	} else if archive.TablesFor(e.Kind) != nil {
		out.Editable, out.Why = false, "a text table: edit its rows in the table view"
	}
	t, ok := preview.DecodeText(b)
	if !ok {
		return EditText{}, &archive.EntryError{Archive: ss.Archive.Path(), Entry: e.Path, Offset: -1, Err: fmt.Errorf("not text")}
	}
	out.Text, out.Encoding = t.Text, t.Encoding
	return out, nil
}

// LintText says what saving text as entry would report (compile errors
// and warnings at their lines); nothing is written.
func (s *EditService) LintText(id, entry, text string) ([]intake.Mark, error) {
	ss, err := s.archives.get(id)
	if err != nil {
		return nil, err
	}
	if e, ok := archive.Find(ss.Archive, entry); ok {
		entry = e.Path
	}
	return intake.Lint(ss.Archive, entry, []byte(text)), nil
}

// SetEntryText makes text the pending content of entry (replacing it, or
// adding it when new): a TL2 source compiles, a text file keeps the
// encoding and line ends it had. A text that does not compile is refused
// with its line and nothing is pending.
func (s *EditService) SetEntryText(id, entry, text string) (EditState, error) {
	return s.stage(id, func(ss *session.Session, p *edits.Pending) error {
		name := entry
		if e, ok := archive.Find(ss.Archive, entry); ok {
			name = e.Path
		}
		data := []byte(text)
		// Where a write converts (a TL2 source, a Lost Saga text file) the
		// change does it and says so; elsewhere the text keeps the
		// encoding and line ends the entry had.
		if !intake.Applies(ss.Archive, name) {
			cv, done, err := intake.EncodeLike(ss.Archive, name, path.Base(name), text)
			if err != nil {
				return &archive.EntryError{Archive: ss.Archive.Path(), Entry: name, Offset: -1, Err: err}
			}
			if done {
				data = cv.Data
			}
		}
		f, err := p.TempFile(path.Base(name))
		if err != nil {
			return err
		}
		if err := os.WriteFile(f, data, 0o600); err != nil {
			return err
		}
		c, err := p.Put(ss.Archive, name, f)
		if err == nil {
			p.SetFrom(c.Path, "edited as text")
		}
		return err
	})
}

// pendingNote marks a description of an entry with a pending change:
// extra.pending says what the preview shows ("compiled from text to
// BINDAT", or "pending replace").
func pendingNote(d preview.Description, changes []edits.Change) preview.Description {
	for _, c := range changes {
		if (c.Op != edits.Replace && c.Op != edits.Add) || !equalFold(c.Path, d.Path) {
			continue
		}
		var x preview.Extra // a copy: the description may be shared
		if d.Extra != nil {
			x = *d.Extra
		}
		note := "pending " + string(c.Op)
		if c.Conversion != "" {
			note += ": " + c.Conversion
		}
		x.Pending = note
		d.Extra = &x
	}
	return d
}

func equalFold(a, b string) bool { return strings.EqualFold(a, b) }
