package modpack

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"packsmith/formats/tl2/mod"
	"packsmith/formats/tl2/raw"
)

// Stage names one step of the pipeline, in the order they run.
type Stage string

const (
	StageRead    Stage = "read"    // MOD.DAT, game version
	StageCollect Stage = "collect" // walk MEDIA/
	StageCompile Stage = "compile" // text → BINDAT / BINLAYOUT, lint
	StageRAW     Stage = "raw"     // the seven RAW indices
	StageGrids   Stage = "grids"   // level layouts and their .MPP walk grids
	StageWrite   Stage = "write"   // the .MOD
	StageVerify  Stage = "verify"  // read it back
	StageDeploy  Stage = "deploy"  // copy into the mods folder, modlauncher.sch
)

// Stages lists every stage in order.
var Stages = []Stage{StageRead, StageCollect, StageCompile, StageRAW, StageGrids, StageWrite, StageVerify, StageDeploy}

type fileKind uint8

const (
	kindAsset  fileKind = iota // packed as it is
	kindBINDAT                 // .DAT .TEMPLATE .ANIMATION .HIE text → BINDAT
	kindLayout                 // .LAYOUT text → BINLAYOUT
)

// srcFile is one file of the mod that goes into the .MOD.
type srcFile struct {
	rel   string // slash path relative to the mod folder, as on disk ("MEDIA/UI/x.layout")
	name  string // entry name: "MEDIA/…", ASCII upper case
	abs   string
	size  int64
	mtime time.Time
	kind  fileKind
	typ   mod.FileType
	mem   []byte // the file's bytes when it is held in memory (PackMemory)
	inMem bool
	// rank is the entry's manifest order in the pack that collected it
	// last (packRun.rank: twice its index among the sorted files), set
	// once by collectMedia instead of a search by name for every file.
	rank int
}

// dropRule is a suffix GUTS never packs (tl2-notes §2.8), or one Packsmith
// regenerates.
type dropRule struct {
	suffix string
	why    string
}

// The pack-exclude list: GUTS's tooling suffixes, plus the compiled
// intermediates (.BINDAT covers .LAYOUT.BINDAT) that Packsmith rebuilds
// from the text every time. The text sources (.DAT .LAYOUT .ANIMATION .HIE)
// of the list are not dropped: they are compiled and stored under their
// own names, as GUTS does.
var dropRules = []dropRule{
	{".THUMBNAIL.PNG", "editor thumbnail"},
	{".CMP", "editor intermediate"},
	{".XLS", "spreadsheet"},
	{".XML", "exporter XML"},
	{".MAX", "3ds Max scene"},
	{".MPD", "walk-grid intermediate"},
	{".LNK", "shortcut"},
	{".LOG", "log"},
	{".BINDAT", "compiled output of an earlier build (Packsmith compiles the text)"},
	{".BINLAYOUT", "compiled output of an earlier build (Packsmith compiles the text)"},
}

// collection is the walked MEDIA/ tree.
type collection struct {
	files    []*srcFile // sorted by name
	findings []Finding
	newest   time.Time // latest mtime among the packed sources
}

// findMedia returns the MEDIA folder of a mod folder (any case).
func findMedia(modDir string) (string, string, error) {
	ents, err := os.ReadDir(modDir)
	if err != nil {
		return "", "", err
	}
	for _, e := range ents {
		if strings.EqualFold(e.Name(), "MEDIA") && e.IsDir() {
			return filepath.Join(modDir, e.Name()), e.Name(), nil
		}
	}
	return "", "", fmt.Errorf("%s: no MEDIA folder (a mod folder holds MOD.DAT and MEDIA/)", modDir)
}

func isJunk(base string) bool {
	return strings.HasPrefix(base, ".") || lowerIs(base, "thumbs.db") || lowerIs(base, "desktop.ini") || strings.HasSuffix(base, "~")
}

// lowerIs is strings.ToLower(s) == lower, without lowering a copy of every
// ASCII name (the walk asks for each file).
func lowerIs(s, lower string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return strings.ToLower(s) == lower
		}
	}
	if len(s) != len(lower) {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != lower[i] {
			return false
		}
	}
	return true
}

// classify sets a file's type and kind from its name. The walk calls it
// for every file it finds (on its goroutines), so collect need not.
func (f *srcFile) classify() {
	f.typ = mod.TypeFromName(f.name)
	switch mod.SourceKind(f.name) {
	case mod.BINDAT:
		f.kind = kindBINDAT
	case mod.BINLAYOUT:
		f.kind = kindLayout
	}
}

// dropList counts what collect leaves out, by reason, in the order the
// reasons first came up.
type dropList struct {
	by    map[string]*dropped
	order []string
}

type dropped struct {
	n     int
	first string
}

func (l *dropList) add(why, rel string) {
	d := l.by[why]
	if d == nil {
		if l.by == nil {
			l.by = map[string]*dropped{}
		}
		d = &dropped{first: rel}
		l.by[why] = d
		l.order = append(l.order, why)
	}
	d.n++
}

// findings says each reason once: the file, or how many and the first.
func (l *dropList) findings() []Finding {
	var out []Finding
	for _, why := range l.order {
		d := l.by[why]
		msg, file := fmt.Sprintf("not packed: %s", why), d.first
		if d.n > 1 {
			msg, file = fmt.Sprintf("not packed: %d files, %s; the first is %s", d.n, why, d.first), ""
		}
		out = append(out, Finding{Severity: SevInfo, Stage: StageCollect, File: file, Message: msg})
	}
	return out
}

// collect walks MEDIA/ (walkMedia) and decides what goes into the .MOD.
// cancelled is called from several goroutines at once.
func collect(modDir string, cancelled func() bool) (*collection, error) {
	media, mediaName, err := findMedia(modDir)
	if err != nil {
		return nil, err
	}
	drops := &dropList{}
	all, err := walkMedia(media, mediaName, cancelled, drops.add, nil)
	if err != nil {
		return nil, err
	}
	return sift(all, mediaName, drops), nil
}

// collectIn is collect for a pack Watch runs: the walk is the session's
// last one when the watcher's changes allow (session.go), and is kept for
// the next pack.
func collectIn(ws *watchSession, modDir string, cancelled func() bool) (*collection, error) {
	if ws == nil {
		return collect(modDir, cancelled)
	}
	media, mediaName, err := findMedia(modDir)
	if err != nil {
		return nil, err
	}
	w := ws.reuseWalk(media, mediaName)
	if w == nil {
		w = &walkRecord{media: media, mediaName: mediaName}
		links := map[string]bool{}
		if w.all, err = walkMedia(media, mediaName, cancelled, w.drop, func(rel string) { links[rel] = true }); err != nil {
			ws.keepWalk(nil)
			return nil, err
		}
		w.index(ws.ignore, links)
	}
	if w.col == nil {
		w.col = sift(w.all, mediaName, w.dropList())
	} else {
		w.col = w.col.withUpdated(w.updated) // the same names: no need to sift (sort) 33,000 again
	}
	w.updated = nil
	ws.keepWalk(w)
	return w.col, nil
}

// sift decides what of the walked files (in walk order, classified) goes
// into the .MOD: one file per upper-cased name, none the drop rules leave
// out, sorted by name; drops holds what the walk passed over already.
func sift(all []*srcFile, mediaName string, drops *dropList) *collection {
	c := &collection{}
	drop := drops.add
	byName := make(map[string]*srcFile, len(all))
	first := make([]bool, len(all)) // the first of its name, the one kept
	for i, f := range all {
		if o := byName[f.name]; o != nil {
			c.findings = append(c.findings, Finding{Severity: SevError, Stage: StageCollect, File: f.rel,
				Message: fmt.Sprintf("same name as %s once upper-cased (%s): the .MOD can hold only one; rename or delete one of them", o.rel, f.name)})
			continue
		}
		byName[f.name] = f
		first[i] = true
	}
	for i, f := range all {
		if !first[i] {
			continue
		}
		up := f.name
		why := ""
		for _, r := range dropRules {
			if strings.HasSuffix(up, r.suffix) {
				why = r.suffix + " (" + r.why + ")"
				if r.suffix == ".BINDAT" || r.suffix == ".BINLAYOUT" {
					src := strings.TrimSuffix(up, r.suffix)
					if byName[src] == nil {
						c.findings = append(c.findings, Finding{Severity: SevWarning, Stage: StageCollect, File: f.rel,
							Message: fmt.Sprintf("compiled file without its text source %s beside it: not packed (Packsmith compiles from the text; decompile it to recover the source)", path.Base(src))})
					}
				}
				break
			}
		}
		if why == "" && strings.Count(up, "/") == 1 { // directly in MEDIA/ (path.Dir(up) == "MEDIA")
			if k, ok := raw.KindOf(up); ok && up == "MEDIA/"+k.FileName() {
				why = "RAW index (regenerated from the sources)"
			}
		}
		if why == "" && strings.HasSuffix(up, ".PNG") && byName[strings.TrimSuffix(up, ".PNG")+".DDS"] != nil {
			why = ".PNG beside a same-named .DDS (the game uses the .DDS)"
		}
		if why != "" {
			drop(why, f.rel)
			continue
		}
		if f.mtime.After(c.newest) {
			c.newest = f.mtime
		}
		c.files = append(c.files, f)
	}
	slices.SortFunc(c.files, func(a, b *srcFile) int { return strings.Compare(a.name, b.name) }) // names are unique
	c.findings = append(c.findings, drops.findings()...)
	if len(c.files) == 0 && Count(c.findings, SevError) == 0 {
		c.findings = append(c.findings, Finding{Severity: SevError, Stage: StageCollect, File: mediaName + "/",
			Message: "nothing to pack: MEDIA/ holds no files the game reads"})
	}
	return c
}
