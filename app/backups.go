package app

// Load order → History (issue 23), bound for the window: the backups
// Packsmith kept of deployed .MODs, modlauncher.sch and MOD.DAT
// (backend/backups, in the user's cache), and restoring one.

import (
	"context"

	"packsmith/backend/workspace/backups"
)

// BackupList is what the History panel shows.
type BackupList struct {
	Dir     string          `json:"dir"`
	Keep    int             `json:"keep"` // copies kept per file
	Backups []backups.Entry `json:"backups"`
}

func (s *LoadOrderService) backupStore() *backups.Store {
	return &backups.Store{Dir: backups.Dir(), Keep: s.Settings.Get().BackupsKeep}
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
	return BackupList{Dir: st.Dir, Keep: keep, Backups: list}, nil
}

// RestoreBackup puts backup id back where it came from (what is there now
// is backed up first). The view reloads the load order afterwards.
func (s *LoadOrderService) RestoreBackup(id string) (*backups.Restored, error) {
	return s.backupStore().Restore(context.Background(), id)
}
