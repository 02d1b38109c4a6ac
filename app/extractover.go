package app

import (
	"fmt"

	"packsmith/backend/export/convert"
	"packsmith/backend/export/extract"
	"packsmith/backend/workspace/session"
)

// ExtractTarget names what an extract would write: the entries (paths; all
// when empty) or, with Filtered, those matching Query; Convert says which
// are written decompiled or as PNG (its Overwrite is not used here).
type ExtractTarget struct {
	Paths    []string        `json:"paths"`
	Filtered bool            `json:"filtered"`
	Query    session.Query   `json:"query"`
	Convert  convert.Options `json:"convert"`
}

func (s *ExportService) targetPaths(id string, t ExtractTarget) ([]string, error) {
	if !t.Filtered {
		return t.Paths, nil
	}
	ss, err := s.archives.get(id)
	if err != nil {
		return nil, err
	}
	paths, err := ss.Matching(t.Query)
	if err == nil && len(paths) == 0 {
		err = fmt.Errorf("extract: no entry matches the filter")
	}
	return paths, err
}

// ExtractExisting lists the files ('/'-separated, relative to dir) an
// extract would replace, so the window can ask before it overwrites them.
// It also reports, as an error, anything that would make the extract
// refuse (a link or a file in the way).
func (s *ExportService) ExtractExisting(id string, t ExtractTarget, dir string) ([]string, error) {
	ss, err := s.archives.get(id)
	if err != nil {
		return nil, err
	}
	paths, err := s.targetPaths(id, t)
	if err != nil {
		return nil, err
	}
	ex, err := extract.ExistingWith(ss.Archive, dir, paths, s.extractOptions(t.Convert))
	if ex == nil {
		ex = []string{}
	}
	return ex, err
}

// ExtractReplacing starts an extract that overwrites existing files: the
// window calls it once the user agreed.
func (s *ExportService) ExtractReplacing(id string, t ExtractTarget, dir string) (string, error) {
	paths, err := s.targetPaths(id, t)
	if err != nil {
		return "", err
	}
	opt := s.extractOptions(t.Convert)
	opt.Overwrite = true
	return s.startExtract(id, paths, dir, opt)
}
