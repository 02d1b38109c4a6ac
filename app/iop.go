package app

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"packsmith/backend/archive"
	"packsmith/backend/edit/writeback"
	"packsmith/backend/workspace/jobs"
	"packsmith/backend/workspace/session"
	"packsmith/backend/workspace/settings"
)

// passwordKey is how a remembered password is filed: the absolute path.
func passwordKey(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return path
	}
	return abs
}

// openRemembered opens an archive. With no password given, a password the
// user typed for this path before is tried first (the region passwords
// are tried by the driver); a password given that opens a Lost Saga pack
// or game folder is remembered for the next time.
func (s *BrowseService) openRemembered(path, password string) (session.Info, error) {
	key := passwordKey(path)
	if password == "" {
		if pw := s.settings.Get().Passwords[key]; pw != "" {
			if info, err := s.archives.open(path, archive.OpenOptions{Password: pw}); err == nil {
				return info, nil
			}
		}
	}
	info, err := s.archives.open(path, archive.OpenOptions{Password: password})
	if err != nil {
		return info, err
	}
	if password != "" && s.takesPasswords(info.ID) {
		s.settings.Update(func(st *settings.Settings) {
			if st.Passwords == nil {
				st.Passwords = map[string]string{}
			}
			st.Passwords[key] = password
		})
	}
	return info, nil
}

// takesPasswords says whether the session's family opens encrypted
// entries with a password (one worth remembering).
func (s *BrowseService) takesPasswords(id string) bool {
	ss, err := s.archives.get(id)
	return err == nil && ss.Archive.Capabilities().Passwords
}

// ForgetPassword drops the password remembered for path.
func (s *ToolsService) ForgetPassword(path string) error {
	return s.settings.Update(func(st *settings.Settings) { delete(st.Passwords, passwordKey(path)) })
}

// OptimizeResult is what an optimize job returns.
type OptimizeResult struct {
	writeback.Result
	EntriesBefore int   `json:"entriesBefore"`
	EntriesAfter  int   `json:"entriesAfter"`
	SizeBefore    int64 `json:"sizeBefore"`
	SizeAfter     int64 `json:"sizeAfter"`
}

// OptimizePack starts a job that writes a Lost Saga pack again without
// shadowed copies (out "" means in place, after a backup). The window
// closes the pack's tab first and opens the result when the job is done.
func (s *ToolsService) OptimizePack(path, out, password string) (string, error) {
	if password == "" {
		password = s.settings.Get().Passwords[passwordKey(path)]
	}
	return s.jobs.Start("optimize", "Optimizing "+filepath.Base(path), func(ctx context.Context, p *jobs.Reporter) (any, error) {
		var res OptimizeResult
		r, err := writeback.ApplyWith(ctx, path, out, nil, archive.OpenOptions{Password: password, Budget: s.budget}, p,
			func(a archive.Archive, dst string) (archive.Staged, error) {
				c := a.Capabilities()
				if c.Optimize == nil {
					return nil, fmt.Errorf("%s: optimize is for Lost Saga .iop packs", path)
				}
				if in, ok := c.Info().(archive.Counts); ok {
					res.EntriesBefore, res.SizeBefore = in.Counts()
				}
				return c.Optimize(ctx, dst, p)
			})
		if err != nil {
			return nil, err
		}
		res.Result = r
		if a, err := archive.Open(r.Output, archive.OpenOptions{Password: password, Budget: s.budget}); err == nil {
			if info := a.Capabilities().Info; info != nil {
				if in, ok := info().(archive.Counts); ok {
					res.EntriesAfter, res.SizeAfter = in.Counts()
				}
			}
			a.Close()
		}
		return res, nil
	}), nil
}

// CreatePack starts a job that packs the folder dir into a new pack at
// out, of the family that creates archives named so (a Lost Saga .iop),
// encrypted with password when one is given. A password given is
// remembered for the new pack.
func (s *ToolsService) CreatePack(out, dir, password string) (string, error) {
	if strings.TrimSpace(out) == "" || strings.TrimSpace(dir) == "" {
		return "", fmt.Errorf("create: give the folder to pack and the pack to write")
	}
	fam, ok := archive.CreatorFor(out)
	if !ok {
		return "", fmt.Errorf("create: %s: %s", out, creatableNames())
	}
	return s.jobs.Start("create", "Creating "+filepath.Base(out), func(ctx context.Context, p *jobs.Reporter) (any, error) {
		res, err := fam.Create(ctx, out, dir, password, p)
		if err == nil && password != "" {
			s.settings.Update(func(st *settings.Settings) {
				if st.Passwords == nil {
					st.Passwords = map[string]string{}
				}
				st.Passwords[passwordKey(out)] = password
			})
		}
		return res, err
	}), nil
}

// creatableNames says which names a new pack may have: the extensions of
// the families that create archives.
func creatableNames() string {
	var exts []string
	for _, f := range archive.Families() {
		if f.Create != nil {
			exts = append(exts, f.Exts...)
		}
	}
	if len(exts) == 0 {
		return "no family creates archives"
	}
	return "the pack's name must end in " + strings.Join(exts, " or ")
}
