package intake

import (
	"errors"
	"fmt"
	"path"
	"strings"

	"packsmith/backend/archive"
	"packsmith/backend/view/preview"
	"packsmith/formats/tl2/raw"
)

// RAW indices written as text. The preview shows a RAW index as a table
// (raw.Text); the table, edited, written over the index of an archive
// that compiles sources, compiles back to the index (raw.Compile), as a
// .DAT compiles to BINDAT. Bytes that decode as the index already, and
// bytes that are not text at all, are stored as they are, as before.

// rawIndexKind says which RAW index an entry is, by its file name (the
// preview shows any such entry as a table).
func rawIndexKind(entry string) (raw.Kind, bool) {
	if !strings.EqualFold(path.Ext(entry), ".raw") {
		return 0, false
	}
	return raw.KindOf(entry)
}

// CompilesText says whether text written as entry of a compiles: a TL2
// source or a RAW index in an archive whose game reads them compiled.
func CompilesText(a archive.Archive, entry string) bool {
	if !compiles(a) {
		return false
	}
	_, isRAW := rawIndexKind(entry)
	return isRAW || isSourceName(entry)
}

// compileRAW compiles a table written over a RAW index; done is false
// when b is stored as it is (the index's own bytes, or not text).
func compileRAW(k raw.Kind, display string, b []byte, strict bool) (Converted, bool, error) {
	if _, err := raw.Decode(k, b); err == nil {
		return Converted{}, false, nil
	}
	if _, ok := preview.DecodeText(b); !ok {
		return Converted{}, false, nil
	}
	data, warns, err := raw.Compile(k, display, b)
	if err != nil {
		return Converted{}, false, err
	}
	if strict && raw.AnyLossy(warns) {
		var lossy []string
		for _, w := range warns {
			if w.Lossy {
				lossy = append(lossy, w.String())
			}
		}
		return Converted{}, false, fmt.Errorf("numbers are strict: %s", strings.Join(lossy, "; "))
	}
	out := Converted{Data: data, Label: "compiled from text to RAW"}
	for _, w := range warns {
		out.Warnings = append(out.Warnings, w.String())
	}
	return out, true, nil
}

// lintRAW marks what compiling a table as index k reports.
func lintRAW(k raw.Kind, display string, text []byte, strict bool) []Mark {
	marks := []Mark{}
	_, warns, err := raw.Compile(k, display, text)
	var te *raw.TextError
	switch {
	case errors.As(err, &te):
		for _, f := range te.Findings {
			marks = append(marks, Mark{Line: f.Line, Severity: "error", Message: f.Msg})
		}
	case err != nil:
		marks = append(marks, Mark{Severity: "error", Message: err.Error()})
	}
	for _, f := range warns {
		sev := "warning"
		if f.Lossy && strict {
			sev = "error" // the write refuses it (numbers are strict)
		}
		marks = append(marks, Mark{Line: f.Line, Severity: sev, Message: f.Msg})
	}
	return marks
}
