package app

// "Unpack to project…" (issue 11): a .MOD back into a mod folder that the
// Pack view packs again; a thin job around backend/modunpack.

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"packsmith/backend/tl2/modunpack"
	"packsmith/backend/workspace/jobs"
	"packsmith/backend/workspace/settings"
)

// UnpackMod starts unpacking the .MOD at modPath into the folder dir (it
// must be empty or absent) and returns the job id; the finished job's
// result is a modunpack.Result. The folder is remembered as a recent mod
// folder of the Pack view.
func (s *PackService) UnpackMod(modPath, dir string) (string, error) {
	modPath, dir = strings.TrimSpace(modPath), strings.TrimSpace(dir)
	if modPath == "" || dir == "" {
		return "", fmt.Errorf("unpack: choose the .MOD and an empty folder for the project")
	}
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	title := "Unpacking " + filepath.Base(modPath)
	return s.jobs.Start("unpack", title, func(ctx context.Context, p *jobs.Reporter) (any, error) {
		res, err := modunpack.Unpack(ctx, modPath, dir, modunpack.Options{Progress: func(done, total int, entry string) {
			p.Progress(int64(done), int64(total), entry)
		}})
		if err != nil {
			return res, err
		}
		s.settings.Update(func(st *settings.Settings) { st.PackRecent = settings.PushRecent(st.PackRecent, dir) })
		return res, nil
	}), nil
}

// UnpackTarget suggests the project folder for a .MOD: beside it, named
// after it ("X.MOD" → "X"), with a number added while that exists.
func (s *PackService) UnpackTarget(modPath string) string {
	base := strings.TrimSuffix(modPath, filepath.Ext(modPath))
	return freePath(base)
}

// freePath returns p, or p-2, p-3, … when p exists.
func freePath(p string) string {
	for i := 1; ; i++ {
		c := p
		if i > 1 {
			c = fmt.Sprintf("%s-%d", p, i)
		}
		if _, err := os.Lstat(c); os.IsNotExist(err) {
			return c
		}
	}
}
