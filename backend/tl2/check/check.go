package check

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"packsmith/backend/sys/limits"
	"packsmith/formats/tl2/dattext"
	"packsmith/formats/tl2/mod"
)

// Kind of a finding.
type Kind string

const (
	DupUnitGUID  Kind = "duplicate-unit-guid"
	DupSkillGUID Kind = "duplicate-skill-guid"
	Reference    Kind = "reference"
	// Unreadable: a file the check must read (a .DAT the game loads from
	// the mod) that does not read or parse. An error: what cannot be read
	// cannot be said to be right, and the game cannot read it either.
	Unreadable Kind = "unreadable"
)

// Status of a reference finding.
type Status string

const (
	Missing    Status = "missing"     // no active mod and not the game provide it
	NotChecked Status = "not checked" // no active mod provides it; the game's data was not given
	// Nowhere: no game path can match it (outside MEDIA/, as the typo
	// "mmedia/units/…" in real GUTS builds); an error with or without the
	// game's data.
	Nowhere Status = "nowhere"
)

// Severities of a finding: what breaks the game (a duplicate GUID, a
// reference nothing provides) is an error; a reference only the game's
// data could settle, when it was not given, is a note.
const (
	SevError = "error"
	SevInfo  = "info"
)

// Finding is one problem, in Mod's File at Line (1-based; 0 unknown).
type Finding struct {
	Kind     Kind   `json:"kind"`
	Severity string `json:"severity"`
	Status   Status `json:"status,omitempty"`
	Mod      string `json:"mod"`
	File     string `json:"file"`
	Line     int    `json:"line,omitempty"`
	Ref      string `json:"ref,omitempty"`   // the path referenced, upper case
	Other    string `json:"other,omitempty"` // for duplicates: "MOD: FILE" of the first holder
	Message  string `json:"message"`
}

func (f Finding) String() string {
	loc := f.File
	if f.Line > 0 {
		loc = fmt.Sprintf("%s:%d", f.File, f.Line)
	}
	return fmt.Sprintf("%s: %s: %s", f.Mod, loc, f.Message)
}

// Mod is one active mod's files: upper-case "MEDIA/…" paths and how to
// read each.
type Mod struct {
	Name  string
	Files map[string]func() ([]byte, error)
	// facts are what Check read of its files (factsOf): filled as they
	// are read, or all at once from the mod's cache (cache.go).
	facts map[string]*fileFacts
}

// Game says which files the game's data holds (upper-case paths).
type Game interface {
	Has(p string) bool
	HasDir(prefix string) bool // some file under prefix ("MEDIA/…/")
}

// Options tune Check.
type Options struct {
	Game Game // nil: references into the base game are not checked
	// Context, when set, stops the check between files once it is done
	// (a cancelled job, SIGTERM): Check then returns what it found so far
	// and Run the context's error.
	Context context.Context
}

// dirMod reads a mod folder (its MEDIA/ tree, any case), refusing, when read, a file larger than maxFile bytes.
func dirMod(name, dir string, maxFile int64) (*Mod, error) {
	m := &Mod{Name: name, Files: map[string]func() ([]byte, error){}}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		up := mod.UpperName(filepath.ToSlash(rel))
		if !strings.HasPrefix(up, "MEDIA/") {
			return nil
		}
		m.Files[up] = func() ([]byte, error) { return readFile(p, maxFile) }
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", dir, err)
	}
	return m, nil
}

// readFile reads p, refusing one over maxFile bytes before reading it.
func readFile(p string, maxFile int64) ([]byte, error) {
	f, err := os.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if st.Size() > maxFile {
		return nil, fmt.Errorf("%s: %w", p, &limits.OverError{What: fmt.Sprintf("checking a %d-byte file (%d bytes a byte)", st.Size(), readFactor), Need: limits.Mul(st.Size(), readFactor), Limit: maxFile * readFactor})
	}
	b, err := io.ReadAll(io.LimitReader(f, maxFile+1))
	if err == nil && int64(len(b)) > maxFile {
		err = fmt.Errorf("%s: grew past %d bytes while read", p, maxFile)
	}
	return b, err
}

// Check runs every check over mods, the active ones in load order (the
// first wins a file), and returns the findings sorted by mod, file, line.
func Check(mods []*Mod, opt Options) []Finding {
	c := &checker{mods: mods, opt: opt, units: map[string]owner{}, skills: map[string]owner{}, seen: map[placeKey]bool{}, walked: map[string]bool{}}
	for _, m := range mods {
		for _, p := range sortedPaths(m) {
			if opt.Context != nil && opt.Context.Err() != nil {
				return c.out
			}
			if !strings.HasSuffix(p, ".DAT") {
				continue
			}
			switch {
			case strings.HasPrefix(p, "MEDIA/UNITS/"):
				c.unit(m, p)
			case strings.HasPrefix(p, "MEDIA/SKILLS/"):
				c.skill(m, p)
			case c.winner(p) == m:
				c.parse(m, p) // read, so that one that does not read is an error
			}
		}
	}
	sort.SliceStable(c.out, func(i, j int) bool {
		a, b := c.out[i], c.out[j]
		if a.Mod != b.Mod {
			return modIndex(mods, a.Mod) < modIndex(mods, b.Mod)
		}
		if a.File != b.File {
			return a.File < b.File
		}
		return a.Line < b.Line
	})
	return c.out
}

func modIndex(mods []*Mod, name string) int {
	for i, m := range mods {
		if m.Name == name {
			return i
		}
	}
	return len(mods)
}

func sortedPaths(m *Mod) []string {
	ps := make([]string, 0, len(m.Files))
	for p := range m.Files {
		ps = append(ps, p)
	}
	sort.Strings(ps)
	return ps
}

type owner struct{ mod, file string }

type checker struct {
	mods          []*Mod
	opt           Options
	units, skills map[string]owner // GUID → first holder
	out           []Finding
	// seen are the places already reported: one finding per place, however
	// many units lead to it (34 units sharing one .ANIMATION once gave its
	// every missing FILE 34 times).
	seen map[placeKey]bool
	// walked are the .MATERIAL and .ANIMATION files already read for the
	// references they hold (by path and folder: a file shared by units is
	// read once).
	walked     map[string]bool
	unreadable map[string]bool // MOD|PATH already reported
}

// placeKey is what makes two findings one: the same kind of problem with
// the same reference at the same place of the same mod.
type placeKey struct {
	kind           Kind
	mod, file, ref string
	line           int
}

// add records f unless its place was reported already.
func (c *checker) add(f Finding) {
	k := placeKey{f.Kind, f.Mod, f.File, f.Ref, f.Line}
	if c.seen[k] {
		return
	}
	c.seen[k] = true
	c.out = append(c.out, f)
}

// winner is the mod that gives path p (the first that ships it).
func (c *checker) winner(p string) *Mod {
	for _, m := range c.mods {
		if m.Files[p] != nil {
			return m
		}
	}
	return nil
}

// parse is what Check needs of m's p; nil, with an Unreadable finding
// (once per file), when it does not read or parse.
func (c *checker) parse(m *Mod, p string) *fileFacts {
	f := m.factsOf(p)
	if f.Err == "" {
		return f
	}
	if key := m.Name + "|" + p; !c.unreadable[key] {
		if c.unreadable == nil {
			c.unreadable = map[string]bool{}
		}
		c.unreadable[key] = true
		c.out = append(c.out, Finding{Kind: Unreadable, Severity: SevError, Mod: m.Name, File: p, Message: unreadableMessage(f)})
	}
	return nil
}

func first(n *dattext.Node, key string) (dattext.Prop, bool) {
	for _, p := range n.Props {
		if strings.EqualFold(p.Key, key) {
			return p, true
		}
	}
	return dattext.Prop{}, false
}

// guid records a GUID's holder; a different path already holding it is a
// duplicate. A path shipped by several mods is one unit (the first wins),
// checked once, in the mod that wins it.
func (c *checker) guid(seen map[string]owner, kind Kind, what string, m *Mod, p string, pr dattext.Prop) {
	g := strings.TrimSpace(pr.Value)
	if g == "" || g == "0" || g == "-1" {
		return
	}
	if o, ok := seen[g]; ok {
		if o.file != p {
			c.add(Finding{Kind: kind, Severity: SevError, Mod: m.Name, File: p, Line: pr.Line, Ref: g, Other: o.mod + ": " + o.file,
				Message: fmt.Sprintf("%s %s is also %s's %s: the game keeps one of them", what, g, o.mod, o.file)})
		}
		return
	}
	seen[g] = owner{m.Name, p}
}

func (c *checker) skill(m *Mod, p string) {
	if c.winner(p) != m {
		return
	}
	n := c.parse(m, p)
	if n == nil {
		return
	}
	if pr, ok := n.prop("UNIQUE_GUID"); ok {
		c.guid(c.skills, DupSkillGUID, "UNIQUE_GUID", m, p, pr)
	}
}

func (c *checker) unit(m *Mod, p string) {
	if c.winner(p) != m {
		return
	}
	n := c.parse(m, p)
	if n == nil {
		return
	}
	if pr, ok := n.prop("UNIT_GUID"); ok {
		c.guid(c.units, DupUnitGUID, "UNIT_GUID", m, p, pr)
	}
	if pr, ok := n.prop("BASEFILE"); ok && strings.TrimSpace(pr.Value) != "" {
		c.baseFile(m, p, pr)
	}
	rd, hasRD := n.prop("RESOURCEDIRECTORY")
	dir := ""
	if hasRD && strings.TrimSpace(rd.Value) != "" {
		dir = strings.TrimSuffix(gamePath(rd.Value), "/") + "/"
		c.refDir(m, p, rd.Line, dir)
	}
	mf, ok := n.prop("MESHFILE")
	if !ok || strings.TrimSpace(mf.Value) == "" || dir == "" {
		return
	}
	stem := dir + mod.UpperName(strings.TrimSpace(mf.Value))
	stem = strings.TrimSuffix(stem, ".MESH")
	c.ref(m, p, mf.Line, stem+".MESH", "MESHFILE")
	if w := c.winner(stem + ".MATERIAL"); w != nil && c.walk(stem+".MATERIAL", dir) {
		for _, t := range w.factsOf(stem + ".MATERIAL").Textures {
			c.texture(w, stem+".MATERIAL", t.Line, dir, t.Name)
		}
	}
	if w := c.winner(stem + ".ANIMATION"); w != nil && c.walk(stem+".ANIMATION", dir) {
		if an := c.parse(w, stem+".ANIMATION"); an != nil {
			for _, pr := range an.Props { // its FILEs
				c.ref(w, stem+".ANIMATION", pr.Line, relPath(dir, pr.Value), "animation FILE")
			}
		}
	}
}

// walk says whether the file at p is still to be read for its references
// resolved against dir, the unit's RESOURCEDIRECTORY (and marks it read):
// every unit naming it with that folder gives the same findings.
func (c *checker) walk(p, dir string) bool {
	k := p + "\x00" + dir
	if c.walked[k] {
		return false
	}
	c.walked[k] = true
	return true
}

// baseFile checks a unit's BASEFILE. One outside MEDIA/ can match no game
// file whatever is installed: GUTS then leaves the unit out of
// UNITDATA.RAW (formats/tl2/raw, Unresolved.Dropped), so the game never
// creates it: an error even without the game's data.
func (c *checker) baseFile(m *Mod, p string, pr dattext.Prop) {
	ref := gamePath(pr.Value)
	if strings.HasPrefix(ref, "MEDIA/") {
		c.ref(m, p, pr.Line, ref, "BASEFILE")
		return
	}
	c.add(Finding{Kind: Reference, Severity: SevError, Status: Nowhere, Mod: m.Name, File: p, Line: pr.Line, Ref: ref,
		Message: fmt.Sprintf("BASEFILE %s: no game path starts so (every game file is under MEDIA/): GUTS leaves this unit out of UNITDATA.RAW, so the game never creates it",
			strings.TrimSpace(pr.Value))})
}

// gamePath is a reference as the game looks it up.
func gamePath(v string) string {
	return mod.UpperName(strings.TrimLeft(strings.ReplaceAll(strings.TrimSpace(v), `\`, "/"), "/"))
}

// relPath resolves a name relative to dir unless it holds a folder.
func relPath(dir, v string) string {
	g := gamePath(v)
	if strings.Contains(g, "/") {
		return g
	}
	return dir + g
}

func (c *checker) provided(p string) (bool, bool) {
	if c.winner(p) != nil {
		return true, true
	}
	if c.opt.Game == nil {
		return false, false
	}
	return c.opt.Game.Has(p), true
}

func (c *checker) report(m *Mod, file string, line int, ref, what string, checked bool) {
	f := Finding{Kind: Reference, Severity: SevError, Mod: m.Name, File: file, Line: line, Ref: ref}
	if checked {
		f.Status = Missing
		f.Message = fmt.Sprintf("%s %s: no active mod and not the game provide it", what, ref)
	} else {
		f.Status, f.Severity = NotChecked, SevInfo
		f.Message = fmt.Sprintf("%s %s: no active mod provides it; not checked against the game (its data was not given)", what, ref)
	}
	c.add(f)
}

func (c *checker) ref(m *Mod, file string, line int, ref, what string) {
	if ok, checked := c.provided(ref); !ok {
		c.report(m, file, line, ref, what, checked)
	}
}

func (c *checker) refDir(m *Mod, file string, line int, dir string) {
	for _, x := range c.mods {
		for p := range x.Files {
			if strings.HasPrefix(p, dir) {
				return
			}
		}
	}
	checked := c.opt.Game != nil
	if checked && c.opt.Game.HasDir(dir) {
		return
	}
	c.report(m, file, line, dir, "RESOURCEDIRECTORY", checked)
}

// texture: foo.png / foo.tga is satisfied by FOO.DDS, which the game loads.
func (c *checker) texture(m *Mod, file string, line int, dir, name string) {
	p := relPath(dir, name)
	cands := []string{p}
	if ext := path.Ext(p); ext == ".PNG" || ext == ".TGA" {
		cands = append([]string{strings.TrimSuffix(p, ext) + ".DDS"}, p)
	}
	checked := false
	for _, q := range cands {
		ok, ch := c.provided(q)
		if ok {
			return
		}
		checked = ch
	}
	c.report(m, file, line, cands[0], "texture", checked)
}

// Texture is one "texture NAME" line of a material script.
type Texture struct {
	Name string
	Line int
}

// MaterialTextures lists the textures an Ogre material script names.
func MaterialTextures(b []byte) []Texture {
	var out []Texture
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	for line := 1; sc.Scan(); line++ {
		s := sc.Text()
		if i := strings.Index(s, "//"); i >= 0 {
			s = s[:i]
		}
		f := strings.Fields(s)
		if len(f) >= 2 && f[0] == "texture" {
			out = append(out, Texture{Name: f[1], Line: line})
		}
	}
	return out
}
