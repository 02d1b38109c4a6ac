package iopdrv

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sort"

	"packsmith/backend/archive"
	"packsmith/formats/cp949"
	"packsmith/formats/iop"
)

// Info is what `info --json` prints for a pack.
type Info struct {
	Family string `json:"family"` // "iop"
	Path   string `json:"path"`
	// Password is the published password that opens the encrypted entries
	// ("" when none is needed, none was found, or it is the user's own: a
	// password the user typed is never shown back, in the window's info
	// bar or in `info --json` output pasted into a bug report);
	// PasswordSource says where it came from: "given", a region ("US pack
	// password"), "none needed" or "unknown".
	Password       string `json:"password"`
	PasswordSource string `json:"passwordSource"`
	PasswordOK     bool   `json:"passwordOk"`
	Entries        int    `json:"entries"`
	Encrypted      int    `json:"encrypted"`
	Stored         int    `json:"stored"`
	Deflated       int    `json:"deflated"`
	INIScrambled   int    `json:"iniScrambled"`
	Commented      int    `json:"commented"`
	Size           int64  `json:"size"`
	FileSize       int64  `json:"fileSize"` // bytes of the pack on disk
	Packed         int64  `json:"packed"`
	Comment        string `json:"comment"`
	CentralOffset  int64  `json:"centralOffset"`
	CentralSize    int64  `json:"centralSize"`
	// ShadowedCopies counts entries a later copy of their name hides, and
	// ShadowedBytes the bytes they take (what optimize gives back, with
	// UnusedBytes: old central directories left by appends).
	ShadowedCopies int   `json:"shadowedCopies"`
	ShadowedBytes  int64 `json:"shadowedBytes"`
	UnusedBytes    int64 `json:"unusedBytes"`
	// Duplicates lists every name stored more than once and which copy wins.
	Duplicates []Duplicate `json:"duplicates"`
	// DeleteList is the delete list found beside rs.iop/map.iop, if any.
	DeleteList *DeleteList `json:"deleteList,omitempty"`
}

// Duplicate is a name stored more than once; the last copy wins.
type Duplicate struct {
	Name       string `json:"name"`       // lookup key: lower case, shown with /
	Copies     []int  `json:"copies"`     // central-directory indexes, in order
	Winner     int    `json:"winner"`     // the index the client uses
	WinnerPath string `json:"winnerPath"` // that copy's path as shown
}

// DeleteList is info/delete_file_list.cfg.iop as it applies to this pack.
type DeleteList struct {
	Path   string   `json:"path"`
	Error  string   `json:"error,omitempty"`
	Hidden []string `json:"hidden"` // entries of this pack the client hides
}

func (a *Archive) Info() any {
	in := Info{Family: "iop", Path: a.path, Comment: cp949.Display([]byte(a.z.Comment)), FileSize: a.z.Size(),
		CentralOffset: a.z.CentralOffset, CentralSize: a.z.CentralSize, Duplicates: []Duplicate{}}
	pw, label, ok := a.z.Password()
	in.PasswordOK = ok
	switch {
	case !ok:
		in.PasswordSource = "unknown"
	case label == "":
		in.PasswordSource = "none needed"
	case label == "given":
		in.PasswordSource = label
	default:
		in.Password, in.PasswordSource = pw, label
	}
	copies := map[string][]int{}
	var order []string
	for _, f := range a.z.File {
		in.Entries++
		in.Size += int64(f.Uncompressed)
		in.Packed += int64(f.Compressed)
		if f.Encrypted() {
			in.Encrypted++
		}
		switch f.Method {
		case iop.MethodStored:
			in.Stored++
		case iop.MethodDeflate:
			in.Deflated++
		}
		if f.INIScrambled() {
			in.INIScrambled++
		}
		if f.Comment != "" {
			in.Commented++
		}
		k := f.Key()
		if _, seen := copies[k]; !seen {
			order = append(order, k)
		}
		copies[k] = append(copies[k], f.Index)
	}
	used := a.z.CentralSize + (a.z.Size() - a.z.CentralOffset - a.z.CentralSize)
	for _, f := range a.z.File {
		n, err := f.Span()
		if err != nil {
			continue
		}
		if a.byKey[f.Key()] != f {
			in.ShadowedCopies++
			in.ShadowedBytes += n
		} else {
			used += n
		}
	}
	if u := a.z.Size() - used - in.ShadowedBytes; u > 0 {
		in.UnusedBytes = u
	}
	for _, k := range order {
		if c := copies[k]; len(c) > 1 {
			w := a.byKey[k]
			in.Duplicates = append(in.Duplicates, Duplicate{Name: iop.DisplayName(k), Copies: c, Winner: w.Index, WinnerPath: w.Path()})
		}
	}
	if a.deleteListPath != "" {
		dl := &DeleteList{Path: a.deleteListPath, Hidden: []string{}}
		if a.deleteErr != nil {
			dl.Error = a.deleteErr.Error()
		}
		for k, f := range a.byKey {
			if a.deleted[k] {
				dl.Hidden = append(dl.Hidden, f.Path())
			}
		}
		sort.Strings(dl.Hidden)
		in.DeleteList = dl
	}
	return in
}

// Verify decodes every entry (shadowed copies too) and checks CRC-32 and
// size; a password that does not open an entry is reported as such.
func (a *Archive) Verify(ctx context.Context, p archive.Progress) ([]archive.Finding, error) {
	var out []archive.Finding
	pwErr := a.z.PasswordErr()
	if pwErr != nil {
		out = append(out, archive.Finding{Severity: archive.SevError, Check: "password",
			Message: "no known password opens the encrypted entries; give it with --password (" + pwErr.Error() + ")"})
	}
	total := int64(len(a.z.File))
	for i, f := range a.z.File {
		if err := ctx.Err(); err != nil {
			return out, err
		}
		p.Progress(int64(i), total, f.Path())
		if f.Encrypted() && pwErr != nil {
			continue
		}
		rc, err := f.OpenZip()
		if err == nil {
			_, err = io.Copy(io.Discard, rc)
			rc.Close()
		}
		if err == nil {
			continue
		}
		fd := archive.Finding{Severity: archive.SevError, Check: "read", Entry: f.Path(), Offset: f.HeaderOffset, Message: err.Error()}
		switch {
		case errors.Is(err, iop.ErrWrongPassword):
			fd.Check = "password"
		case errors.Is(err, iop.ErrChecksum):
			fd.Check = "crc"
		}
		out = append(out, fd)
	}
	for _, d := range a.Info().(Info).Duplicates {
		out = append(out, archive.Finding{Severity: archive.SevInfo, Check: "duplicate", Entry: d.WinnerPath,
			Message: fmt.Sprintf("stored %d times (indexes %v); the game uses the last copy, index %d", len(d.Copies), d.Copies, d.Winner)})
	}
	for k := range a.deleted {
		if f, ok := a.byKey[k]; ok {
			out = append(out, archive.Finding{Severity: archive.SevInfo, Check: "deleted", Entry: f.Path(),
				Message: "hidden by the delete list (info/delete_file_list.cfg.iop); the game does not load it"})
		}
	}
	p.Progress(total, total, "")
	return out, nil
}
