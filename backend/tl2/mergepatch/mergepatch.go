package mergepatch

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"packsmith/backend/tl2/deploy"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"packsmith/backend/sys/limits"
	"packsmith/backend/sys/safefile"
	"packsmith/backend/tl2/loadorder"
	"packsmith/backend/tl2/merge"
	"packsmith/backend/tl2/modpack"
	"packsmith/backend/tl2/tl2game"
	"packsmith/formats/tl2/bindat"
	"packsmith/formats/tl2/dattext"
	"packsmith/formats/tl2/layout"
	"packsmith/formats/tl2/mod"
	"packsmith/formats/tl2/rghash"
)

// PatchID is the merged patch's MOD_ID (kept in loadorder, whose conflicts
// view tells a file merged into the patch from one lost to it).
const PatchID = loadorder.MergedPatchID

// Title is the patch's NAME.
const Title = "Merged patch (Packsmith)"

// FileName is the patch's default file name.
const FileName = "PACKSMITH_MERGED_PATCH.MOD"

// StaleCode is the load-order problem code of a stale patch.
const StaleCode = loadorder.ProbMergedPatchStale

// FixedTime is every merged source's time, so entry times never vary.
var FixedTime = time.Date(2012, 9, 20, 0, 0, 0, 0, time.UTC)

// ErrNoBase: no base-game data was given.
var ErrNoBase = errors.New("merge needs the game's own files for a three-way merge: give --game DIR (the install with PAKS/DATA.PAK) or --base DIR (its MEDIA folder)")

// Options say what to merge.
type Options struct {
	UserDir string // holds modlauncher.sch
	ModsDir string // "" = UserDir/mods
	BaseDir string // a MEDIA folder (or one holding MEDIA/)
	GameDir string // the install, its PAKS folder or DATA.PAK
	Output  string // the patch .MOD ("" = no pack: report only)
	// Winners: merge.Conflict.Key → the title of the mod that wins it.
	Winners map[string]string
	// Budget is the memory the merge may hold (nil: limits.DefaultMB):
	// the shared files' versions, their trees and the texts the report
	// keeps. A file whose versions do not fit is skipped with the reason.
	Budget *limits.Budget
	// Progress, when set, hears StageMerge (a shared file at a time), then
	// the pack's stages (modpack.Progress) when Output is set.
	Progress func(modpack.Progress)
}

// StageMerge is the progress stage of the merge itself.
const StageMerge modpack.Stage = "merge"

func (o *Options) report(st modpack.Stage, done, total int, file string) {
	if o.Progress != nil {
		o.Progress(modpack.Progress{Stage: st, Done: int64(done), Total: int64(total), File: file})
	}
}

// Source is one mod the patch was built from.
type Source struct {
	ID    int64  `json:"id,string"`
	Title string `json:"title"`
	File  string `json:"file"`
	Hash  string `json:"hash"` // first 16 hex digits of its SHA-256
}

// File is one merged path.
type File struct {
	Path      string   `json:"path"`
	Mods      []string `json:"mods"`   // the mods shipping it, in load order
	Status    string   `json:"status"` // "merged" or "conflict" (StatusLoadOrder: not in Files)
	Conflicts int      `json:"conflicts"`
	InBase    bool     `json:"inBase"`
	// The texts for a three-way view (canonical GUTS text); not in JSON.
	Base   string   `json:"-"`
	Theirs []string `json:"-"` // per mod, as Mods
	Merged string   `json:"-"`
	Source []byte   `json:"-"` // the merged source as written (UTF-16LE)

	conflicts []merge.Conflict // the merge's, until mergeAll moves them to the report
}

// Report is what Build did.
type Report struct {
	Sources   []Source         `json:"sources"`
	Files     []File           `json:"files"`
	Conflicts []merge.Conflict `json:"conflicts"`
	Shared    int              `json:"shared"` // text sources shipped by two or more mods
	// LeftOut counts the shared sources whose merge is, to the game, the
	// first mod's copy (StatusLoadOrder): the load order alone gives them,
	// so the patch (and a combined mod's merged files) leaves them out.
	// Their conflicts, if any, are in Conflicts: a pick can bring one in.
	LeftOut int `json:"leftOut"`
	// Skipped are shared sources that could not be read as text (a version
	// that does not decompile or parse): not merged, not in the patch, the
	// load order decides them; and mods' RAW indices that could not be
	// read, whose records the patch's indices then lack.
	Skipped []Skipped `json:"skipped"`
	// Indices are the RAW indices the patch ships (see the package doc).
	Indices []Index         `json:"indices"`
	Output  string          `json:"output"`
	Size    int64           `json:"size"`
	SHA256  string          `json:"sha256"`
	Pack    *modpack.Result `json:"-"`
	// Patch is the patch in the mods folder after Publish (deployed,
	// listed, stale); Build leaves it empty.
	Patch State `json:"patch"`
}

// Index is one RAW index of the patch: its records, and how many of them
// the merged files gave (the rest come from the mods' own indices).
type Index struct {
	Path       string `json:"path"`
	Records    int    `json:"records"`
	FromMerged int    `json:"fromMerged"`
}

// Skipped is a shared source left out, and why.
type Skipped struct {
	Path string `json:"path"`
	// Mod is the mod whose copy was left out, "" when the whole file was
	// (its reason then says why: too few readable copies, the game's own
	// copy unreadable, over the memory limit).
	Mod    string `json:"mod,omitempty"`
	Reason string `json:"reason"`
}

// Build merges and, with Options.Output, packs the patch.
func Build(ctx context.Context, o Options) (*Report, error) {
	srcs, readers, closeAll, err := openLoaded(ctx, o)
	if err != nil {
		return nil, err
	}
	defer closeAll()
	rep, err := Merge(ctx, o, srcs, readers)
	if err != nil {
		return nil, err
	}
	if o.Output == "" {
		return rep, nil
	}
	if len(rep.Files) == 0 {
		return rep, nothingMerged(rep)
	}
	names := titles(srcs)
	if err := pack(ctx, o, rep, readers, names); err != nil {
		return nil, err
	}
	recordLosses(rep, names)
	return rep, nil
}

// openLoaded opens the loaded mods of o's load order (the patch left
// out), in load order: what Build merges and MergeFile merges one file of.
func openLoaded(ctx context.Context, o Options) (srcs []Source, readers []*mod.Reader, closeAll func(), err error) {
	if o.BaseDir == "" && o.GameDir == "" {
		return nil, nil, nil, ErrNoBase
	}
	st, err := loadorder.Open(ctx, loadorder.Options{UserDir: o.UserDir, ModsDir: o.ModsDir})
	if err != nil {
		return nil, nil, nil, err
	}
	v := st.View()
	st.Close()
	if srcs, err = sources(v); err != nil {
		return nil, nil, nil, err
	}
	readers, closeAll, err = openMods(srcs)
	return srcs, readers, closeAll, err
}

// openMods opens each source's .MOD; closeAll closes what was opened.
func openMods(srcs []Source) (readers []*mod.Reader, closeAll func(), err error) {
	var files []*os.File
	closeAll = func() {
		for _, f := range files {
			f.Close()
		}
	}
	readers = make([]*mod.Reader, len(srcs))
	for i, s := range srcs {
		f, err := safefile.OpenShared(s.File)
		if err != nil {
			closeAll()
			return nil, nil, err
		}
		files = append(files, f)
		fi, err := f.Stat()
		if err != nil {
			closeAll()
			return nil, nil, err
		}
		r, err := mod.NewReader(f, fi.Size(), nil)
		if err != nil {
			closeAll()
			return nil, nil, fmt.Errorf("%s: %w", s.File, err)
		}
		readers[i] = r
	}
	return readers, closeAll, nil
}

// titles names each source in conflicts: its title, with the id added when
// two share a title.
func titles(srcs []Source) []string {
	count := map[string]int{}
	for _, s := range srcs {
		count[s.Title]++
	}
	out := make([]string, len(srcs))
	for i, s := range srcs {
		out[i] = s.Title
		if count[s.Title] > 1 || s.Title == "" {
			out[i] = s.Title + " (" + strconv.FormatInt(s.ID, 10) + ")"
		}
	}
	return out
}

// sources lists the loaded mods in load order, the patch left out, with
// their hashes.
func sources(v *loadorder.View) ([]Source, error) {
	var rows []loadorder.Mod
	for _, m := range v.Mods {
		if m.Loaded && m.ID != PatchID && m.File != "" {
			rows = append(rows, m)
		}
	}
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].Place < rows[j].Place })
	out := make([]Source, 0, len(rows))
	for _, m := range rows {
		h, err := fileHash(m.File)
		if err != nil {
			return nil, err
		}
		out = append(out, Source{ID: m.ID, Title: m.Title, File: m.File, Hash: h})
	}
	return out, nil
}

func fileHash(p string) (string, error) { return loadorder.FileHash(p) }

// tree decompiles (or parses) one source's bytes.
func tree(p string, b []byte, dict *rghash.Dictionary) (*dattext.Node, error) {
	if path.Ext(p) == ".LAYOUT" && len(b) > 0 && b[0] == layout.Magic {
		text, err := layout.Decompile(b, layout.RootOf(p))
		if err != nil {
			return nil, fmt.Errorf("BINLAYOUT: %w", err)
		}
		return dattext.Parse(p, text)
	}
	if len(b) >= 12 && binary.LittleEndian.Uint32(b) == bindat.Version {
		d, err := bindat.Decompile(path.Base(p), b, dict)
		if err != nil {
			return nil, err
		}
		return d.Root, nil
	}
	return dattext.Parse(p, b)
}

// Description records the sources in the patch's header
// (loadorder.PatchDescription, which also reads it back and judges
// staleness).
func Description(srcs []Source) string {
	rec := make([]loadorder.PatchSource, len(srcs))
	for i, s := range srcs {
		rec[i] = loadorder.PatchSource{ID: s.ID, Hash: s.Hash, Title: s.Title}
	}
	return loadorder.PatchDescription(rec)
}

// pack packs the patch from memory (modpack.PackMemory): MOD.DAT and the
// merged sources as GUTS writes them, every file's time FixedTime, no walk
// grids, and the mods' own RAW records passed down as data (modRecords).
func pack(ctx context.Context, o Options, rep *Report, readers []*mod.Reader, names []string) error {
	md, err := modpack.ParseModDat("MOD.DAT", patchModDat(rep.Sources))
	if err != nil {
		return err
	}
	m := &modpack.Memory{ModDat: md}
	for _, f := range rep.Files {
		m.Files = append(m.Files, modpack.MemoryFile{Path: f.Path, Data: f.Source, ModTime: FixedTime})
	}
	records, skipped := modRecords(readers, names, rep.Files)
	rep.Skipped = append(rep.Skipped, skipped...)
	baseDir := o.BaseDir
	if baseDir == "" {
		baseDir = o.GameDir
	}
	res, err := modpack.PackMemory(ctx, m, modpack.Options{Output: o.Output, BaseDir: baseDir, MPP: modpack.MPPNone, Progress: o.Progress, RAWRecords: records, OutputIsOurs: isPatch})
	if err != nil {
		return err
	}
	for _, x := range res.Indices {
		rep.Indices = append(rep.Indices, Index{Path: x.Path, Records: x.Records, FromMerged: x.FromSources})
	}
	rep.Pack = res
	rep.Output, rep.Size = res.Output, res.Size
	rep.SHA256, err = fileHash(res.Output)
	return err
}

// patchModDat is the patch's MOD.DAT (see the package doc, "Output").
func patchModDat(srcs []Source) []byte {
	md := &dattext.Node{Name: "MOD"}
	md.Add("STRING", "NAME", Title).Add("STRING", "AUTHOR", "Packsmith").
		Add("STRING", "DESCRIPTION", Description(srcs)).
		Add("INTEGER64", "MOD_ID", strconv.FormatInt(PatchID, 10)).Add("INTEGER", "VERSION", "0").
		Add("STRING", "MOD_FILE_NAME", FileName)
	return dattext.Encode(md)
}

// isPatch says whether the .MOD at p is a merged patch (a rebuild writes
// over it with no backup; anything else at -o is backed up first).
func isPatch(p string) bool {
	h, err := deploy.ReadHeader(p)
	return err == nil && h.ModID == PatchID && h.Title == Title
}

// base reads the game's version of a file.
type base struct {
	index map[string]string // upper-case MEDIA/… → file
	pak   *tl2game.PakFS
}

func (b *base) close() {
	if b.pak != nil {
		b.pak.Close()
	}
}

func openBase(o Options) (*base, error) {
	if o.GameDir != "" && o.BaseDir == "" {
		in, err := tl2game.At(o.GameDir)
		if err != nil {
			return nil, fmt.Errorf("--game %s: %w", o.GameDir, err)
		}
		p, err := in.Open()
		if err != nil {
			return nil, fmt.Errorf("--game %s: %w", o.GameDir, err)
		}
		return &base{pak: p}, nil
	}
	root := filepath.Clean(o.BaseDir)
	st, err := os.Stat(root)
	if err != nil {
		return nil, fmt.Errorf("--base: %w", err)
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("--base %s is not a folder", root)
	}
	media := ""
	if strings.EqualFold(filepath.Base(root), "MEDIA") {
		media = root
	} else if ents, err := os.ReadDir(root); err == nil {
		for _, e := range ents {
			if e.IsDir() && strings.EqualFold(e.Name(), "MEDIA") {
				media = filepath.Join(root, e.Name())
			}
		}
	}
	if media == "" {
		return nil, fmt.Errorf("--base %s holds no MEDIA folder (give the game's MEDIA folder, or one extracted from DATA.PAK)", root)
	}
	b := &base{index: map[string]string{}}
	err = filepath.WalkDir(media, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(media, p)
		b.index[mod.UpperName("MEDIA/"+filepath.ToSlash(rel))] = p
		return nil
	})
	return b, err
}
