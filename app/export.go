package app

import (
	"fmt"
	"path/filepath"
	"strings"

	"packsmith/backend/archive"
	"packsmith/backend/export/convert"
	"packsmith/backend/workspace/settings"
)

// ExtractWith starts an extract job converting as t.Convert says
// (decompiled data, PNG); existing files are refused (ExtractReplacing
// overwrites them).
func (s *ArchiveService) ExtractWith(id string, t ExtractTarget, dir string) (string, error) {
	paths, err := s.targetPaths(id, t)
	if err != nil {
		return "", err
	}
	opt := convert.ExtractOptions(t.Convert)
	opt.Overwrite = false
	return s.startExtract(id, paths, dir, opt)
}

// SavePreview writes an entry's view (text, image or hex; opts as the
// image view's: mip, face, scale, overlay) to target. An existing file is
// replaced only with overwrite; otherwise the answer says it exists.
func (s *ArchiveService) SavePreview(id, entryPath, view string, opts map[string]string, target string, overwrite bool) (convert.Saved, error) {
	ss, err := s.Sessions.Get(id)
	if err != nil {
		return convert.Saved{}, err
	}
	e, ok := archive.Find(ss.Archive, entryPath)
	if !ok {
		return convert.Saved{}, &archive.EntryError{Archive: ss.Archive.Path(), Entry: entryPath, Offset: -1, Err: archive.ErrNotFound}
	}
	target = strings.TrimSpace(target)
	if target != "" && !filepath.IsAbs(target) {
		return convert.Saved{}, fmt.Errorf("save preview: %q is not a full path", target)
	}
	saved, err := convert.SavePreview(ss.Archive, e, view, opts, target, overwrite)
	if err == nil && !saved.Exists {
		s.Settings.Update(func(st *settings.Settings) { st.LastExtractDir = filepath.Dir(target) })
	}
	return saved, err
}

// PreviewFileName is the file "Save preview as…" suggests for a view: its
// name in the last folder saved or extracted to, else beside the archive.
func (s *ArchiveService) PreviewFileName(id, entryPath, view string) (string, error) {
	name, err := s.previewName(id, entryPath, view)
	if err != nil {
		return "", err
	}
	dir := s.Settings.Get().LastExtractDir
	if dir == "" {
		ss, _ := s.Sessions.Get(id)
		dir = filepath.Dir(ss.Archive.Path())
	}
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	return filepath.Join(dir, name), nil
}

func (s *ArchiveService) previewName(id, entryPath, view string) (string, error) {
	ss, err := s.Sessions.Get(id)
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
