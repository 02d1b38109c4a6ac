package bindat

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"packsmith/formats/tl2/rghash"
)

// StringIDs assigns string-table ids for one file. Assign gets the file's
// distinct non-empty STRING/TRANSLATE/NOTE values in first-appearance order
// and returns one id per string; ids must be distinct and not EmptyString.
// The game resolves ids per file, so any such numbering loads the same.
type StringIDs interface {
	Assign(strs []string) ([]uint32, error)
}

// HashIDs is the default numbering: rg_hash of the string, moved up by one
// while the id is taken (or is EmptyString), with strings taken in sorted
// order so the result does not depend on their order in the file. It needs
// no state shared between files.
type HashIDs struct{}

// Assign implements StringIDs.
func (HashIDs) Assign(strs []string) ([]uint32, error) {
	// Distinct hashes (nearly always) are the ids as they are: no id is
	// ever taken twice, so the order strings are met in does not matter.
	ids := make([]uint32, len(strs))
	for i, s := range strs {
		ids[i] = rghash.Hash(s)
	}
	if distinctIDs(sortedKeys(nil, ids)) {
		return ids, nil
	}
	order := make([]int, len(strs))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return strings.Compare(strs[a], strs[b]) })
	taken := make(map[uint32]bool, len(strs))
	for _, i := range order {
		id := rghash.Hash(strs[i])
		for taken[id] || id == EmptyString {
			id++
		}
		taken[id] = true
		ids[i] = id
	}
	return ids, nil
}

// Session numbers strings the way a GUTS build does: one counter across
// every file compiled with the session, in compile order. Strings given to
// Preload (GUTS's dictionary of known strings) keep their ids; any other
// string gets the next number each time a file uses it, even if an earlier
// file of the session had it: replaying the XOVER fixture build this way
// reproduces every BINDAT byte for byte, reusing ids does not. Safe for
// concurrent use, though the ids then depend on the order files arrive in.
type Session struct {
	mu    sync.Mutex
	known map[string]uint32
	used  map[uint32]bool
	next  uint32
}

// NewSession starts a session whose first new string gets id next.
func NewSession(next uint32) *Session {
	return &Session{known: make(map[string]uint32), used: make(map[uint32]bool), next: next}
}

// Preload records known (id, string) pairs, e.g. the string table of an
// existing BINDAT. The first id given for a string wins; the counter moves
// past the largest id.
func (s *Session) Preload(table []Entry) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, e := range table {
		if e.ID == EmptyString {
			continue
		}
		if _, ok := s.known[e.Text]; !ok && !s.used[e.ID] {
			s.known[e.Text] = e.ID
			s.used[e.ID] = true
		}
		if e.ID >= s.next {
			s.next = e.ID + 1
		}
	}
}

// Assign implements StringIDs.
func (s *Session) Assign(strs []string) ([]uint32, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ids := make([]uint32, len(strs))
	for i, str := range strs {
		if id, ok := s.known[str]; ok {
			ids[i] = id
			continue
		}
		for s.used[s.next] {
			s.next++
		}
		if s.next == EmptyString {
			return nil, fmt.Errorf("string id counter overflow")
		}
		ids[i] = s.next
		s.next++
	}
	return ids, nil
}

// Entry is one string-table entry.
type Entry struct {
	ID   uint32
	Text string
}

// TableIDs reuses the ids of an existing string table (a decompiled
// BINDAT's), so decompile → compile gives the same bytes. Strings not in the
// table get fresh ids above its largest.
type TableIDs []Entry

// Assign implements StringIDs.
func (t TableIDs) Assign(strs []string) ([]uint32, error) {
	s := NewSession(0)
	s.Preload(t)
	return s.Assign(strs)
}
