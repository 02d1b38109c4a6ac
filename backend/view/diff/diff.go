// Package diff compares two archives entry by entry: what was added,
// removed and changed between two versions of a mod, whatever their
// families (a .MOD against a zip of its folder works). For one changed
// entry, Lines gives a line diff of its decoded text.
//
// Entries pair by path. Families whose game reads names case-insensitively
// (Capabilities.FoldNames: Torchlight II .MOD and DATA.PAK, a Lost Saga
// .iop) pair them folded when either side is one of them; zip and Reborn
// .dat pair them exactly. When
// one archive holds two entries under one key (a Lost Saga pack's
// shadowed copies), the last one counts, as the game reads it.
//
// An entry is changed when its decoded bytes differ: sizes first, then
// the bytes, streamed side by side (nothing is held in memory).
//
// JSON (`packsmith diff A B --json`, stable):
//
//	{ "a": "OLD.MOD", "b": "NEW.MOD", "familyA": "tl2-mod", "familyB": "tl2-mod",
//	  "caseInsensitive": true, "same": 10, "added": 1, "removed": 0, "changed": 1,
//	  "changes": [ { "path": "MEDIA/X.DAT", "status": "changed", "sizeA": 320, "sizeB": 344,
//	                 "kind": "BINDAT", "offset": 12 } ] }
//
// changes are sorted by path and never list unchanged entries. status is
// added, removed or changed; sizeA is -1 for an added entry, sizeB -1 for
// a removed one; offset is the first byte that differs (changed only);
// pathA is set when the two sides spell the path differently.
package diff

import (
	"bytes"
	"context"
	"errors"
	"io"
	"sort"
	"strings"

	"packsmith/backend/archive"
)

// Status of an entry between A and B.
type Status string

const (
	Added   Status = "added"
	Removed Status = "removed"
	Changed Status = "changed"
)

// Change is one entry that differs.
type Change struct {
	Path   string `json:"path"`            // B's spelling (A's for a removed entry)
	PathA  string `json:"pathA,omitempty"` // A's spelling when it differs from B's
	Status Status `json:"status"`
	SizeA  int64  `json:"sizeA"`
	SizeB  int64  `json:"sizeB"`
	Kind   string `json:"kind"`
	// Offset is the first byte that differs (changed entries; the shorter
	// length when one is a prefix of the other).
	Offset int64 `json:"offset"`
}

// Result is the comparison of two archives.
type Result struct {
	A               string   `json:"a"`
	B               string   `json:"b"`
	FamilyA         string   `json:"familyA"`
	FamilyB         string   `json:"familyB"`
	CaseInsensitive bool     `json:"caseInsensitive"`
	Same            int      `json:"same"`
	Added           int      `json:"added"`
	Removed         int      `json:"removed"`
	Changed         int      `json:"changed"`
	Changes         []Change `json:"changes"`
}

// Differ says whether anything differs.
func (r Result) Differ() bool { return r.Added+r.Removed+r.Changed > 0 }

// FoldsCase says whether entries of two archives pair case-insensitively:
// when either family's game reads names in any case (Capabilities.FoldNames).
func FoldsCase(a, b archive.Archive) bool {
	return a.Capabilities().FoldNames || b.Capabilities().FoldNames
}

// Key is the pairing key of a path.
func Key(p string, fold bool) string {
	p = strings.TrimPrefix(strings.ReplaceAll(p, `\`, "/"), "/")
	if fold {
		return strings.ToUpper(p)
	}
	return p
}

func index(a archive.Archive, fold bool) map[string]archive.Entry {
	m := make(map[string]archive.Entry, len(a.Entries()))
	for _, e := range a.Entries() {
		m[Key(e.Path, fold)] = e // the last copy wins
	}
	return m
}

// Compare compares every entry of a (before) and b (after). Progress
// counts the entries compared.
func Compare(ctx context.Context, a, b archive.Archive, p archive.Progress) (Result, error) {
	if p == nil {
		p = archive.NoProgress{}
	}
	fold := FoldsCase(a, b)
	r := Result{A: a.Path(), B: b.Path(), FamilyA: a.Family(), FamilyB: b.Family(), CaseInsensitive: fold, Changes: []Change{}}
	ia, ib := index(a, fold), index(b, fold)
	keys := make([]string, 0, len(ia)+len(ib))
	for k := range ia {
		keys = append(keys, k)
	}
	for k := range ib {
		if _, ok := ia[k]; !ok {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	total := int64(len(keys))
	bufA, bufB := make([]byte, 64<<10), make([]byte, 64<<10)
	for i, k := range keys {
		if err := ctx.Err(); err != nil {
			return Result{}, err
		}
		ea, inA := ia[k]
		eb, inB := ib[k]
		p.Progress(int64(i), total, k)
		switch {
		case !inA:
			r.Added++
			r.Changes = append(r.Changes, Change{Path: eb.Path, Status: Added, SizeA: -1, SizeB: eb.Size, Kind: eb.Kind})
		case !inB:
			r.Removed++
			r.Changes = append(r.Changes, Change{Path: ea.Path, Status: Removed, SizeA: ea.Size, SizeB: -1, Kind: ea.Kind})
		default:
			same, off, sa, sb, err := sameBytes(ctx, a, ea, b, eb, bufA, bufB)
			if err != nil {
				return Result{}, err
			}
			if same {
				r.Same++
				continue
			}
			c := Change{Path: eb.Path, Status: Changed, SizeA: sa, SizeB: sb, Kind: eb.Kind, Offset: off}
			if ea.Path != eb.Path {
				c.PathA = ea.Path
			}
			r.Changed++
			r.Changes = append(r.Changes, c)
		}
	}
	p.Progress(total, total, "")
	return r, nil
}

// sameBytes compares two entries' decoded bytes and measures them. When
// both sizes are known it stops at the first difference.
func sameBytes(ctx context.Context, a archive.Archive, ea archive.Entry, b archive.Archive, eb archive.Entry, bufA, bufB []byte) (same bool, off, sizeA, sizeB int64, err error) {
	ra, err := a.Open(ea.Path)
	if err != nil {
		return false, 0, 0, 0, err
	}
	defer ra.Close()
	rb, err := b.Open(eb.Path)
	if err != nil {
		return false, 0, 0, 0, err
	}
	defer rb.Close()
	known := ea.Size >= 0 && eb.Size >= 0
	var pos int64
	off = -1
	for {
		if err := ctx.Err(); err != nil {
			return false, 0, 0, 0, err
		}
		na, err := readFull(ra, bufA)
		if err != nil {
			return false, 0, 0, 0, &archive.EntryError{Archive: a.Path(), Entry: ea.Path, Offset: sizeA + int64(na), Err: err}
		}
		nb, err := readFull(rb, bufB)
		if err != nil {
			return false, 0, 0, 0, &archive.EntryError{Archive: b.Path(), Entry: eb.Path, Offset: sizeB + int64(nb), Err: err}
		}
		if off < 0 {
			m := min(na, nb)
			if i := firstDiff(bufA[:m], bufB[:m]); i >= 0 {
				off = pos + int64(i)
			} else if na != nb {
				off = pos + int64(m)
			}
			pos += int64(m)
		}
		sizeA += int64(na)
		sizeB += int64(nb)
		if off >= 0 && known {
			return false, off, ea.Size, eb.Size, nil
		}
		endA, endB := na < len(bufA), nb < len(bufB)
		if endA && endB {
			break
		}
		if endA || endB || off >= 0 {
			// The answer is known; measure what is left.
			if !endA {
				m, err := io.CopyBuffer(io.Discard, ra, bufA)
				if err != nil {
					return false, 0, 0, 0, &archive.EntryError{Archive: a.Path(), Entry: ea.Path, Offset: sizeA + m, Err: err}
				}
				sizeA += m
			}
			if !endB {
				m, err := io.CopyBuffer(io.Discard, rb, bufB)
				if err != nil {
					return false, 0, 0, 0, &archive.EntryError{Archive: b.Path(), Entry: eb.Path, Offset: sizeB + m, Err: err}
				}
				sizeB += m
			}
			break
		}
	}
	if off < 0 {
		return true, 0, sizeA, sizeB, nil
	}
	return false, off, sizeA, sizeB, nil
}

// readFull reads until b is full or the stream ends (n < len(b)).
func readFull(r io.Reader, b []byte) (int, error) {
	n, err := io.ReadFull(r, b)
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		err = nil
	}
	return n, err
}

func firstDiff(a, b []byte) int {
	if bytes.Equal(a, b) {
		return -1
	}
	for i := range a {
		if a[i] != b[i] {
			return i
		}
	}
	return -1
}
