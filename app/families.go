package app

// What the window says about the game families, built from the drivers'
// registrations (backend/archive/family.go): the open dialog's archive
// filter and the families the welcome text and the unknown-file hint list
// (AppInfo.Formats). A new family's driver registers itself and all three
// follow; nothing here names a family.

import (
	"sort"
	"strings"

	"packsmith/backend/archive"
)

// Format is one game family as the window describes it.
type Format struct {
	Name  string   `json:"name"`  // the driver's id ("tl2-mod")
	Title string   `json:"title"` // the game ("Torchlight II")
	Hint  string   `json:"hint"`  // "Torchlight II .MOD", in the welcome text and the unknown-file hint
	Exts  []string `json:"exts"`  // ".mod", lower case with the dot
}

// formats lists the registered families in the order the window lists
// them: by game title, then by name (the registry's own order).
func formats() []Format {
	fams := archive.Families()
	out := make([]Format, 0, len(fams))
	for _, f := range fams {
		hint := f.Hint
		if hint == "" {
			hint = strings.Join(f.Exts, ", ")
		}
		out = append(out, Format{Name: f.Name, Title: f.Title, Hint: hint, Exts: f.Exts})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Title < out[j].Title })
	return out
}

// archiveFilter is the open dialog's first filter: every registered
// family's extensions; filesFilter its second: their loose files.
func archiveFilter() FilePattern { return extFilter("Archives", archive.ArchiveExts()) }

func filesFilter() FilePattern {
	return extFilter("Textures, walk grids, data", archive.FileExts())
}

// extFilter is a filter named name listing exts, in lower and upper case
// (GTK's filter is case-sensitive; the games write .MOD and .dat alike).
func extFilter(name string, exts []string) FilePattern {
	names := make([]string, len(exts))
	var pats []string
	for i, e := range exts {
		names[i] = "*" + e
		pats = append(pats, "*"+e, "*"+strings.ToUpper(e))
	}
	return FilePattern{Name: name + " (" + strings.Join(names, ", ") + ")", Pattern: strings.Join(pats, ";")}
}
