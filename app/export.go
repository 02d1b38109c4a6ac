package app

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"packsmith/backend/archive"
	"packsmith/backend/export/convert"
	"packsmith/backend/export/extract"
	"packsmith/backend/view/preview"
	"packsmith/backend/workspace/jobs"
	"packsmith/backend/workspace/session"
	"packsmith/backend/workspace/settings"
)

// ExtractWith starts an extract job converting as t.Convert says
// (decompiled data, PNG); existing files are refused (ExtractReplacing
// overwrites them).
func (s *ExportService) ExtractWith(id string, t ExtractTarget, dir string) (string, error) {
	paths, err := s.targetPaths(id, t)
	if err != nil {
		return "", err
	}
	opt := s.extractOptions(t.Convert)
	opt.Overwrite = false
	return s.startExtract(id, paths, dir, opt)
}

// SavePreview writes an entry's view (text, image or hex; opts as the
// image view's: mip, face, scale, overlay) to target. An existing file is
// replaced only with overwrite; otherwise the answer says it exists. It
// starts a job whose result is the convert.Saved (drawing and encoding a
// large texture takes a while).
func (s *ExportService) SavePreview(id, entryPath, view string, opts map[string]string, target string, overwrite bool) (string, error) {
	ss, err := s.archives.get(id)
	if err != nil {
		return "", err
	}
	e, ok := archive.Find(ss.Archive, entryPath)
	if !ok {
		return "", &archive.EntryError{Archive: ss.Archive.Path(), Entry: entryPath, Offset: -1, Err: archive.ErrNotFound}
	}
	target = strings.TrimSpace(target)
	if target != "" && !filepath.IsAbs(target) {
		return "", fmt.Errorf("save preview: %q is not a full path", target)
	}
	return startCall(s.jobs, "save-preview", "Saving "+filepath.Base(target), target, func(ctx context.Context, _ *jobs.Reporter) (any, error) {
		saved, err := convert.SavePreview(ctx, ss.Archive, e, view, preview.Options{View: opts, Budget: s.budget}, target, overwrite)
		if err != nil {
			return nil, err
		}
		if !saved.Exists {
			s.settings.Update(func(st *settings.Settings) { st.LastExtractDir = filepath.Dir(target) })
		}
		return saved, nil
	}), nil
}

// PreviewFileName is the file "Save preview as…" suggests for a view: its
// name in the last folder saved or extracted to, else beside the archive.
func (s *ExportService) PreviewFileName(id, entryPath, view string) (string, error) {
	name, err := s.previewName(id, entryPath, view)
	if err != nil {
		return "", err
	}
	dir := s.settings.Get().LastExtractDir
	if dir == "" {
		ss, _ := s.archives.get(id)
		dir = filepath.Dir(ss.Archive.Path())
	}
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	return filepath.Join(dir, name), nil
}

func (s *ExportService) previewName(id, entryPath, view string) (string, error) {
	ss, err := s.archives.get(id)
	if err != nil {
		return "", err
	}
	e, ok := archive.Find(ss.Archive, entryPath)
	if !ok {
		return "", &archive.EntryError{Archive: ss.Archive.Path(), Entry: entryPath, Offset: -1, Err: archive.ErrNotFound}
	}
	switch view {
	case convert.ViewImage:
		return filepath.Base(convert.PNGName(e)), nil
	case convert.ViewText:
		return filepath.Base(convert.DecompiledName(e)), nil
	}
	return e.Name(), nil
}

// Extract starts a job writing entries (all when paths is empty; folder
// paths select what is below them) under dir. It returns the job id.
func (s *ExportService) Extract(id string, paths []string, dir string) (string, error) {
	return s.startExtract(id, paths, dir, extract.Options{})
}

func (s *ExportService) startExtract(id string, paths []string, dir string, opt extract.Options) (string, error) {
	ss, err := s.archives.get(id)
	if err != nil {
		return "", err
	}
	if strings.TrimSpace(dir) == "" {
		return "", fmt.Errorf("extract: no target folder")
	}
	s.settings.Update(func(st *settings.Settings) { st.LastExtractDir = dir })
	title := fmt.Sprintf("Extracting %s", ss.Name())
	return s.jobs.Start("extract", title, func(ctx context.Context, p *jobs.Reporter) (any, error) {
		return extract.Extract(ctx, ss.Archive, dir, paths, p, opt)
	}), nil
}

// ExtractFiltered extracts every entry matching a list query.
func (s *ExportService) ExtractFiltered(id string, q session.Query, dir string) (string, error) {
	ss, err := s.archives.get(id)
	if err != nil {
		return "", err
	}
	paths, err := ss.Matching(q)
	if err != nil {
		return "", err
	}
	if len(paths) == 0 {
		return "", fmt.Errorf("extract: no entry matches the filter")
	}
	return s.Extract(id, paths, dir)
}

// extractOptions are extract's options for the window's conversions, which
// take their memory from the window's budget.
func (s *ExportService) extractOptions(c convert.Options) extract.Options {
	c.Budget = s.budget
	return convert.ExtractOptions(c)
}
