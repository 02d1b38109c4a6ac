package merge

import (
	"context"
	"errors"
	"fmt"
	"path"
	"strconv"
	"strings"

	"packsmith/formats/tl2/dattext"
	"packsmith/formats/tl2/layout"
)

// Version is one mod's copy of a file.
type Version struct {
	Mod  string        // how the mod is named in conflicts and Winners
	Root *dattext.Node // the parsed (or decompiled) file; never nil
}

// Options tune Merge.
type Options struct {
	// Winners maps a Conflict.Key to the Mod that wins it instead of the
	// first in the load order. A name that is not one of the versions is
	// ignored (the default winner stands).
	Winners map[string]string
	// MaxWork caps the merge's steps (a block or property compared, placed
	// or counted; 0: DefaultMaxWork). A file whose merge would take more
	// is refused with ErrTooMuchWork rather than holding the command.
	MaxWork int64
}

// DefaultMaxWork is Options.MaxWork's default: about 10 s of work on a
// slow machine, some 200 times what the largest file the game ships takes.
const DefaultMaxWork = 1 << 28

// ErrTooMuchWork: the merge would take more steps than Options.MaxWork.
var ErrTooMuchWork = errors.New("merge: more work than the cap allows")

// ctxEvery is how many steps go between two looks at the context: a few
// microseconds of work, so a cancel is answered at once.
const ctxEvery = 1 << 12

// stop ends a merge from deep in its recursion (recovered by MergeContext).
type stop struct{ err error }

// Value is one mod's side of a conflict.
type Value struct {
	Mod     string `json:"mod"`
	Present bool   `json:"present"` // false: the mod's version has no such property/block
	Type    string `json:"type"`
	Value   string `json:"value"` // the property's value; for a block, a summary
	Changed bool   `json:"changed"`
}

// Conflict is one place two mods changed differently.
type Conflict struct {
	// Key identifies the place across builds: "PATH|BLOCK|PROPERTY".
	Key         string  `json:"key"`
	Path        string  `json:"path"`     // the file, as stored ("MEDIA/UNITS/ITEMS/X.DAT")
	Block       string  `json:"block"`    // "ROOT/CHILD#NAME=X/…"
	Property    string  `json:"property"` // the key; "" when the whole block conflicts
	Values      []Value `json:"values"`   // every mod's, in load order
	BasePresent bool    `json:"basePresent"`
	BaseType    string  `json:"baseType"`
	Base        string  `json:"base"`
	Winner      string  `json:"winner"`
	Overridden  bool    `json:"overridden"` // Winner comes from Options.Winners
	// Losers are the mods (in load order) whose change to this place is
	// not in the merge: they changed it, to something the game reads
	// differently from the winner's. Their other changes to the file may
	// be merged; this one is lost.
	Losers []string `json:"losers"`
	// Label says, for a player, which layout object Block is in when its
	// path names it by id only: `Sound "Sound0"` (DESCRIPTOR and NAME of
	// its [PROPERTIES], as any version has them); "" otherwise.
	Label string `json:"label,omitempty"`
}

// Result is one merged file.
type Result struct {
	Root      *dattext.Node
	Conflicts []Conflict
}

// ConflictKey builds a Conflict.Key.
func ConflictKey(file, block, property string) string {
	return file + "|" + block + "|" + property
}

// Merge merges mods (first = highest priority, as in modlauncher.sch) over
// base (nil: the game has no such file). file is the stored path; it names
// conflicts and tells a .LAYOUT (derived COUNT) from the rest.
func Merge(file string, base *dattext.Node, mods []Version, opt *Options) (*Result, error) {
	return MergeContext(context.Background(), file, base, mods, opt)
}

// MergeContext is Merge, stopped when ctx ends (its error returned) or
// when the work passes Options.MaxWork (ErrTooMuchWork): the number of
// blocks and properties a file holds comes from the file, so every loop
// over them counts its steps and looks at ctx.
func MergeContext(ctx context.Context, file string, base *dattext.Node, mods []Version, opt *Options) (res *Result, err error) {
	if len(mods) == 0 {
		return nil, fmt.Errorf("%s: no versions to merge", file)
	}
	for _, v := range mods {
		if v.Root == nil {
			return nil, fmt.Errorf("%s: mod %q has no tree", file, v.Mod)
		}
	}
	m := &merger{file: file, mods: mods, layout: isLayout(file), ctx: ctx, maxWork: DefaultMaxWork}
	if opt != nil {
		m.winners = opt.Winners
		if opt.MaxWork > 0 {
			m.maxWork = opt.MaxWork
		}
	}
	defer func() {
		if r := recover(); r != nil {
			s, ok := r.(stop)
			if !ok {
				panic(r)
			}
			res, err = nil, s.err
		}
	}()
	if base == nil {
		base = &dattext.Node{Name: mods[0].Root.Name}
	}
	vs := make([]*dattext.Node, len(mods))
	for i, v := range mods {
		vs[i] = v.Root
	}
	root := m.node(base.Name, base, vs, true)
	if root == nil { // cannot happen: the root is never absent
		root = &dattext.Node{Name: base.Name}
	}
	if m.layout {
		root = fixCount(root)
	}
	return &Result{Root: root, Conflicts: m.conflicts}, nil
}

// isLayout tells a .LAYOUT (derived COUNT, schema-read values) from the rest.
func isLayout(file string) bool { return strings.EqualFold(path.Ext(file), ".LAYOUT") }

type merger struct {
	file      string
	mods      []Version
	layout    bool
	anyOrder  bool // same: a block's once-only keys in any order (Same)
	winners   map[string]string
	conflicts []Conflict
	labels    map[string]string // block path of a layout object → its label
	ctx       context.Context
	work      int64 // steps taken
	maxWork   int64
	nextLook  int64 // the step at which ctx is looked at again
}

// step counts n steps of work, and ends the merge when ctx is done or the
// work is over the cap.
func (m *merger) step(n int) {
	m.work += int64(n)
	if m.work > m.maxWork {
		panic(stop{fmt.Errorf("%s: %w (%d steps: the file's blocks or properties are too many to merge)", m.file, ErrTooMuchWork, m.maxWork)})
	}
	if m.work >= m.nextLook {
		m.nextLook = m.work + ctxEvery
		if err := m.ctx.Err(); err != nil {
			panic(stop{err})
		}
	}
}

// objectLabel names a layout object by its DESCRIPTOR and NAME, from the
// first version that has them ("" when none does).
func objectLabel(ns ...*dattext.Node) string {
	for _, n := range ns {
		if n == nil || n.Name != "BASEOBJECT" {
			continue
		}
		pr := n.Child("PROPERTIES")
		if pr == nil {
			continue
		}
		name, d := pr.Value("NAME"), pr.Value("DESCRIPTOR")
		switch {
		case name != "" && d != "":
			return d + ` "` + name + `"`
		case name != "":
			return `"` + name + `"`
		}
	}
	return ""
}

// label is the readable place of block path bp: the innermost labelled
// object it is in ("" when none).
func (m *merger) label(bp string) string {
	for p := bp; p != ""; {
		if l, ok := m.labels[p]; ok {
			return l
		}
		i := strings.LastIndexByte(p, '/')
		if i < 0 {
			break
		}
		p = p[:i]
	}
	return ""
}

// winner picks the version that wins a conflict among changed (indices into
// mods, in load order): the override when it names one of the mods, else
// the first changer.
func (m *merger) winner(key string, changed []int) (int, bool) {
	if w, ok := m.winners[key]; ok {
		for i, v := range m.mods {
			if v.Mod == w {
				return i, true
			}
		}
	}
	return changed[0], false
}

// node merges one block. base nil: no mod's ancestor had it (added); vs[i]
// nil: mod i does not have it. It returns nil when the block is removed.
func (m *merger) node(bp string, base *dattext.Node, vs []*dattext.Node, root bool) *dattext.Node {
	m.step(len(vs))
	changed := make([]int, 0, len(vs))
	for i, v := range vs {
		if !m.same(v, base) {
			changed = append(changed, i)
		}
	}
	if len(changed) == 0 {
		return base
	}
	if m.agree(vs, changed) {
		return vs[changed[0]]
	}
	// Several mods changed the block differently. Some may have removed it
	// (or, for an added block, not have it): that against a change is a
	// conflict over the whole block.
	removed := 0
	for _, i := range changed {
		if vs[i] == nil {
			removed++
		}
	}
	if removed > 0 && !root {
		key := ConflictKey(m.file, bp, "")
		w, over := m.winner(key, changed)
		c := Conflict{Key: key, Path: m.file, Block: bp, BasePresent: base != nil, Base: summary(base), Winner: m.mods[w].Mod, Overridden: over, Label: m.label(bp)}
		for i, v := range vs {
			c.Values = append(c.Values, Value{Mod: m.mods[i].Mod, Present: v != nil, Value: summary(v), Changed: !m.same(v, base)})
		}
		c.Losers = m.losers(changed, w, func(i int) bool { return (vs[i] == nil) != (vs[w] == nil) }) // a removal against a kept block
		m.conflicts = append(m.conflicts, c)
		if vs[w] == nil {
			return nil
		}
		// The block stays: the removals lose, the changes merge among themselves.
		nv := make([]*dattext.Node, len(vs))
		for i, v := range vs {
			nv[i] = v
			if v == nil {
				nv[i] = base
			}
		}
		vs = nv
	}
	if base == nil {
		// Added by several mods under one identity, differently: merge them
		// against an empty block of that name.
		for _, i := range changed {
			if vs[i] != nil {
				base = &dattext.Node{Name: vs[i].Name}
				break
			}
		}
		nv := make([]*dattext.Node, len(vs))
		for i, v := range vs {
			nv[i] = v
			if v == nil {
				nv[i] = base
			}
		}
		vs = nv
	}
	out := &dattext.Node{Name: base.Name, Line: base.Line, EndLine: base.EndLine}
	props := make([][]dattext.Prop, len(vs))
	kids := make([][]*dattext.Node, len(vs))
	for i, v := range vs {
		props[i], kids[i] = v.Props, v.Children
	}
	desc := m.descOf(base)
	if desc == nil {
		desc = m.descOf(vs[changed[0]])
	}
	out.Props = m.props(bp, base.Props, props, root, desc)
	out.Children = m.children(bp, base.Children, kids)
	return out
}

// losers names the changers (in load order) that lose to winner w: those
// for which lost(i) says their change is not the winner's.
func (m *merger) losers(changed []int, w int, lost func(i int) bool) []string {
	out := []string{}
	for _, i := range changed {
		if i != w && lost(i) {
			out = append(out, m.mods[i].Mod)
		}
	}
	return out
}

// agree reports whether every changed version is the same tree to the game.
func (m *merger) agree(vs []*dattext.Node, changed []int) bool {
	for _, i := range changed[1:] {
		if !m.same(vs[i], vs[changed[0]]) {
			return false
		}
	}
	return true
}

// summary says what a block is in a conflict's values.
func summary(n *dattext.Node) string {
	if n == nil {
		return "(absent)"
	}
	count := 0
	_ = n.Walk(func(c *dattext.Node, _ int) error { count += len(c.Props); return nil })
	return fmt.Sprintf("[%s] with %d properties", n.Name, count)
}

// changedFrom lists the versions (by index, in load order) that differ
// from base.
func changedFrom[T any](base T, vs []T, eq func(a, b T) bool) []int {
	var changed []int
	for i, v := range vs {
		if !eq(v, base) {
			changed = append(changed, i)
		}
	}
	return changed
}

// alike says whether every changed version made the same change, so the
// first one stands for all and there is nothing to merge.
func alike[T any](vs []T, changed []int, eq func(a, b T) bool) bool {
	for _, i := range changed[1:] {
		if !eq(vs[i], vs[changed[0]]) {
			return false
		}
	}
	return true
}

// props merges the property lists of one block.
func (m *merger) props(bp string, base []dattext.Prop, vs [][]dattext.Prop, root bool, desc *layout.Descriptor) []dattext.Prop {
	propsEqual := func(a, b []dattext.Prop) bool { return propsSame(a, b, desc) }
	changed := changedFrom(base, vs, propsEqual)
	if len(changed) == 0 {
		return base
	}
	if alike(vs, changed, propsEqual) {
		return vs[changed[0]]
	}
	// Key by key. Keys in base order, then new keys in load order.
	bg := group(base)
	gs := make([]groups, len(vs))
	for i, v := range vs {
		gs[i] = group(v)
	}
	keys := append([]string(nil), bg.keys...)
	seen := make(map[string]bool, len(keys))
	for _, k := range keys {
		seen[k] = true
	}
	for _, g := range gs {
		for _, k := range g.keys {
			if !seen[k] {
				seen[k] = true
				keys = append(keys, k)
			}
		}
	}
	var out []dattext.Prop
	for _, k := range keys {
		m.step(len(vs))
		bs := bg.by[k]
		seqs := make([][]dattext.Prop, len(vs))
		repeated := len(bs) > 1
		for i, g := range gs {
			seqs[i] = g.by[k]
			if len(seqs[i]) > 1 {
				repeated = true
			}
		}
		if root && m.layout && k == "COUNT" {
			out = append(out, bs...) // derived: fixCount sets it
			if len(bs) == 0 && len(seqs[0]) > 0 {
				out = append(out, seqs[0][0])
			}
			continue
		}
		if repeated {
			for _, sq := range seqs {
				m.step(len(sq))
			}
			out = append(out, mergeSeq(bs, seqs, desc)...)
		} else {
			out = append(out, m.scalar(bp, k, bs, seqs, desc)...)
		}
	}
	return out
}

type groups struct {
	keys []string
	by   map[string][]dattext.Prop
}

func group(ps []dattext.Prop) groups {
	g := groups{by: make(map[string][]dattext.Prop, len(ps))}
	for _, p := range ps {
		if _, ok := g.by[p.Key]; !ok {
			g.keys = append(g.keys, p.Key)
		}
		g.by[p.Key] = append(g.by[p.Key], p)
	}
	return g
}

// scalar merges a key present at most once in every version.
func (m *merger) scalar(bp, k string, base []dattext.Prop, vs [][]dattext.Prop, desc *layout.Descriptor) []dattext.Prop {
	propsEqual := func(a, b []dattext.Prop) bool { return propsSame(a, b, desc) }
	changed := changedFrom(base, vs, propsEqual)
	if len(changed) == 0 {
		return base
	}
	if alike(vs, changed, propsEqual) {
		return vs[changed[0]]
	}
	key := ConflictKey(m.file, bp, k)
	w, over := m.winner(key, changed)
	c := Conflict{Key: key, Path: m.file, Block: bp, Property: k, Winner: m.mods[w].Mod, Overridden: over, Label: m.label(bp)}
	if len(base) > 0 {
		c.BasePresent, c.BaseType, c.Base = true, base[0].Type, base[0].Value
	}
	for i, v := range vs {
		val := Value{Mod: m.mods[i].Mod, Changed: !propsEqual(v, base)}
		if len(v) > 0 {
			val.Present, val.Type, val.Value = true, v[0].Type, v[0].Value
		}
		c.Values = append(c.Values, val)
	}
	c.Losers = m.losers(changed, w, func(i int) bool { return !propsEqual(vs[i], vs[w]) })
	m.conflicts = append(m.conflicts, c)
	return vs[w]
}

type pv struct{ t, v string }

// mergeSeq merges a repeated key as a multiset edit of the base's values:
// an element any mod removed is removed, an element mods added is added
// (once, however many added it), in the order the mods list them, first
// mod first. Elements are counted by what the game reads (canon).
func mergeSeq(base []dattext.Prop, vs [][]dattext.Prop, desc *layout.Descriptor) []dattext.Prop {
	key := func(p dattext.Prop) pv { return pv{p.Type, canon(kindOf(p.Type, p.Key, desc), p.Value)} }
	count := func(ps []dattext.Prop) map[pv]int {
		c := make(map[pv]int, len(ps))
		for _, p := range ps {
			c[key(p)]++
		}
		return c
	}
	bc := count(base)
	removed := map[pv]int{}
	added := map[pv]int{}
	for _, v := range vs {
		vc := count(v)
		for e, n := range bc {
			if d := n - vc[e]; d > removed[e] {
				removed[e] = d
			}
		}
		for e, n := range vc {
			if d := n - bc[e]; d > added[e] {
				added[e] = d
			}
		}
	}
	var out []dattext.Prop
	for _, p := range base {
		e := key(p)
		if removed[e] > 0 { // the first copies go
			removed[e]--
			continue
		}
		out = append(out, p)
	}
	for _, v := range vs {
		for _, p := range v {
			e := key(p)
			if added[e] > 0 {
				added[e]--
				out = append(out, p)
			}
		}
	}
	return out
}

// children merges the child blocks by identity.
func (m *merger) children(bp string, base []*dattext.Node, vs [][]*dattext.Node) []*dattext.Node {
	eq := func(a, b []*dattext.Node) bool {
		if len(a) != len(b) {
			return false
		}
		for i := range a {
			if !m.same(a[i], b[i]) {
				return false
			}
		}
		return true
	}
	changed := changedFrom(base, vs, eq)
	if len(changed) == 0 {
		return base
	}
	if alike(vs, changed, eq) {
		return vs[changed[0]]
	}
	bk := identify(base)
	vk := make([]keyed, len(vs))
	for i, v := range vs {
		vk[i] = identify(v)
		if m.layout {
			m.recreated(bk, &vk[i])
		}
	}
	order := m.order(bk.keys, vk)
	out := make([]*dattext.Node, 0, len(order))
	sub := make([]*dattext.Node, len(vs))
	for _, k := range order {
		m.step(len(vk))
		for i, kv := range vk {
			sub[i] = kv.by[k]
		}
		if strings.HasPrefix(k, "BASEOBJECT#") {
			if l := objectLabel(append([]*dattext.Node{bk.by[k]}, sub...)...); l != "" {
				if m.labels == nil {
					m.labels = map[string]string{}
				}
				m.labels[bp+"/"+k] = l
			}
		}
		if n := m.node(bp+"/"+k, bk.by[k], sub, false); n != nil {
			out = append(out, n)
		}
	}
	return out
}

// order is the merged children's order: the base's keys, then each key a
// version added, right after the key it follows in that version (first
// when it is first there). A linked list over the keys, so that placing n
// added blocks takes n steps, not n² (a file of 180,000 same-named blocks
// took 46 s to place them by searching the order for each).
func (m *merger) order(base []string, vk []keyed) []string {
	const head = 0 // next[head] is the first key; keys are 1…
	next := make([]int, 1, len(base)+1)
	keys := make([]string, 1, len(base)+1)
	at := make(map[string]int, len(base))
	insert := func(after int, k string) int {
		keys = append(keys, k)
		next = append(next, next[after])
		n := len(keys) - 1
		next[after], at[k] = n, n
		return n
	}
	last := head
	for _, k := range base {
		last = insert(last, k)
	}
	for _, kv := range vk {
		m.step(len(kv.keys))
		prev := head
		for _, k := range kv.keys {
			if n, ok := at[k]; ok {
				prev = n
				continue
			}
			prev = insert(prev, k)
		}
	}
	out := make([]string, 0, len(keys)-1)
	for n := next[head]; n != head; n = next[n] {
		out = append(out, keys[n])
	}
	return out
}

type keyed struct {
	keys []string
	by   map[string]*dattext.Node
}

// idProps are the properties that identify a block among same-named
// siblings, in the order they are tried.
var idProps = []string{"ID", "GUID", "UNIT_GUID", "UNIQUE_GUID", "NAME", "FILE"}

// identify keys each child: NAME#PROP=VALUE when a property identifies it
// (a layout object by its [PROPERTIES] ID), else NAME or NAME[n] by place.
func identify(ns []*dattext.Node) keyed {
	k := keyed{keys: make([]string, len(ns)), by: make(map[string]*dattext.Node, len(ns))}
	byName := map[string][]int{}
	var names []string
	for i, n := range ns {
		if _, ok := byName[n.Name]; !ok {
			names = append(names, n.Name)
		}
		byName[n.Name] = append(byName[n.Name], i)
	}
	for _, name := range names {
		idx := byName[name]
		prop := ""
		if len(idx) > 1 || name == "BASEOBJECT" {
			prop = pickID(ns, idx)
		}
		for ord, i := range idx {
			switch {
			case prop != "":
				k.keys[i] = name + "#" + prop + "=" + idValue(ns[i], prop)
			case len(idx) == 1:
				k.keys[i] = name
			default:
				k.keys[i] = name + "[" + strconv.Itoa(ord+1) + "]"
			}
		}
	}
	for i, n := range ns {
		k.by[k.keys[i]] = n
	}
	return k
}

func idValue(n *dattext.Node, prop string) string {
	if p, ok := n.Get(prop); ok {
		return p.Value
	}
	if n.Name == "BASEOBJECT" {
		if pr := n.Child("PROPERTIES"); pr != nil {
			if p, ok := pr.Get(prop); ok {
				return p.Value
			}
		}
	}
	return ""
}

func hasID(n *dattext.Node, prop string) bool {
	if _, ok := n.Get(prop); ok {
		return true
	}
	if n.Name == "BASEOBJECT" {
		if pr := n.Child("PROPERTIES"); pr != nil {
			_, ok := pr.Get(prop)
			return ok
		}
	}
	return false
}

// pickID returns the first idProps entry every block in idx has, with
// distinct values, or "".
func pickID(ns []*dattext.Node, idx []int) string {
next:
	for _, prop := range idProps {
		seen := make(map[string]bool, len(idx))
		for _, i := range idx {
			if !hasID(ns[i], prop) {
				continue next
			}
			v := idValue(ns[i], prop)
			if seen[v] {
				continue next
			}
			seen[v] = true
		}
		return prop
	}
	return ""
}

// fixCount sets a LAYOUT root's COUNT to its number of objects, on a copy
// of the root when it changes.
func fixCount(root *dattext.Node) *dattext.Node {
	at := -1
	for i, p := range root.Props {
		if p.Key == "COUNT" {
			at = i
			break
		}
	}
	if at < 0 {
		return root
	}
	n := 0
	_ = root.Walk(func(c *dattext.Node, _ int) error {
		if c.Name == "BASEOBJECT" {
			n++
		}
		return nil
	})
	v := strconv.Itoa(n)
	if root.Props[at].Value == v {
		return root
	}
	cp := *root
	cp.Props = append([]dattext.Prop(nil), root.Props...)
	cp.Props[at].Value = v
	return &cp
}
