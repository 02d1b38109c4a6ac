package app

// Load order → History (issues 23, 34), bound for the window: the backups
// Packsmith kept (every deployed build a newer one replaced, archives
// before an in-place edit, modlauncher.sch, MOD.DAT; backend/workspace/
// backups, in the user's cache), and restoring one.

import (
	"context"

	"packsmith/backend/workspace/backups"
	"packsmith/backend/workspace/jobs"
)

// BackupList is what the History panel shows.
type BackupList struct {
	Dir     string          `json:"dir"`
	Keep    int             `json:"keep"`  // copies kept per file
	Bytes   int64           `json:"bytes"` // what the copies listed take
	Backups []backups.Entry `json:"backups"`
}

func (s *LoadOrderService) backupStore() *backups.Store {
	return &backups.Store{Dir: backups.Dir(), Keep: s.settings.Get().BackupsKeep}
}

// Backups lists every backup, newest first.
func (s *LoadOrderService) Backups() (BackupList, error) {
	st := s.backupStore()
	list, err := st.List()
	if err != nil {
		return BackupList{}, err
	}
	keep := st.Keep
	if keep <= 0 {
		keep = backups.DefaultKeep
	}
	var used int64
	for _, e := range list {
		used += e.Size
	}
	return BackupList{Dir: st.Dir, Keep: keep, Bytes: used, Backups: list}, nil
}

// RestoreBackup starts a job putting backup id back where it came from
// (what is there now is backed up first); its result is the
// *backups.Restored. The view reloads the load order afterwards.
func (s *LoadOrderService) RestoreBackup(id string) (string, error) {
	st := s.backupStore()
	return startCall(s.jobs, "restore", "Restoring a backup", id, func(ctx context.Context, p *jobs.Reporter) (any, error) {
		return st.Restore(ctx, id)
	}), nil
}
