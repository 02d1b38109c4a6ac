package modpack

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"packsmith/formats/tl2/mod"
	"packsmith/formats/tl2/raw"
)

// memoryOf reads a mod folder into a Memory mod: MOD.DAT parsed, every
// file under MEDIA/ with its bytes and time.
func memoryOf(t *testing.T, dir string) *Memory {
	t.Helper()
	md, err := ReadModDat(dir)
	if err != nil {
		t.Fatal(err)
	}
	m := &Memory{ModDat: md}
	err = filepath.WalkDir(filepath.Join(dir, "MEDIA"), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		st, err := d.Info()
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		m.Files = append(m.Files, MemoryFile{Path: filepath.ToSlash(rel), Data: b, ModTime: st.ModTime()})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// A mod held in memory packs to the bytes of the folder holding the same
// files: sources compiled, assets and the level's walk grid kept, RAW
// indices generated, and the records passed down as data listed after the
// sources' own, in either entry point.
func TestPackMemoryAsFolder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "mod")
	copyTree(t, sampleDir(t), dir, nil)
	stamp := time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC)
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			os.Chtimes(p, stamp, stamp)
		}
		return err
	})
	os.WriteFile(filepath.Join(dir, "MEDIA", "Thumbs.db"), []byte("junk"), 0o644)
	extra := []*raw.File{{Kind: raw.Skills, Skills: []raw.Skill{{Name: "OTHER_MODS_SKILL", File: "MEDIA/SKILLS/OTHER/OTHER.DAT", GUID: 77}}}}
	out := t.TempDir()
	opt := Options{MPP: MPPNone, RAWRecords: extra}
	opt.Output = filepath.Join(out, "folder.MOD")
	a, err := Pack(context.Background(), dir, opt)
	if err != nil {
		t.Fatal(err)
	}
	opt.Output = filepath.Join(out, "memory.MOD")
	m := memoryOf(t, dir)
	b, err := PackMemory(context.Background(), m, opt)
	if err != nil {
		t.Fatal(err)
	}
	fa, _ := os.ReadFile(a.Output)
	fb, _ := os.ReadFile(b.Output)
	if len(fa) == 0 || !bytes.Equal(fa, fb) || a.Entries != b.Entries || b.Compiled != a.Compiled {
		t.Fatalf("folder %d bytes (%d entries, %d compiled), memory %d bytes (%d, %d)", len(fa), a.Entries, a.Compiled, len(fb), b.Entries, b.Compiled)
	}
	for _, x := range b.Indices {
		if x.Path == "MEDIA/SKILLS.RAW" && (x.Records != x.FromSources+1 || x.FromSources == 0) {
			t.Errorf("%+v: want the sources' skills and one more", x)
		}
	}
	f, _ := os.Open(b.Output)
	defer f.Close()
	st, _ := f.Stat()
	r, err := mod.NewReader(f, st.Size(), nil)
	if err != nil {
		t.Fatal(err)
	}
	e, _ := r.Lookup("MEDIA/SKILLS.RAW")
	data, _ := r.ReadEntry(e, 1<<20)
	sk, err := raw.Decode(raw.Skills, data)
	if err != nil || len(sk.Skills) < 2 || sk.Skills[len(sk.Skills)-1] != extra[0].Skills[0] {
		t.Errorf("SKILLS.RAW %+v (%v): want the record passed down last", sk, err)
	}
	if _, ok := r.Lookup("MEDIA/THUMBS.DB"); ok {
		t.Error("a system file packed from memory")
	}
	if disk, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(m.Files[0].Path))); err != nil || len(disk) == 0 || !bytes.Equal(m.Files[0].Data, disk) {
		t.Error("the pack changed the caller's bytes")
	}
}

// What a mod held in memory cannot do is refused, not ignored; a path out
// of MEDIA/ is an error naming it.
func TestPackMemoryRefuses(t *testing.T) {
	md, err := ParseModDat("MOD.DAT", []byte(simpleModDat))
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "x.MOD")
	m := &Memory{ModDat: md, Files: []MemoryFile{{Path: "MEDIA/A.DAT", Data: []byte("[A]\r\n[/A]\r\n")}}}
	for _, opt := range []Options{{}, {Output: out, Incremental: true}, {Output: out, WriteModID: true}, {Output: out, MPP: MPPKeep}} {
		if _, err := PackMemory(context.Background(), m, opt); !errors.Is(err, ErrMemoryOption) {
			t.Errorf("%+v: %v, want ErrMemoryOption", opt, err)
		}
	}
	m.Files = append(m.Files, MemoryFile{Path: "MEDIA/../ESCAPE.DAT"})
	if _, err := PackMemory(context.Background(), m, Options{Output: out, MPP: MPPNone}); err == nil || !strings.Contains(err.Error(), "MEDIA/../ESCAPE.DAT: not a path under MEDIA/") {
		t.Errorf("escaping path: %v", err)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a refused pack wrote its output")
	}
}
