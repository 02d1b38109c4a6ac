package bindat

import "fmt"

// SequentialIDs numbers strings First, First+1, … in first-appearance
// order, like one GUTS compile that meets only new strings: a
// numbering the tests can foresee (the window and the command line use
// HashIDs or a Session).
type SequentialIDs struct{ First uint32 }

// Assign implements StringIDs.
func (s SequentialIDs) Assign(strs []string) ([]uint32, error) {
	if uint64(s.First)+uint64(len(strs)) > EmptyString {
		return nil, fmt.Errorf("string ids from %d overflow", s.First)
	}
	ids := make([]uint32, len(strs))
	for i := range ids {
		ids[i] = s.First + uint32(i)
	}
	return ids, nil
}
