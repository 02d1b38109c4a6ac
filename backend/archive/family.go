package archive

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"strings"
)

// Family is what a game family tells the rest of Packsmith about itself:
// the file extensions it opens, its names, and the words the window uses
// for it. The kind map, the open dialog, the welcome text and the error
// hint are built from the registered families; wails.json's file
// associations and the Windows installer's (build/windows/installer/
// project.nsi) are checked against them by internal/wailsproject (see
// "Adding a game family" in doc.go).
type Family struct {
	// Name is the driver's id ("tl2-mod"); several families may share a
	// driver package.
	Name string
	// Title is the game as the window names it ("Torchlight II").
	Title string
	// Exts are the extensions, lower case with the dot (".mod").
	Exts []string
	// Description names one file of the family for file managers and the
	// installer ("Torchlight II mod").
	Description string
	// Hint is the family in the unknown-file hint and welcome text
	// ("Torchlight II .MOD").
	Hint string
	// Class is the Windows ProgID suffix ("TL2Mod" → Packsmith.TL2Mod);
	// "" means the installer offers no file association.
	Class string
	// NotArchiveInside says an entry with this extension inside an archive
	// is not itself an archive (a TL2 .DAT entry is text, not a Reborn
	// pack): the kind map does not call it one.
	NotArchiveInside bool
	// Sidecars are extensions of files that travel with one of the
	// family's archives and are not archives themselves (".man", a
	// DATA.PAK's manifest): a folder listing does not offer them.
	Sidecars []string
	// Create, when set, packs the folder dir into a new archive of the
	// family at out (named with one of Exts), encrypted with password when
	// the family encrypts and one is given: the CLI's create and the
	// window's Create pack call it through CreatorFor, so neither imports
	// the driver. Its result is JSON-ready and a fmt.Stringer (the CLI's
	// line); CreateResult is a value of its type, for the job's result
	// type the window declares (app.JobResults).
	Create       func(ctx context.Context, out, dir, password string, p Progress) (fmt.Stringer, error)
	CreateResult fmt.Stringer
	// Files are extensions (lower case with the dot) of the family's loose
	// files the window opens on their own (a TL2 .LAYOUT, .MPP, .DDS): the
	// open dialog's second filter lists them.
	Files []string
	// Tables, when set, reads and edits the family's text tables
	// (tables.go): the window's table view and its jobs come from here.
	Tables *TextTables
}

// CreatorFor is the registered family that creates archives named like
// out (by extension, any case), or false.
func CreatorFor(out string) (Family, bool) {
	ext := strings.ToLower(filepath.Ext(out))
	for _, f := range Families() {
		if f.Create != nil && slices.Contains(f.Exts, ext) {
			return f, true
		}
	}
	return Family{}, false
}

// IsSidecar says whether name (a file name or path) has a registered
// family's sidecar extension (Family.Sidecars), any case.
func IsSidecar(name string) bool {
	ext := strings.ToLower(filepath.Ext(name))
	for _, f := range Families() {
		if slices.Contains(f.Sidecars, ext) {
			return true
		}
	}
	return false
}

// Counts is an Info value (Capabilities.Info) that counts the archive's
// entries and bytes, so an optimize can say what it saved without knowing
// the family.
type Counts interface {
	Counts() (entries int, size int64)
}

// familyList holds the registered families, by Name; regMu guards it.
var familyList []Family

// RegisterFamily adds a family; each driver's family.go calls it in init.
// It panics on a missing name or extension, or an extension not written
// ".lower", which are programming errors caught by any test run.
func RegisterFamily(f Family) {
	if f.Name == "" || len(f.Exts) == 0 {
		panic(fmt.Sprintf("archive.RegisterFamily: %q needs a name and an extension", f.Name))
	}
	for _, e := range f.Exts {
		if !strings.HasPrefix(e, ".") || e != strings.ToLower(e) {
			panic(fmt.Sprintf("archive.RegisterFamily: %s: extension %q must be lower case with its dot", f.Name, e))
		}
	}
	regMu.Lock()
	defer regMu.Unlock()
	for _, g := range familyList {
		if g.Name == f.Name {
			panic(fmt.Sprintf("archive.RegisterFamily: %s registered twice", f.Name))
		}
	}
	f.Exts = append([]string(nil), f.Exts...)
	familyList = append(familyList, f)
	sort.SliceStable(familyList, func(i, j int) bool { return familyList[i].Name < familyList[j].Name })
}

// Families lists the registered families by name.
func Families() []Family {
	regMu.RLock()
	defer regMu.RUnlock()
	out := make([]Family, len(familyList))
	for i, f := range familyList {
		f.Exts = append([]string(nil), f.Exts...)
		out[i] = f
	}
	return out
}

// ArchiveExts lists every registered extension once, sorted.
func ArchiveExts() []string {
	seen := map[string]bool{}
	var out []string
	for _, f := range Families() {
		for _, e := range f.Exts {
			if !seen[e] {
				seen[e] = true
				out = append(out, e)
			}
		}
	}
	sort.Strings(out)
	return out
}

// FileExts lists every registered family's loose-file extensions
// (Family.Files) once, in the order the families give them.
func FileExts() []string {
	seen := map[string]bool{}
	var out []string
	for _, f := range Families() {
		for _, e := range f.Files {
			if !seen[e] {
				seen[e] = true
				out = append(out, e)
			}
		}
	}
	return out
}

// IsArchiveInside says whether an entry named with ext inside an archive
// is itself an archive: a family's extension, unless every family listing
// it says otherwise (NotArchiveInside).
func IsArchiveInside(ext string) bool {
	ext = strings.ToLower(ext)
	for _, f := range Families() {
		for _, e := range f.Exts {
			if e == ext && !f.NotArchiveInside {
				return true
			}
		}
	}
	return false
}
