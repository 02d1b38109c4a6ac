// Package rebornedit reads and edits the text tables (txte) inside Reborn
// .dat files for the CLI and the window alike: rows out as UTF-8 CSV or
// JSON, rows in, and the table as an archive.TextTable the Reborn driver
// supplies (Tables). It imports no writer, so the driver may: the .dat is
// saved through writeback by rebornwrite.
package rebornedit

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"packsmith/backend/archive"
	"packsmith/formats/reborn/txte"
)

// MaxTable caps a text table read (the game's are kilobytes).
const MaxTable = 64 << 20

// Row is one text row as shown and edited: macro codes as {U+XXXX}. It
// is the archive model's table row, so the window shows it as any
// family's (archive.TextTables).
type Row = archive.TableRow

// Read decodes the txte at entry.
func Read(a archive.Archive, entry string) ([]txte.Row, error) {
	rc, err := a.Open(entry)
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	b, err := io.ReadAll(io.LimitReader(rc, MaxTable+1))
	if err != nil {
		return nil, err
	}
	if len(b) > MaxTable {
		return nil, fmt.Errorf("%s: %s is over %d MB, too large for a text table", a.Path(), entry, MaxTable>>20)
	}
	rows, err := txte.Decode(b)
	if err != nil {
		return nil, &archive.EntryError{Archive: a.Path(), Entry: entry, Offset: -1, Err: err}
	}
	return rows, nil
}

// Visible turns decoded rows into rows to show.
func Visible(rows []txte.Row) []Row {
	out := make([]Row, len(rows))
	for i, r := range rows {
		out[i] = Row{Index: i, Key: r.Key, Text: txte.Visible(r.Text), Third: txte.Visible(r.Third), Fourth: txte.Visible(r.Fourth)}
	}
	return out
}

// WriteCSV writes rows as UTF-8 CSV: index,key,text,third,fourth.
func WriteCSV(w io.Writer, rows []Row) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"index", "key", "text", "third", "fourth"})
	for _, r := range rows {
		cw.Write([]string{strconv.Itoa(r.Index), r.Key, r.Text, r.Third, r.Fourth})
	}
	cw.Flush()
	return cw.Error()
}

// ParseRows reads rows exported as CSV (a header row naming at least key
// or index, and text) or JSON (an array of rows), told apart by the first
// character. A row that names no index gets Index -1: its key counts.
func ParseRows(b []byte) ([]Row, error) {
	b = bytes.TrimPrefix(b, []byte("\xEF\xBB\xBF"))
	if t := bytes.TrimSpace(b); len(t) > 0 && t[0] == '[' {
		var in []struct {
			Index  *int   `json:"index"`
			Key    string `json:"key"`
			Text   string `json:"text"`
			Third  string `json:"third"`
			Fourth string `json:"fourth"`
		}
		dec := json.NewDecoder(bytes.NewReader(t))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&in); err != nil {
			return nil, fmt.Errorf("JSON rows: %w", err)
		}
		rows := make([]Row, len(in))
		for i, r := range in {
			rows[i] = Row{Index: -1, Key: r.Key, Text: r.Text, Third: r.Third, Fourth: r.Fourth}
			if r.Index != nil {
				rows[i].Index = *r.Index
			} else if r.Key == "" {
				return nil, fmt.Errorf("JSON row %d names neither key nor index", i)
			}
		}
		return rows, nil
	}
	cr := csv.NewReader(bytes.NewReader(b))
	cr.FieldsPerRecord = -1
	recs, err := cr.ReadAll()
	if err != nil {
		return nil, fmt.Errorf("CSV rows: %w", err)
	}
	if len(recs) == 0 {
		return nil, errors.New("CSV rows: empty file")
	}
	col := map[string]int{}
	for i, h := range recs[0] {
		col[strings.ToLower(strings.TrimSpace(h))] = i
	}
	if _, ok := col["text"]; !ok {
		return nil, errors.New("CSV rows: the header row needs a text column")
	}
	_, hasKey := col["key"]
	_, hasIdx := col["index"]
	if !hasKey && !hasIdx {
		return nil, errors.New("CSV rows: the header row needs a key or an index column")
	}
	get := func(rec []string, name string) string {
		if i, ok := col[name]; ok && i < len(rec) {
			return rec[i]
		}
		return ""
	}
	var rows []Row
	for n, rec := range recs[1:] {
		r := Row{Index: -1, Key: get(rec, "key"), Text: get(rec, "text"), Third: get(rec, "third"), Fourth: get(rec, "fourth")}
		if hasIdx {
			i, err := strconv.Atoi(strings.TrimSpace(get(rec, "index")))
			if err != nil {
				return nil, fmt.Errorf("CSV line %d: index %q is not a number", n+2, get(rec, "index"))
			}
			r.Index = i
		}
		rows = append(rows, r)
	}
	return rows, nil
}

// Apply sets the text (and third/fourth strings when given) of the rows
// named by index (when ≥ 0) or else by key. It returns how many changed.
func Apply(rows []txte.Row, edits []Row) (int, error) {
	keys := map[string][]int{}
	for i, r := range rows {
		keys[r.Key] = append(keys[r.Key], i)
	}
	changed := 0
	for _, e := range edits {
		i := e.Index
		if i < 0 {
			hits := keys[e.Key]
			switch len(hits) {
			case 0:
				return changed, fmt.Errorf("no row has key %q", e.Key)
			case 1:
				i = hits[0]
			default:
				return changed, fmt.Errorf("%d rows have key %q: give an index column", len(hits), e.Key)
			}
		}
		if i < 0 || i >= len(rows) {
			return changed, fmt.Errorf("row %d: the table has %d rows", i, len(rows))
		}
		if e.Key != "" && e.Key != rows[i].Key {
			return changed, fmt.Errorf("row %d has key %q, the edit says %q", i, rows[i].Key, e.Key)
		}
		text, err := txte.FromVisible(e.Text)
		if err != nil {
			return changed, fmt.Errorf("row %d: %w", i, err)
		}
		nr := rows[i]
		nr.Text = text
		if e.Third != "" {
			if nr.Third, err = txte.FromVisible(e.Third); err != nil {
				return changed, err
			}
		}
		if e.Fourth != "" {
			if nr.Fourth, err = txte.FromVisible(e.Fourth); err != nil {
				return changed, err
			}
		}
		if nr != rows[i] {
			rows[i] = nr
			changed++
		}
	}
	return changed, nil
}
