// Package search finds text inside every entry of an archive ("Find in
// files"): the decoded text, as the text preview shows it, so that a hit's
// line number is the preview's line. Compiled Torchlight II data is
// decompiled first (BINDAT, BINLAYOUT, RAW tables); text files are decoded
// from UTF-8, UTF-16 (with or without BOM) or CP949. Pictures, audio and
// other binary entries are skipped.
//
// Search runs as a job: entries are read on every core, hits are handed to
// a callback as each entry finishes (the window streams them), progress
// counts entries, and cancelling stops it between reads.
package search

import (
	"context"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"packsmith/backend/archive"
	"packsmith/backend/view/content"
	"packsmith/backend/view/kind"
	"packsmith/backend/view/render"
	"packsmith/formats/utf16"
	"packsmith/formats/workpool"
)

// Options of a search.
type Options struct {
	Query         string `json:"query"`
	Regex         bool   `json:"regex"`
	CaseSensitive bool   `json:"caseSensitive"`
	// MaxHits stops the search after this many hits (0: DefaultMaxHits).
	MaxHits int `json:"maxHits"`
	// Paths limits the search to these entries and folders (all when empty).
	Paths []string `json:"paths"`
	// Workers is how many entries are read at once (0: GOMAXPROCS).
	Workers int `json:"-"`
}

// DefaultMaxHits caps a search's hits.
const DefaultMaxHits = 10000

// MaxLineText caps the line text a hit carries (runes around the match).
const MaxLineText = 240

// Hit is one matching line.
type Hit struct {
	Entry string `json:"entry"`
	// Order is the entry's place among those searched: hits stream in as
	// workers finish, and the window puts them back in entry order by it.
	Order int    `json:"order"`
	Line  int    `json:"line"` // 1-based
	Col   int    `json:"col"`  // 1-based, in runes of the full line
	Len   int    `json:"len"`  // the match's length in runes
	Text  string `json:"text"` // the line (shortened around the match past MaxLineText)
	// Cut is how many runes were cut from the start of Text.
	Cut int `json:"cut,omitempty"`
}

// Note is an entry that could not be searched.
type Note struct {
	Entry string `json:"entry"`
	Why   string `json:"why"`
}

// Result is a finished search.
type Result struct {
	Query     string `json:"query"`
	Entries   int    `json:"entries"`   // entries searched (text)
	Skipped   int    `json:"skipped"`   // binary entries, pictures, audio
	Matched   int    `json:"matched"`   // entries with a hit
	Hits      []Hit  `json:"hits"`      // in entry order, then line
	Truncated bool   `json:"truncated"` // stopped at MaxHits
	Notes     []Note `json:"notes"`     // entries that failed to decode
}

// skipKinds are never text.
var skipKinds = map[string]bool{kind.Image: true, kind.Texture: true, kind.Audio: true, kind.Archive: true, render.KindWalkGrid: true}

type matcher func(line string) (start, end int, ok bool)

func compile(o Options) (matcher, error) {
	if o.Query == "" {
		return nil, fmt.Errorf("search: nothing to find")
	}
	if o.Regex {
		expr := o.Query
		if !o.CaseSensitive {
			expr = "(?i)" + expr
		}
		re, err := regexp.Compile(expr)
		if err != nil {
			return nil, fmt.Errorf("search: bad regular expression: %w", err)
		}
		return func(l string) (int, int, bool) {
			m := re.FindStringIndex(l)
			if m == nil {
				return 0, 0, false
			}
			return m[0], m[1], true
		}, nil
	}
	if o.CaseSensitive {
		q := o.Query
		return func(l string) (int, int, bool) {
			i := strings.Index(l, q)
			return i, i + len(q), i >= 0
		}, nil
	}
	q := strings.ToLower(o.Query)
	ascii := utf16.IsASCII(q)
	return func(l string) (int, int, bool) {
		if ascii && utf16.IsASCII(l) {
			i := indexFoldASCII(l, q)
			return i, i + len(q), i >= 0
		}
		// Unicode: fold rune by rune and map back to byte offsets.
		return indexFold(l, q)
	}, nil
}

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// indexFoldASCII finds lower-case ASCII q in s, ignoring case.
func indexFoldASCII(s, q string) int {
	n := len(q)
	for i := 0; i+n <= len(s); i++ {
		if lower(s[i]) != q[0] {
			continue
		}
		j := 1
		for j < n && lower(s[i+j]) == q[j] {
			j++
		}
		if j == n {
			return i
		}
	}
	return -1
}

// indexFold finds lower-cased q in s by lower-casing s rune by rune.
func indexFold(s, q string) (int, int, bool) {
	var b strings.Builder
	offs := make([]int, 0, len(s)+1)
	for i, r := range s {
		lr := strings.ToLower(string(r))
		for k := 0; k < len(lr); k++ {
			offs = append(offs, i)
		}
		b.WriteString(lr)
	}
	offs = append(offs, len(s))
	ls := b.String()
	i := strings.Index(ls, q)
	if i < 0 {
		return 0, 0, false
	}
	end := i + len(q)
	e := len(s)
	if end < len(offs) {
		e = offs[end]
	}
	return offs[i], e, true
}

// Search finds o.Query in every entry of a. emit, when set, gets each
// entry's hits as soon as it is searched (from one goroutine at a time).
func Search(ctx context.Context, a archive.Archive, o Options, p archive.Progress, emit func([]Hit)) (Result, error) {
	if p == nil {
		p = archive.NoProgress{}
	}
	match, err := compile(o)
	if err != nil {
		return Result{}, err
	}
	maxHits := o.MaxHits
	if maxHits <= 0 {
		maxHits = DefaultMaxHits
	}
	entries, err := selectEntries(a, o.Paths)
	if err != nil {
		return Result{}, err
	}
	res := Result{Query: o.Query, Hits: []Hit{}, Notes: []Note{}}
	var todo []int
	for i, e := range entries {
		if skipKinds[e.Kind] {
			res.Skipped++
			continue
		}
		todo = append(todo, i)
	}
	// Cancelled also when the hits are all found: the workers stop there.
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		mu      sync.Mutex
		done    atomic.Int64
		nHits   atomic.Int64
		perItem = make([][]Hit, len(entries))
		total   = int64(len(todo))
	)
	err = workpool.Each(ctx, len(todo), o.Workers, func(ctx context.Context, k int) error {
		e := entries[todo[k]]
		text, ok, big, err := content.Text(ctx, a, e)
		if ctx.Err() != nil {
			return nil // cancelled, or the hits are all found: not counted
		}
		hits := []Hit(nil)
		if ok {
			hits = grep(e.Path, text, match, maxHits)
			for i := range hits {
				hits[i].Order = todo[k]
			}
		}
		mu.Lock()
		switch {
		case err != nil:
			res.Notes = append(res.Notes, Note{Entry: e.Path, Why: err.Error()})
		case big:
			res.Notes = append(res.Notes, Note{Entry: e.Path, Why: fmt.Sprintf("larger than %d MB: not searched", content.MaxTextBytes>>20)})
		case !ok:
			res.Skipped++
		default:
			res.Entries++
		}
		if len(hits) > 0 {
			room := maxHits - int(nHits.Load())
			if room <= 0 {
				hits = nil
			} else if len(hits) > room {
				hits = hits[:room]
			}
			if len(hits) > 0 {
				perItem[todo[k]] = hits
				res.Matched++
				if nHits.Add(int64(len(hits))) >= int64(maxHits) {
					res.Truncated = true
					cancel()
				}
				if emit != nil {
					emit(hits)
				}
			}
		}
		mu.Unlock()
		p.Progress(done.Add(1), total, e.Path)
		return nil
	})
	if err != nil && !res.Truncated {
		return Result{}, err
	}
	for _, h := range perItem {
		res.Hits = append(res.Hits, h...)
	}
	sort.Slice(res.Notes, func(i, j int) bool { return res.Notes[i].Entry < res.Notes[j].Entry })
	p.Progress(total, total, "")
	return res, nil
}

// grep returns the matching lines of text (at most max).
func grep(entry, text string, match matcher, max int) []Hit {
	var hits []Hit
	line := 0
	for len(text) > 0 && len(hits) < max {
		line++
		i := strings.IndexByte(text, '\n')
		var l string
		if i < 0 {
			l, text = text, ""
		} else {
			l, text = text[:i], text[i+1:]
		}
		l = strings.TrimSuffix(l, "\r")
		s, e, ok := match(l)
		if !ok {
			continue
		}
		col := utf8.RuneCountInString(l[:s]) + 1
		n := utf8.RuneCountInString(l[s:e])
		shown, cut := shorten(l, col-1)
		hits = append(hits, Hit{Entry: entry, Line: line, Col: col, Len: n, Text: shown, Cut: cut})
	}
	return hits
}

// shorten keeps at most MaxLineText runes of a line, around the match
// starting at rune start; it returns the text and the runes cut in front.
func shorten(l string, start int) (string, int) {
	if utf8.RuneCountInString(l) <= MaxLineText {
		return l, 0
	}
	r := []rune(l)
	from := max(0, start-MaxLineText/3)
	to := min(len(r), from+MaxLineText)
	if to-from < MaxLineText {
		from = max(0, to-MaxLineText)
	}
	return string(r[from:to]), from
}

func selectEntries(a archive.Archive, paths []string) ([]archive.Entry, error) {
	all := a.Entries()
	if len(paths) == 0 {
		return all, nil
	}
	want := map[string]bool{}
	var prefixes []string
	for _, p := range paths {
		p = strings.ToLower(strings.Trim(strings.ReplaceAll(p, `\`, "/"), "/"))
		want[p] = true
		prefixes = append(prefixes, p+"/")
	}
	var out []archive.Entry
	for _, e := range all {
		lp := strings.ToLower(e.Path)
		if want[lp] {
			out = append(out, e)
			continue
		}
		for _, pre := range prefixes {
			if strings.HasPrefix(lp, pre) {
				out = append(out, e)
				break
			}
		}
	}
	if len(out) == 0 {
		return nil, &archive.EntryError{Archive: a.Path(), Entry: paths[0], Offset: -1, Err: archive.ErrNotFound}
	}
	return out, nil
}
