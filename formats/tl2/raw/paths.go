package raw

import (
	"slices"
	"strings"

	"packsmith/formats/tl2/dattext"
	"packsmith/formats/tl2/layout"
)

// scanDirs are the folders Generate scans; newGen buckets the mod's paths
// by them once instead of every scan walking every path.
var scanDirs = []string{"MEDIA/AFFIXES/", "MEDIA/SKILLS/", "MEDIA/UNITS/ITEMS/", "MEDIA/UNITS/MONSTERS/",
	"MEDIA/UNITS/PLAYERS/", "MEDIA/UNITS/PROPS/", "MEDIA/MISSILES/", "MEDIA/TRIGGERABLES/", UIScanDir, "MEDIA/LEVELSETS/"}

// upperPath is strings.ToUpper(strings.ReplaceAll(p, `\`, "/")) in one
// pass (and no allocation when p is already in that form).
func upperPath(p string) string {
	clean := true
	for i := 0; i < len(p); i++ {
		c := p[i]
		if c >= 0x80 {
			return strings.ToUpper(strings.ReplaceAll(p, `\`, "/"))
		}
		if c == '\\' || 'a' <= c && c <= 'z' {
			clean = false
		}
	}
	if clean {
		return p
	}
	b := []byte(p)
	for i, c := range b {
		switch {
		case c == '\\':
			b[i] = '/'
		case 'a' <= c && c <= 'z':
			b[i] -= 'a' - 'A'
		}
	}
	return string(b)
}

// srcPath is one listed path, upper-cased, with the spelling to ask the
// Source for. For a MapSource the tree or layout is taken while listing
// (from says which map it came from), saving a second lookup.
type srcPath struct {
	up, orig string
	dir      int // index in scanDirs, -1 for none
	from     int // fromSource, fromDats, fromLayouts
	dat      *dattext.Node
	lay      *layout.Layout
}

const (
	fromSource = iota
	fromDats
	fromLayouts
)

func dirIndex(up string) int {
	if !strings.HasPrefix(up, "MEDIA/") {
		return -1
	}
	for i, d := range scanDirs {
		if strings.HasPrefix(up, d) {
			return i
		}
	}
	return -1
}

// newGen reads the Source's path list: upper-cased and bucketed by
// scanDirs once, with the Source's spelling of each (for a name listed
// under several spellings, the last one, as a map rebuilt in list order
// would hold).
func newGen(src Source, opt Options) *gen {
	g := &gen{src: src, opt: opt, under: make([][]srcPath, len(scanDirs))}
	ms, _ := src.(*MapSource)
	if ms != nil {
		// MapSource.Paths would sort its keys; nothing here needs that.
		g.ms = ms
		g.paths = make([]srcPath, 0, len(ms.Dats)+len(ms.Layouts))
		for p, n := range ms.Dats {
			g.paths = append(g.paths, srcPath{orig: p, from: fromDats, dat: n})
		}
		for p, l := range ms.Layouts {
			g.paths = append(g.paths, srcPath{orig: p, from: fromLayouts, lay: l})
		}
	} else {
		ps := src.Paths()
		g.paths = make([]srcPath, len(ps))
		for i, p := range ps {
			g.paths[i].orig = p
		}
	}
	counts := make([]int, len(scanDirs))
	identity := ms != nil
	for i := range g.paths {
		sp := &g.paths[i]
		sp.up = upperPath(sp.orig)
		identity = identity && len(sp.up) == len(sp.orig) && sp.up == sp.orig
		if sp.dir = dirIndex(sp.up); sp.dir >= 0 {
			counts[sp.dir]++
		}
	}
	if identity {
		// Every key is its own upper-case form: a name is listed twice only
		// when it is a key of both maps.
		for p := range ms.Layouts {
			if _, ok := ms.Dats[p]; ok {
				identity = false
				break
			}
		}
	}
	if !identity {
		g.spellings(ms != nil)
	}
	for d, n := range counts {
		g.under[d] = make([]srcPath, 0, n)
	}
	for _, sp := range g.paths {
		if sp.dir >= 0 {
			g.under[sp.dir] = append(g.under[sp.dir], sp)
		}
	}
	return g
}

// spellings builds byUpper. From a MapSource, of several keys with one
// upper-case form the greatest wins: the one its sorted Paths lists last.
func (g *gen) spellings(keepMax bool) {
	g.byUpper = make(map[string]string, len(g.paths))
	for _, sp := range g.paths {
		if old, ok := g.byUpper[sp.up]; !ok || !keepMax || sp.orig > old {
			g.byUpper[sp.up] = sp.orig
		}
	}
	if len(g.byUpper) == len(g.paths) {
		return
	}
	// Some name is listed twice: every listing reads the winning spelling
	// from the Source.
	for i := range g.paths {
		sp := &g.paths[i]
		sp.orig, sp.from, sp.dat, sp.lay = g.byUpper[sp.up], fromSource, nil, nil
	}
}

// scan returns the upper-case paths under dir ending in ext in GUTS's
// order (see "Record order" in doc.go): a depth-first walk in which a
// folder's files come before its subfolders, each sorted by upper-cased
// name.
func (g *gen) scan(dir, ext string) []srcPath {
	cand := g.paths
	if d := slices.Index(scanDirs, dir); d >= 0 {
		cand = g.under[d]
	}
	var idx []int32 // of cand, those in the scan
	size := 0
	for i, sp := range cand {
		if p := sp.up; strings.HasPrefix(p, dir) && strings.HasSuffix(p, ext) && len(p) > len(dir)+len(ext) {
			idx = append(idx, int32(i))
			size += 2*(len(p)-len(dir)) + 1
		}
	}
	// Each key is built once (not per comparison), all in one string.
	buf := make([]byte, 0, size)
	ends := make([]int, len(idx))
	for k, i := range idx {
		buf = appendSortKey(buf, cand[i].up[len(dir):])
		ends[k] = len(buf)
	}
	all := string(buf)
	key := make([]string, len(cand)) // by index in cand
	for k, i := range idx {
		start := 0
		if k > 0 {
			start = ends[k-1]
		}
		key[i] = all[start:ends[k]]
	}
	// Sorting indices moves no pointers (no write barriers).
	slices.SortFunc(idx, func(a, b int32) int { return strings.Compare(key[a], key[b]) })
	out := make([]srcPath, len(idx))
	for k, i := range idx {
		out[k] = cand[i]
	}
	return out
}

// appendSortKey appends a key whose byte order is scan's order for rel
// (a path below the scanned folder). Each component is prefixed with 0
// when it is the file (the last one) and 1 when it is a folder, so a
// folder's files come before its subfolders. The other bytes are moved so
// that '/' sorts below everything (0x00) and the rest keep their order
// (0x00…0x2E move up one): the keys of two paths then compare as their
// components do, a component before its extensions.
func appendSortKey(dst []byte, rel string) []byte {
	if strings.IndexByte(rel, '/') < 0 {
		dst = append(dst, 0)
	} else {
		dst = append(dst, 1)
	}
	for i := 0; i < len(rel); i++ {
		c := rel[i]
		switch {
		case c == '/':
			dst = append(dst, 0)
			if strings.IndexByte(rel[i+1:], '/') < 0 {
				dst = append(dst, 0)
			} else {
				dst = append(dst, 1)
			}
		case c < '/':
			dst = append(dst, c+1)
		default:
			dst = append(dst, c)
		}
	}
	return dst
}
