package modpack

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"packsmith/formats/tl2/mod"
	"packsmith/formats/tl2/raw"
)

// Memory is a mod held in memory: what a mod folder holds (MOD.DAT and the
// files under MEDIA/), without the folder. A program that makes a mod (the
// merged patch) packs it with PackMemory instead of writing it to disk
// for Pack to walk again.
type Memory struct {
	// ModDat is MOD.DAT, parsed (ParseModDat).
	ModDat *ModDat
	// Files are the mod's files, each once.
	Files []MemoryFile
}

// MemoryFile is one file of a Memory mod.
type MemoryFile struct {
	Path    string // "MEDIA/…", '/'-separated, as it would lie in the mod folder
	Data    []byte // its bytes (a text source as GUTS writes it: UTF-16LE or UTF-8)
	ModTime time.Time
}

// ErrMemoryOption: an option PackMemory cannot honour (it needs the mod
// folder: incremental packs, writing MOD_ID back, walk grids, PACKSMITH.JSON).
var ErrMemoryOption = errors.New("not for a mod held in memory")

// PackMemory packs a mod held in memory as Pack packs a mod folder holding
// the same files (the same bytes come out: TestPackMemoryAsFolder), to
// opt.Output, which it needs. Walk grids are not baked (Options.MPP must
// be MPPNone or ""), and a folder's other options (Incremental,
// WriteModID, the watch session) are refused with ErrMemoryOption.
func PackMemory(ctx context.Context, m *Memory, opt Options) (*Result, error) {
	switch {
	case opt.Output == "":
		return nil, fmt.Errorf("pack: a mod held in memory needs an output file: %w", ErrMemoryOption)
	case opt.Incremental, opt.WriteModID, opt.session != nil:
		return nil, fmt.Errorf("pack: incremental packs and writing MOD_ID back need the mod folder: %w", ErrMemoryOption)
	case opt.MPP != MPPNone && opt.MPP != "":
		return nil, fmt.Errorf("pack: walk grids are baked from the mod folder: %w", ErrMemoryOption)
	case m.ModDat == nil:
		return nil, errors.New("pack: the mod held in memory has no MOD.DAT")
	}
	opt.MPP = MPPNone
	r := newPackRun(ctx, "", opt)
	r.mem = m
	err := r.run()
	return r.res, err
}

// memoryCollection is collectMedia's collection of a Memory mod: its
// files as the walk of a folder holding them would give them, sifted by
// the same rules.
func (m *Memory) collection() (*collection, error) {
	all := make([]*srcFile, 0, len(m.Files))
	drops := &dropList{}
	for i := range m.Files {
		mf := &m.Files[i]
		rel := strings.ReplaceAll(mf.Path, `\`, "/")
		if len(rel) < 6 || !strings.EqualFold(rel[:6], "MEDIA/") || strings.Contains(rel, "/../") || strings.HasSuffix(rel, "/..") {
			return nil, fmt.Errorf("pack: %s: not a path under MEDIA/", mf.Path)
		}
		if isJunk(rel[strings.LastIndexByte(rel, '/')+1:]) {
			drops.add("hidden or system file", rel)
			continue
		}
		f := &srcFile{rel: rel, name: mod.UpperName("MEDIA" + rel[5:]), size: int64(len(mf.Data)), mtime: mf.ModTime, mem: mf.Data, inMem: true}
		f.classify()
		all = append(all, f)
	}
	return sift(all, "MEDIA", drops), nil
}

// withRecords lists the records of extra (Options.RAWRecords) after the generated ones, kind by
// kind, and encodes every non-empty index again (raw.Kinds order).
func withRecords(gen []raw.Output, extra []*raw.File) ([]raw.Output, error) {
	byKind := map[raw.Kind]*raw.File{}
	for _, o := range gen {
		byKind[o.File.Kind] = o.File
	}
	for _, x := range extra {
		f := byKind[x.Kind]
		if f == nil {
			f = &raw.File{Kind: x.Kind}
			byKind[x.Kind] = f
		}
		AppendRecords(f, x, func(string) bool { return true })
	}
	var outs []raw.Output
	for _, k := range raw.Kinds {
		f := byKind[k]
		if f == nil || f.Len() == 0 {
			continue
		}
		data, err := raw.Encode(f)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", k.FileName(), err)
		}
		outs = append(outs, raw.Output{Path: "MEDIA/" + k.FileName(), File: f, Data: data})
	}
	return outs, nil
}

// AppendRecords appends to f the records of src (the same kind) whose
// FILE ok accepts, in src's order.
func AppendRecords(f, src *raw.File, ok func(file string) bool) {
	f.Affixes = keepRecords(f.Affixes, src.Affixes, func(a *raw.Affix) string { return a.File }, ok)
	f.Skills = keepRecords(f.Skills, src.Skills, func(s *raw.Skill) string { return s.File }, ok)
	for c := range f.Units {
		f.Units[c] = keepRecords(f.Units[c], src.Units[c], func(u *raw.Unit) string { return u.File }, ok)
	}
	f.Missiles = keepRecords(f.Missiles, src.Missiles, func(m *raw.Missile) string { return m.File }, ok)
	f.Triggerables = keepRecords(f.Triggerables, src.Triggerables, func(t *raw.Triggerable) string { return t.File }, ok)
	f.Menus = keepRecords(f.Menus, src.Menus, func(m *raw.Menu) string { return m.File }, ok)
	f.RoomPieces = keepRecords(f.RoomPieces, src.RoomPieces, func(p *raw.PieceFile) string { return p.File }, ok)
}

func keepRecords[T any](dst, src []T, file func(*T) string, ok func(string) bool) []T {
	for i := range src {
		if ok(file(&src[i])) {
			dst = append(dst, src[i])
		}
	}
	return dst
}
