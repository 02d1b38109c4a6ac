package profiles

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"time"

	"packsmith/backend/sys/ctxio"
	"packsmith/backend/tl2/loadorder"
)

// hashFile is the SHA-256 of a .MOD, read so that a cancel stops it
// between pieces (a .MOD can be gigabytes).
func hashFile(ctx context.Context, p string) (string, error) {
	f, err := os.Open(p)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, ctxio.Reader{Ctx: ctx, R: f}); err != nil {
		return "", fmt.Errorf("%s: %w", p, err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// Snapshot is the profile named name of the load order v shows: its active
// mods in order, each with the file the game loads for it and that file's
// SHA-256.
func Snapshot(ctx context.Context, name string, v *loadorder.View) (*Profile, error) {
	if err := CheckName(name); err != nil {
		return nil, err
	}
	p := &Profile{Format: Format, Name: name, Saved: time.Now().UTC().Truncate(time.Second), UserDir: v.UserDir, ModsDir: v.ModsDir, Mods: []Mod{}}
	for _, m := range activeRows(v) {
		pm := Mod{ID: m.ID, Title: m.Title}
		if m.File != "" && m.Where == loadorder.WhereMods {
			h, err := hashFile(ctx, m.File)
			if err != nil {
				return nil, err
			}
			pm.File, pm.SHA256, pm.Size = m.Rel, h, m.Size
		}
		p.Mods = append(p.Mods, pm)
	}
	c, err := combinedOf(ctx, v)
	if err != nil {
		return nil, err
	}
	p.Combined = c
	return p, nil
}

// activeRows are v's active rows in list order (one per listed id).
func activeRows(v *loadorder.View) []loadorder.Mod {
	rows := make([]loadorder.Mod, len(v.Order))
	n := 0
	for _, m := range v.Mods {
		if m.Active && m.Place >= 1 && m.Place <= len(rows) && rows[m.Place-1].Place == 0 {
			rows[m.Place-1] = m
			n++
		}
	}
	out := make([]loadorder.Mod, 0, n)
	for _, m := range rows {
		if m.Place != 0 {
			out = append(out, m)
		}
	}
	return out
}

// Need kinds: what a profile needs that the mods folder does not hold as
// it was.
const (
	NeedGone    = "gone"    // no .MOD carries the id: left out of the list
	NeedChanged = "changed" // the file's SHA-256 differs from the saved one: kept
	NeedMoved   = "moved"   // the saved file is under another path: kept
)

// Need is one mod of a profile the mods folder does not hold as saved.
type Need struct {
	Kind    string `json:"kind"`
	ID      int64  `json:"id,string"`
	Title   string `json:"title"`
	File    string `json:"file"`    // the file found now ("" when gone)
	Saved   string `json:"saved"`   // the file when saved
	Message string `json:"message"` // in words, for a player
}

// Needs compares p with the mods folder v shows (hashing the files the
// profile's mods are found in).
func Needs(ctx context.Context, p *Profile, v *loadorder.View) ([]Need, error) {
	out := []Need{}
	for _, pm := range p.Mods {
		files := modFiles(v, pm.ID)
		if len(files) == 0 {
			out = append(out, Need{Kind: NeedGone, ID: pm.ID, Title: pm.Title, Saved: pm.File,
				Message: fmt.Sprintf("%q (id %d) is gone: no .MOD in the mods folder carries its id (it was %s); left out of the list", pm.Title, pm.ID, orNone(pm.File))})
			continue
		}
		if pm.SHA256 == "" {
			continue // saved without a file: any file will do
		}
		n, err := matchFile(ctx, pm, files)
		if err != nil {
			return nil, err
		}
		if n != nil {
			out = append(out, *n)
		}
	}
	return out, nil
}

// matchFile says how the files carrying pm's id differ from the saved
// one: nil when the one the game loads is the saved file.
func matchFile(ctx context.Context, pm Mod, files []loadorder.Mod) (*Need, error) {
	used := files[0]
	h, err := hashFile(ctx, used.File)
	if err != nil {
		return nil, err
	}
	switch {
	case h == pm.SHA256 && used.Rel == pm.File:
		return nil, nil
	case h == pm.SHA256:
		return &Need{Kind: NeedMoved, ID: pm.ID, Title: used.Title, File: used.Rel, Saved: pm.File,
			Message: fmt.Sprintf("%q (id %d) is the saved file, now at %s (was %s)", used.Title, pm.ID, used.Rel, pm.File)}, nil
	}
	return &Need{Kind: NeedChanged, ID: pm.ID, Title: used.Title, File: used.Rel, Saved: pm.File,
		Message: fmt.Sprintf("%q (id %d) changed: %s has SHA-256 %s…, the profile saved %s with %s… (another build of the mod)",
			used.Title, pm.ID, used.Rel, h[:12], orNone(pm.File), short(pm.SHA256))}, nil
}

func short(h string) string {
	if len(h) > 12 {
		return h[:12]
	}
	return h
}

func orNone(s string) string {
	if s == "" {
		return "no file"
	}
	return s
}

// modFiles are the readable .MOD files in the mods folder carrying id,
// the one the game loads first (the view lists it first).
func modFiles(v *loadorder.View, id int64) []loadorder.Mod {
	var out []loadorder.Mod
	for _, m := range v.Mods {
		if m.ID == id && m.File != "" && m.Where == loadorder.WhereMods && !unreadable(m) {
			out = append(out, m)
		}
	}
	// The active row is the file the game uses for a listed id.
	for i, m := range out {
		if m.Active && i > 0 {
			out[0], out[i] = out[i], out[0]
			break
		}
	}
	return out
}

func unreadable(m loadorder.Mod) bool {
	for _, p := range m.Problems {
		if p.Code == loadorder.ProbUnreadable {
			return true
		}
	}
	return false
}

// UseResult is what Use did.
type UseResult struct {
	Profile string               `json:"profile"`
	Order   []string             `json:"order"` // the ids now listed, decimal strings
	Save    loadorder.SaveResult `json:"save"`
	Needs   []Need               `json:"needs"`
	// Redeployed is the combined build put back first (Store.Redeploy,
	// which the caller runs before Use), nil when none was.
	Redeployed *Redeployed `json:"redeployed"`
}

// Use puts profile p back: the load order s (opened locked, for a
// read-modify-write) becomes p's mods that the folder holds, in p's
// order, and is saved (backed up first). What is missing or changed is in
// the result's Needs.
func Use(ctx context.Context, p *Profile, s *loadorder.State) (*UseResult, error) {
	v := s.View()
	needs, err := Needs(ctx, p, v)
	if err != nil {
		return nil, err
	}
	gone := map[int64]bool{}
	for _, n := range needs {
		if n.Kind == NeedGone {
			gone[n.ID] = true
		}
	}
	res := &UseResult{Profile: p.Name, Order: []string{}, Needs: needs}
	ids := []int64{}
	for _, pm := range p.Mods {
		if !gone[pm.ID] && !containsID(ids, pm.ID) {
			ids = append(ids, pm.ID)
			res.Order = append(res.Order, fmt.Sprint(pm.ID))
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := s.SetOrder(ids); err != nil {
		return nil, err
	}
	if res.Save, err = s.Save(); err != nil {
		return nil, err
	}
	return res, nil
}

func containsID(ids []int64, id int64) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}
