// Package modunpack turns a Torchlight II .MOD back into a mod folder that
// backend/tl2/modpack packs again: MOD.DAT from the header, every compiled
// entry as GUTS source text (UTF-16LE with a BOM, CRLF), assets as they
// are, and PACKSMITH.JSON beside MOD.DAT with what source text cannot hold
// (the game version and each BINDAT's string ids, so pack numbers strings
// as the original did). The RAW indices are left out: pack regenerates
// them from the sources. What the sources cannot give them, the fields
// units inherit from base-game files the .MOD does not hold, is read from
// the .MOD's own UNITDATA.RAW and kept in PACKSMITH.JSON as base data
// (baseUnits; see recordBaseUnits), so pack rebuilds UNITDATA.RAW byte for
// byte without the game. Likewise the Menu Definitions the .MOD's UI.RAW
// leaves out though its layouts hold them (menusLeftOut; recordMenus).
package modunpack

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"packsmith/backend/sys/safefile"
	"packsmith/backend/tl2/modpack"
	"packsmith/backend/tl2/tl2names"
	"packsmith/formats/tl2/bindat"
	"packsmith/formats/tl2/dattext"
	"packsmith/formats/tl2/layout"
	"packsmith/formats/tl2/mod"
	"packsmith/formats/tl2/raw"
	"packsmith/formats/tl2/rghash"
)

// MaxCompiled caps one compiled entry read into memory to decompile it.
const MaxCompiled = 256 << 20

// Options tune Unpack.
type Options struct {
	// Overwrite lets Unpack write into a folder that is not empty
	// (existing files of the same name are replaced).
	Overwrite bool
	// Progress, when set, is told of each entry written.
	Progress func(done, total int, entry string)
}

// Result is what Unpack wrote.
type Result struct {
	Mod         string   `json:"mod"`
	Dir         string   `json:"dir"`
	Entries     int      `json:"entries"`     // entries in the .MOD
	Decompiled  int      `json:"decompiled"`  // written as source text
	Assets      int      `json:"assets"`      // written as they are
	RAWsSkipped []string `json:"rawsSkipped"` // left out: pack regenerates them
	Duplicates  []string `json:"duplicates"`  // paths the .MOD lists more than once
	// BaseFiles is how many base-game files (not in the .MOD) the values of
	// BaseUnits units were recorded for, from the .MOD's UNITDATA.RAW.
	BaseFiles int `json:"baseFiles"`
	BaseUnits int `json:"baseUnits"`
	// MenusLeftOut is how many Menu Definitions the .MOD's UI.RAW does not
	// list though its layouts hold them (recordMenus).
	MenusLeftOut int      `json:"menusLeftOut"`
	Warnings     []string `json:"warnings"`
	Millis       int64    `json:"ms"`
}

// Unpack writes the mod folder for the .MOD at modPath into dir.
func Unpack(ctx context.Context, modPath, dir string, opt Options) (*Result, error) {
	t0 := time.Now()
	res := &Result{Mod: modPath, Dir: dir, RAWsSkipped: []string{}, Duplicates: []string{}, Warnings: []string{}}
	f, r, err := openMod(modPath)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if err := checkTarget(dir, opt.Overwrite); err != nil {
		return nil, err
	}
	// Every file and folder is made relative to dir opened once, never by
	// re-resolving a path: a folder swapped for a symlink while the unpack
	// runs cannot send a file outside dir.
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	res.Entries = len(r.Entries)
	dict, _ := tl2names.Default()
	if dict == nil {
		dict = rghash.NewDictionary()
	}
	proj := &modpack.Project{Format: 1, Source: filepath.Base(modPath), GameVersion: r.Header.GameVersion.String(), Strings: map[string][]bindat.Entry{}}
	// The unit sources and UI layouts, for recordBaseUnits and recordMenus.
	units := &raw.MapSource{Dats: map[string]*dattext.Node{}, Layouts: map[string]*layout.Layout{}}
	var unitData, uiData []byte // the .MOD's UNITDATA.RAW and UI.RAW

	last, count := lookupCopies(r)
	for i := range r.Entries {
		if err := ctx.Err(); err != nil {
			return res, err
		}
		e := &r.Entries[i]
		up := mod.UpperName(e.Path)
		if count[up] > 1 {
			if last[up] != i {
				continue
			}
			res.Duplicates = append(res.Duplicates, e.Path)
			res.Warnings = append(res.Warnings, fmt.Sprintf("%s: listed %d times in the .MOD; the copy a lookup finds was written (pack writes the path once)", e.Path, count[up]))
		}
		rel, err := safeRel(e.Path)
		if err != nil {
			return res, err
		}
		target := filepath.FromSlash(rel) // within root
		if k, ok := raw.KindOf(up); ok && path.Dir(up) == "MEDIA" && up == "MEDIA/"+k.FileName() {
			res.RAWsSkipped = append(res.RAWsSkipped, e.Path)
			if k == raw.UnitData || k == raw.UI {
				b, err := r.ReadEntry(e, MaxCompiled)
				if err != nil {
					return res, fmt.Errorf("%s: %s: %w", modPath, e.Path, err)
				}
				if k == raw.UI {
					uiData = b
				} else {
					unitData = b
				}
			}
			continue
		}
		done, err := writeEntry(r, e, up, root, target, dict, proj, units)
		if err != nil {
			return res, fmt.Errorf("%s: %s: %w", modPath, e.Path, err)
		}
		if done {
			res.Decompiled++
		} else {
			res.Assets++
		}
		if opt.Progress != nil {
			opt.Progress(i+1, len(r.Entries), e.Path)
		}
	}
	if unitData != nil {
		res.BaseFiles, res.BaseUnits = recordBaseUnits(units, unitData, proj, res)
	}
	if uiData != nil {
		res.MenusLeftOut = recordMenus(units, uiData, proj, res)
	}
	md, warns := modDatText(r.Header, strings.TrimSuffix(filepath.Base(modPath), filepath.Ext(modPath)))
	res.Warnings = append(res.Warnings, warns...)
	if err := safefile.WriteFileIn(root, "MOD.DAT", md); err != nil {
		return res, err
	}
	if err := proj.Write(dir); err != nil {
		return res, err
	}
	res.Millis = time.Since(t0).Milliseconds()
	return res, nil
}

// openMod opens the .MOD at modPath (a DATA.PAK, which has no MOD.DAT,
// is refused); the caller closes the file.
func openMod(modPath string) (*os.File, *mod.Reader, error) {
	f, r, err := modpack.OpenMod(modPath, nil)
	if err != nil {
		return nil, nil, err
	}
	if r.Header == nil {
		f.Close()
		return nil, nil, fmt.Errorf("%s: a DATA.PAK has no MOD.DAT to unpack; extract it instead", modPath)
	}
	return f, r, nil
}

// lookupCopies says, for a path listed twice, which copy a lookup finds
// (last: the one stored upper-case, else the first; which one the game
// reads is not documented, an inference as in tl2drv.Shadowed), and how
// many times each upper-cased path is listed (count).
func lookupCopies(r *mod.Reader) (last, count map[string]int) {
	last, count = map[string]int{}, map[string]int{}
	for i, e := range r.Entries {
		up := mod.UpperName(e.Path)
		if j, seen := last[up]; !seen || (r.Entries[j].Path != up && e.Path == up) {
			last[up] = i
		}
		count[up]++
	}
	return last, count
}

// checkTarget makes dir, refusing one that holds anything unless overwrite.
func checkTarget(dir string, overwrite bool) error {
	ents, err := os.ReadDir(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return os.MkdirAll(dir, 0o755)
	case err != nil:
		return err
	case len(ents) > 0 && !overwrite:
		return fmt.Errorf("%s is not empty (choose an empty folder, or overwrite)", dir)
	}
	return nil
}

// safeRel refuses entry paths that would leave the folder.
func safeRel(p string) (string, error) {
	q := strings.ReplaceAll(p, `\`, "/")
	if q == "" || strings.HasPrefix(q, "/") || strings.ContainsAny(q, ":\x00") {
		return "", fmt.Errorf("entry path %q is not a relative path", p)
	}
	for _, c := range strings.Split(q, "/") {
		if c == ".." || c == "." || c == "" {
			return "", fmt.Errorf("entry path %q has an empty, . or .. part", p)
		}
	}
	return q, nil
}

// writeEntry writes one entry below root: decompiled (true) or as it is
// (false). A unit's .DAT (MEDIA/UNITS/**) is also kept, pruned, in units.
func writeEntry(r *mod.Reader, e *mod.Entry, up string, root *os.Root, target string, dict *rghash.Dictionary, proj *modpack.Project, units *raw.MapSource) (bool, error) {
	if err := root.MkdirAll(filepath.Dir(target), 0o755); err != nil {
		return false, err
	}
	switch mod.SourceKind(up) {
	case mod.BINDAT, mod.BINLAYOUT:
		b, err := r.ReadEntry(e, MaxCompiled)
		if err != nil {
			return false, err
		}
		if mod.SourceKind(up) == mod.BINLAYOUT {
			if len(b) > 0 && b[0] != 0xFF && b[0] != 0xFE && b[0] != 0xEF { // not text
				keepMenuLayout(units, up, b)
				text, err := layout.Decompile(b, layout.RootOf(up))
				if err != nil {
					return false, fmt.Errorf("BINLAYOUT: %w", err)
				}
				return true, safefile.WriteFileIn(root, target, text)
			}
		} else if len(b) >= 12 && binary.LittleEndian.Uint32(b) == bindat.Version {
			d, err := bindat.Decompile(path.Base(up), b, dict)
			if err != nil {
				return false, err
			}
			if !hashIDs(d.Strings) {
				proj.Strings[up] = d.Strings
			}
			keepUnit(units, up, d.Root)
			return true, safefile.WriteFileIn(root, target, dattext.Encode(d.Root))
		}
		// Text already (a hand-made .MOD): as it is.
		if isUnitDat(up) {
			if n, err := dattext.Parse(up, b); err == nil {
				keepUnit(units, up, n)
			}
		}
		return false, safefile.WriteFileIn(root, target, b)
	}
	rc, err := r.Open(e)
	if err != nil {
		return false, err
	}
	defer rc.Close()
	tf, err := safefile.CreateIn(root, target)
	if err != nil {
		return false, err
	}
	if _, err := io.Copy(tf, rc); err != nil {
		tf.Abort()
		return false, err
	}
	return false, tf.Commit()
}

func isUnitDat(up string) bool {
	return strings.HasPrefix(up, "MEDIA/UNITS/") && path.Ext(up) == ".DAT"
}

func keepUnit(units *raw.MapSource, up string, n *dattext.Node) {
	if isUnitDat(up) {
		units.Dats[up] = raw.Prune(n)
	}
}

// keepMenuLayout keeps a UI layout (BINLAYOUT b at up) for recordMenus.
func keepMenuLayout(units *raw.MapSource, up string, b []byte) {
	if strings.HasPrefix(up, raw.UIScanDir) {
		if l, err := layout.Decode(b); err == nil {
			units.Layouts[up] = l
		}
	}
}

// recordMenus keeps in proj.MenusLeftOut the Menu Definitions the .MOD's
// UI.RAW (data) leaves out though its layouts hold them: GUTS sometimes
// leaves out one whose object id another's shares, by a rule
// formats/tl2/raw does not know. Pack leaves them out again, so the UI.RAW
// comes back byte for byte. It returns how many.
func recordMenus(units *raw.MapSource, data []byte, proj *modpack.Project, res *Result) int {
	orig, err := raw.Decode(raw.UI, data)
	if err != nil {
		res.Warnings = append(res.Warnings, fmt.Sprintf("MEDIA/UI.RAW does not read (%v): pack writes its own", err))
		return 0
	}
	gen, err := raw.Generate(&raw.MapSource{Dats: map[string]*dattext.Node{}, Layouts: units.Layouts}, raw.Options{})
	if err != nil {
		res.Warnings = append(res.Warnings, fmt.Sprintf("MEDIA/UI.RAW: %v", err))
		return 0
	}
	var made []raw.Menu
	for _, o := range gen.Outputs {
		if o.File.Kind == raw.UI {
			made = o.File.Menus
		}
	}
	left := raw.MenusLeftOut(made, orig.Menus)
	if left == nil && !slices.Equal(made, orig.Menus) {
		res.Warnings = append(res.Warnings, "MEDIA/UI.RAW lists other menus than the layouts give (not only fewer): pack writes the list the layouts give")
	}
	proj.MenusLeftOut = left
	return len(left)
}

// recordBaseUnits keeps in proj.BaseUnits what the .MOD's UNITDATA.RAW
// (data) says its units inherit from base-game files the .MOD lacks. The
// unit sources go through the RAW generator without base data: each unit
// it cannot resolve names the first missing file and the fields left
// open, and the .MOD's record of that unit holds the values GUTS read
// for them. Fields of one base file agree across its units (they are that
// file's values); where two disagree, the first is kept and a warning
// says so. It returns the counts of base files and units recorded.
func recordBaseUnits(units *raw.MapSource, data []byte, proj *modpack.Project, res *Result) (files, nUnits int) {
	orig, err := raw.Decode(raw.UnitData, data)
	if err != nil {
		res.Warnings = append(res.Warnings, fmt.Sprintf("MEDIA/UNITDATA.RAW does not read (%v): pack will guess what units inherit from base-game files unless the game's data is given", err))
		return 0, 0
	}
	gen, err := raw.Generate(units, raw.Options{})
	if err != nil {
		res.Warnings = append(res.Warnings, fmt.Sprintf("MEDIA/UNITDATA.RAW: %v", err))
		return 0, 0
	}
	byFile := firstByFile(orig)
	if proj.BaseUnits == nil {
		proj.BaseUnits = map[string]*modpack.BaseUnit{}
	}
	// RARITY_HC is decided per base file once all its units are seen
	// (decideRarityHC).
	hc := map[string][]hcSeen{}
	for _, un := range gen.Unresolved {
		u := byFile[un.File]
		if u == nil {
			continue // not in the .MOD's index (GUTS skipped it): nothing to learn
		}
		b := proj.BaseUnits[un.BaseFile]
		if b == nil {
			b = &modpack.BaseUnit{From: un.File}
			proj.BaseUnits[un.BaseFile] = b
		}
		nUnits++
		conflict := func(field string, had, now any) {
			res.Warnings = append(res.Warnings, fmt.Sprintf("%s: UNITDATA.RAW gives it %s %v from %s, where %s has %v; %s keeps %v, so pack may give this unit another value",
				un.File, field, now, un.BaseFile, b.From, had, modpack.ProjectFile, had))
		}
		i32 := func(field string, dst **int32, v int32) {
			switch {
			case *dst == nil:
				*dst = &v
			case **dst != v:
				conflict(field, **dst, v)
			}
		}
		boolean := func(field string, dst **bool, v bool) {
			switch {
			case *dst == nil:
				*dst = &v
			case **dst != v:
				conflict(field, **dst, v)
			}
		}
		for _, f := range un.Missing {
			switch f {
			case "UNITTYPE":
				switch v := u.UnitType; {
				case b.UnitType == nil:
					b.UnitType = &v
				case *b.UnitType != v:
					conflict(f, *b.UnitType, v)
				}
			case "LEVEL":
				i32(f, &b.Level, u.Level)
			case "MINLEVEL":
				i32(f, &b.MinLevel, u.MinLevel)
			case "MAXLEVEL":
				i32(f, &b.MaxLevel, u.MaxLevel)
			case "RARITY":
				i32(f, &b.Rarity, u.Rarity)
			case "RARITY_HC":
				hc[un.BaseFile] = append(hc[un.BaseFile], hcSeen{un.File, u.RarityHC, u.Rarity})
			case "CREATEAS":
				boolean("EQUIPMENT", &b.Equipment, u.Flags&raw.FlagEquipment != 0)
			case "SET":
				boolean(f, &b.Set, u.Flags&raw.FlagSet != 0)
			}
		}
	}
	decideRarityHC(hc, proj, res)
	return len(proj.BaseUnits), nUnits
}

// firstByFile indexes a UNITDATA.RAW's units by FILE, the first of each.
func firstByFile(orig *raw.File) map[string]*raw.Unit {
	byFile := map[string]*raw.Unit{}
	for c := range orig.Units {
		for i := range orig.Units[c] {
			u := &orig.Units[c][i]
			if _, dup := byFile[u.File]; !dup {
				byFile[u.File] = u
			}
		}
	}
	return byFile
}

// hcSeen is one unit's RARITY_HC and RARITY, as UNITDATA.RAW gives them.
type hcSeen struct {
	unit       string
	hc, rarity int32
}

// decideRarityHC records each base file's RARITY_HC. RARITY_HC is RARITY
// when no file of the chain sets it, so what a unit shows may be its own
// RARITY rather than the base file's value: a base file whose units all
// show their RARITY sets none; otherwise the first other value is kept
// and the units that differ are warned about.
func decideRarityHC(hc map[string][]hcSeen, proj *modpack.Project, res *Result) {
	for base, seen := range hc {
		b := proj.BaseUnits[base]
		if !slices.ContainsFunc(seen, func(x hcSeen) bool { return x.hc != x.rarity }) {
			b.Unset = append(b.Unset, "RARITY_HC") // every one is its RARITY: the base file sets none
			continue
		}
		v := seen[slices.IndexFunc(seen, func(x hcSeen) bool { return x.hc != x.rarity })]
		b.RarityHC = &v.hc
		for _, x := range seen {
			if x.hc != v.hc {
				res.Warnings = append(res.Warnings, fmt.Sprintf("%s: UNITDATA.RAW gives it RARITY_HC %d from %s, where %s has %d; %s keeps %d, so pack may give this unit another value",
					x.unit, x.hc, base, v.unit, v.hc, modpack.ProjectFile, v.hc))
			}
		}
	}
}

// hashIDs: every id is the rg_hash of its text, what pack assigns anyway.
func hashIDs(t []bindat.Entry) bool {
	for _, e := range t {
		if e.ID != rghash.Hash(e.Text) {
			return false
		}
	}
	return true
}

// modDatText writes MOD.DAT for the header, as GUTS lays it out; name is
// MOD_FILE_NAME (the .MOD's file name without extension).
func modDatText(h *mod.Header, name string) ([]byte, []string) {
	var warns []string
	one := func(key, v string) string {
		if strings.ContainsAny(v, "\r\n") {
			warns = append(warns, fmt.Sprintf("MOD.DAT: %s holds line breaks, which MOD.DAT cannot; they became spaces", key))
			v = strings.NewReplacer("\r\n", " ", "\r", " ", "\n", " ").Replace(v)
		}
		return v
	}
	root := &dattext.Node{Name: "MOD"}
	root.Add("STRING", "NAME", one("NAME", h.Title))
	root.Add("STRING", "AUTHOR", one("AUTHOR", h.Author))
	root.Add("STRING", "DESCRIPTION", one("DESCRIPTION", h.Description))
	root.Add("STRING", "WEBSITE", one("WEBSITE", h.Website))
	root.Add("STRING", "DOWNLOAD_URL", one("DOWNLOAD_URL", h.DownloadURL))
	root.Add("INTEGER64", "MOD_ID", strconv.FormatInt(h.ModID, 10))
	root.Add("STRING", "MOD_FILE_NAME", one("MOD_FILE_NAME", name))
	root.Add("INTEGER", "VERSION", strconv.Itoa(int(h.ModVersion)))
	if len(h.Required) > 0 {
		req := &dattext.Node{Name: "REQUIRED_MODS"}
		for _, d := range h.Required {
			m := &dattext.Node{Name: "MOD"}
			m.Add("INTEGER64", "ID", strconv.FormatInt(d.ID, 10))
			m.Add("STRING", "NAME", one("REQUIRED_MODS NAME", d.Name))
			m.Add("INTEGER", "VERSION", strconv.Itoa(int(d.Version)))
			req.Children = append(req.Children, m)
		}
		root.Children = append(root.Children, req)
	}
	if len(h.Remove) > 0 {
		rm := &dattext.Node{Name: "REMOVE_FILES"}
		for _, f := range h.Remove {
			rm.Add("STRING", "FILE", one("REMOVE_FILES FILE", f))
		}
		root.Children = append(root.Children, rm)
	}
	return dattext.Encode(root), warns
}
