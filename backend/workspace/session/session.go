// Package session keeps the archives open in the window: each has an id,
// a filtered and paged listing (the list in the window is virtual and asks
// for one page at a time) and a folder tree.
package session

import (
	"fmt"
	"path"
	"regexp"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"packsmith/backend/archive"
	"packsmith/backend/sys/limits"
)

// Info describes an open archive to the window.
type Info struct {
	ID        string `json:"id"`
	Path      string `json:"path"`
	Name      string `json:"name"`
	Family    string `json:"family"`
	Entries   int    `json:"entries"`
	Size      int64  `json:"size"`
	Packed    int64  `json:"packed"`
	CanVerify bool   `json:"canVerify"`
	CanWrite  bool   `json:"canWrite"`
	Meta      any    `json:"meta,omitempty"` // the family's Info()
	// From the family's capabilities (archive.Capabilities), so the window
	// compares no family names.
	Card       string `json:"card"`       // how Meta shows: "" fields, "mod" the TL2 mod card, "none"
	Unpack     bool   `json:"unpack"`     // a .MOD that turns back into a project
	Passwords  bool   `json:"passwords"`  // entries may be encrypted (the Lost Saga bar)
	SingleFile bool   `json:"singleFile"` // one loose file: opens into its preview
}

// Query selects a page of entries.
type Query struct {
	// Filter is a substring (case-insensitive), a glob when it holds * or ?
	// (matched against the name, or the whole path when it holds a '/'),
	// or a regular expression (Regex). '\' counts as '/'.
	Filter string `json:"filter"`
	Regex  bool   `json:"regex"`
	Folder string `json:"folder"` // only entries below this folder ("" = all)
	Offset int    `json:"offset"`
	Limit  int    `json:"limit"`
	Sort   string `json:"sort"` // "path" (default), "name", "size", "packed", "kind"
	Desc   bool   `json:"desc"`
}

// Page is one page of a query's result.
type Page struct {
	Total   int             `json:"total"` // entries matching the query
	Offset  int             `json:"offset"`
	Entries []archive.Entry `json:"entries"`
	// Why says, when nothing matched, what the filter looked for and
	// whether entries outside the folder match.
	Why string `json:"why,omitempty"`
}

// Folder is a node of the folder tree.
type Folder struct {
	Path     string    `json:"path"`
	Name     string    `json:"name"`
	Files    int       `json:"files"` // files anywhere below
	Children []*Folder `json:"children,omitempty"`
}

// Session is one open archive.
type Session struct {
	ID      string
	Archive archive.Archive
	// Opts are the options it was opened with (its password), for reopening.
	Opts archive.OpenOptions

	mu       sync.Mutex
	lastKey  string
	lastHits []int // indexes into Archive.Entries() for lastKey
}

// Manager owns the open sessions.
type Manager struct {
	mu     sync.Mutex
	byID   map[string]*Session
	nextID atomic.Int64
	budget *limits.Budget
}

// NewManager returns an empty Manager whose archives decode within budget
// (the window's; nil: each archive a default one of its own).
func NewManager(budget *limits.Budget) *Manager {
	return &Manager{byID: map[string]*Session{}, budget: budget}
}

// Open opens the archive at p and returns its description. Options
// without a budget take the manager's.
func (m *Manager) Open(p string, opts archive.OpenOptions) (Info, error) {
	if opts.Budget == nil {
		opts.Budget = m.budget
	}
	a, err := archive.Open(p, opts)
	if err != nil {
		return Info{}, err
	}
	info := m.Add(a)
	if s, err := m.Get(info.ID); err == nil {
		s.Opts = opts
	}
	return info, nil
}

// Add registers an already opened archive.
func (m *Manager) Add(a archive.Archive) Info {
	id := fmt.Sprintf("s%d", m.nextID.Add(1))
	s := &Session{ID: id, Archive: a}
	m.mu.Lock()
	m.byID[id] = s
	m.mu.Unlock()
	return s.Info()
}

// Get returns the session with the given id.
func (m *Manager) Get(id string) (*Session, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, ok := m.byID[id]
	if !ok {
		return nil, fmt.Errorf("no open archive %q (it was closed)", id)
	}
	return s, nil
}

// Close closes one session.
func (m *Manager) Close(id string) error {
	m.mu.Lock()
	s, ok := m.byID[id]
	delete(m.byID, id)
	m.mu.Unlock()
	if !ok {
		return nil
	}
	return s.Archive.Close()
}

// CloseAll closes every session.
func (m *Manager) CloseAll() {
	m.mu.Lock()
	ids := make([]string, 0, len(m.byID))
	for id := range m.byID {
		ids = append(ids, id)
	}
	m.mu.Unlock()
	for _, id := range ids {
		m.Close(id)
	}
}

// Swap puts a (the same archive reopened after a save, or the file it was
// saved as) in the session in place of the old one, which it returns for the
// caller to close. Cached listings are dropped.
func (s *Session) Swap(a archive.Archive) archive.Archive {
	s.mu.Lock()
	defer s.mu.Unlock()
	old := s.Archive
	s.Archive = a
	s.lastKey, s.lastHits = "", nil
	return old
}

// Name is the archive's file name, as tabs and job titles show it.
func (s *Session) Name() string { return baseName(s.Archive.Path()) }

// Info describes the session's archive (it walks every entry and asks the
// family for its metadata: not for hot paths).
func (s *Session) Info() Info {
	a := s.Archive
	in := Info{ID: s.ID, Path: a.Path(), Name: s.Name(), Family: a.Family()}
	for _, e := range a.Entries() {
		in.Entries++
		if e.Size > 0 {
			in.Size += e.Size
		}
		in.Packed += e.Packed
	}
	c := a.Capabilities()
	in.CanVerify, in.CanWrite = c.Verify != nil, c.Rewrite != nil
	in.Card, in.Unpack, in.Passwords, in.SingleFile = string(c.Card), c.Unpack, c.Passwords, c.SingleFile
	if c.Info != nil {
		in.Meta = c.Info()
	}
	return in
}

func baseName(p string) string {
	p = strings.ReplaceAll(p, `\`, "/")
	return path.Base(p)
}

// MaxPage caps a page so one call never ships a huge JSON answer.
const MaxPage = 2000

// List returns one page of the entries matching q.
func (s *Session) List(q Query) (Page, error) {
	hits, err := s.match(q)
	if err != nil {
		return Page{}, err
	}
	es := s.Archive.Entries()
	if q.Limit <= 0 || q.Limit > MaxPage {
		q.Limit = MaxPage
	}
	if q.Offset < 0 {
		q.Offset = 0
	}
	p := Page{Total: len(hits), Offset: q.Offset, Entries: []archive.Entry{}}
	if len(hits) == 0 && len(es) > 0 {
		p.Why = s.why(q)
	}
	for i := q.Offset; i < len(hits) && i < q.Offset+q.Limit; i++ {
		p.Entries = append(p.Entries, es[hits[i]])
	}
	return p, nil
}

// Matching returns the paths of every entry matching q (for "extract the
// filtered entries"), ignoring paging.
func (s *Session) Matching(q Query) ([]string, error) {
	hits, err := s.match(q)
	if err != nil {
		return nil, err
	}
	es := s.Archive.Entries()
	out := make([]string, len(hits))
	for i, h := range hits {
		out[i] = es[h].Path
	}
	return out, nil
}

// match filters and sorts, caching the last result: the virtual list asks
// for many pages of the same query while scrolling.
func (s *Session) match(q Query) ([]int, error) {
	key := fmt.Sprintf("%q|%v|%q|%q|%v", q.Filter, q.Regex, q.Folder, q.Sort, q.Desc)
	s.mu.Lock()
	defer s.mu.Unlock()
	if key == s.lastKey && s.lastHits != nil {
		return s.lastHits, nil
	}
	test, err := filterFunc(q)
	if err != nil {
		return nil, err
	}
	prefix := ""
	if q.Folder != "" {
		prefix = strings.ToLower(strings.Trim(q.Folder, "/")) + "/"
	}
	es := s.Archive.Entries()
	hits := make([]int, 0, len(es))
	for i, e := range es {
		if prefix != "" && !strings.HasPrefix(strings.ToLower(e.Path), prefix) {
			continue
		}
		if test(e.Path) {
			hits = append(hits, i)
		}
	}
	less := sortFunc(es, q.Sort)
	sort.SliceStable(hits, func(i, j int) bool {
		if q.Desc {
			return less(hits[j], hits[i])
		}
		return less(hits[i], hits[j])
	})
	s.lastKey, s.lastHits = key, hits
	return hits, nil
}

// IsGlob says whether a filter is a glob: it holds * or ?.
func IsGlob(f string) bool { return strings.ContainsAny(f, "*?") }

// filterFunc turns a query's filter into a test on entry paths.
func filterFunc(q Query) (func(string) bool, error) {
	f := q.Filter
	if !q.Regex {
		f = strings.ReplaceAll(f, `\`, "/")
	}
	switch {
	case f == "":
		return func(string) bool { return true }, nil
	case q.Regex:
		re, err := regexp.Compile("(?i)" + f)
		if err != nil {
			return nil, fmt.Errorf("filter: bad regular expression: %v", strings.TrimPrefix(err.Error(), "error parsing regexp: "))
		}
		return re.MatchString, nil
	case IsGlob(f):
		var sb strings.Builder
		sb.WriteString("(?i)^")
		for _, r := range f {
			switch r {
			case '*':
				sb.WriteString(".*")
			case '?':
				sb.WriteString(".")
			default:
				sb.WriteString(regexp.QuoteMeta(string(r)))
			}
		}
		sb.WriteString("$")
		re := regexp.MustCompile(sb.String())
		if strings.Contains(f, "/") {
			return func(p string) bool { return re.MatchString(p) }, nil
		}
		return func(p string) bool { return re.MatchString(path.Base(p)) }, nil
	default:
		needle := strings.ToLower(f)
		return func(p string) bool { return strings.Contains(strings.ToLower(p), needle) }, nil
	}
}

// why explains an empty result in words.
func (s *Session) why(q Query) string {
	if q.Folder != "" {
		all := q
		all.Folder = ""
		if hits, err := s.matchUncached(all); err == nil && len(hits) > 0 {
			if len(hits) == 1 {
				return fmt.Sprintf("nothing in %s matches; 1 entry elsewhere in the archive does (click the archive's name in the tree)", q.Folder)
			}
			return fmt.Sprintf("nothing in %s matches; %d entries elsewhere in the archive do (click the archive's name in the tree)", q.Folder, len(hits))
		}
	}
	f := strings.ReplaceAll(q.Filter, `\`, "/")
	switch {
	case q.Filter == "":
		return "this folder holds no files"
	case q.Regex:
		return fmt.Sprintf("no entry path matches the regular expression %s (case is ignored)", q.Filter)
	case IsGlob(f) && strings.Contains(f, "/"):
		return fmt.Sprintf("no entry path matches %s: with a / the pattern must match the whole path from the archive's root (try */%s)", f, path.Base(f))
	case IsGlob(f):
		return fmt.Sprintf("no file name matches %s (case is ignored; * is any text, ? one character)", f)
	}
	return fmt.Sprintf("no entry path contains %q (case is ignored; use * and ? as wildcards, or .* for a regular expression)", f)
}

// matchUncached filters without touching the cache (for why).
func (s *Session) matchUncached(q Query) ([]int, error) {
	test, err := filterFunc(q)
	if err != nil {
		return nil, err
	}
	var hits []int
	for i, e := range s.Archive.Entries() {
		if test(e.Path) {
			hits = append(hits, i)
		}
	}
	return hits, nil
}

func sortFunc(es []archive.Entry, by string) func(a, b int) bool {
	byPath := func(a, b int) bool { return strings.ToLower(es[a].Path) < strings.ToLower(es[b].Path) }
	switch by {
	case "name":
		return func(a, b int) bool {
			na, nb := strings.ToLower(path.Base(es[a].Path)), strings.ToLower(path.Base(es[b].Path))
			if na != nb {
				return na < nb
			}
			return byPath(a, b)
		}
	case "size":
		return func(a, b int) bool {
			if es[a].Size != es[b].Size {
				return es[a].Size < es[b].Size
			}
			return byPath(a, b)
		}
	case "packed":
		return func(a, b int) bool {
			if es[a].Packed != es[b].Packed {
				return es[a].Packed < es[b].Packed
			}
			return byPath(a, b)
		}
	case "kind":
		return func(a, b int) bool {
			if es[a].Kind != es[b].Kind {
				return es[a].Kind < es[b].Kind
			}
			return byPath(a, b)
		}
	}
	return byPath
}

// Tree builds the folder tree of the archive, folders sorted by name.
func (s *Session) Tree() *Folder {
	root := &Folder{Path: "", Name: s.Name()}
	index := map[string]*Folder{"": root}
	var get func(p string) *Folder
	get = func(p string) *Folder {
		if f, ok := index[p]; ok {
			return f
		}
		parent := get(parentOf(p))
		f := &Folder{Path: p, Name: path.Base(p)}
		parent.Children = append(parent.Children, f)
		index[p] = f
		return f
	}
	for _, e := range s.Archive.Entries() {
		dir := parentOf(e.Path)
		for f := get(dir); ; {
			f.Files++
			if f.Path == "" {
				break
			}
			f = index[parentOf(f.Path)]
		}
	}
	var sortRec func(f *Folder)
	sortRec = func(f *Folder) {
		sort.Slice(f.Children, func(i, j int) bool {
			return strings.ToLower(f.Children[i].Name) < strings.ToLower(f.Children[j].Name)
		})
		for _, c := range f.Children {
			sortRec(c)
		}
	}
	sortRec(root)
	return root
}

func parentOf(p string) string {
	i := strings.LastIndexByte(p, '/')
	if i < 0 {
		return ""
	}
	return p[:i]
}
