package loadorder

import (
	"fmt"
	"strings"
)

// A combined mod (backend/tl2/combine) in the view.
//
// A combined mod holds its constituents' files; its header description
// records them as a merged patch's does (CombinedDescription), so that
// the view can say when one of them is gone or its file changed since the
// combine (ProbCombinedStale on its row): the combined mod then still
// holds the old files, and a rebuild (packsmith combine --deploy, Load
// order → Combine) takes the new ones. This package cannot import
// combine, so the description's form and the check live here, once.

// ProbCombinedStale: a combined mod whose constituents changed since it
// was built.
const ProbCombinedStale = "combined-stale"

// combinedDescHead starts a combined mod's header DESCRIPTION.
const combinedDescHead = "Packsmith combined mod of "

// CombinedDescription is a combined mod's header DESCRIPTION recording
// its constituents in load order: "Packsmith combined mod of N mods,
// first wins: ID=SHA ; … | TITLE ; …" (PatchDescription's form).
func CombinedDescription(srcs []PatchSource) string {
	return combinedDescHead + strings.TrimPrefix(PatchDescription(srcs), patchDescHead)
}

// CombinedSources reads the constituents a combined mod's description
// records (ids and hashes); false when desc is not a combined mod's.
func CombinedSources(desc string) ([]PatchSource, bool) {
	if !strings.HasPrefix(desc, combinedDescHead) {
		return nil, false
	}
	return RecordedSources(patchDescHead + strings.TrimPrefix(desc, combinedDescHead))
}

// combinedStale says why the combined mod whose description is desc no
// longer holds its constituents as the mods folder has them ("" =
// current, or not a combined mod): one gone, or its file changed.
func (s *State) combinedStale(desc string) string {
	rec, ok := CombinedSources(desc)
	if !ok {
		return ""
	}
	for _, r := range rec {
		f := s.primary(r.ID)
		if f == nil {
			return fmt.Sprintf("mod %d, one of the mods it holds, is no longer in the mods folder", r.ID)
		}
		h, err := f.sha()
		if err != nil {
			return err.Error()
		}
		if h != r.Hash {
			return fmt.Sprintf("%q changed since the combine: combine again (packsmith combine --deploy) to take its new files", f.hdr.Title)
		}
	}
	return ""
}

// rowCombinedStale is combinedStale for row m's file.
func (s *State) rowCombinedStale(m *Mod) string {
	if m.File == "" {
		return ""
	}
	for _, f := range s.files {
		if f.path == m.File && f.err == nil {
			return s.combinedStale(f.hdr.Description)
		}
	}
	return ""
}
