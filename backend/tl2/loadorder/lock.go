package loadorder

import (
	"context"
	"path/filepath"

	"packsmith/backend/sys/filelock"
)

// LockPath is what every writer of a user folder's modlauncher.sch locks
// (backend/sys/filelock): this package's Save and the packer's deploy --enable.
func LockPath(userDir string) string { return filepath.Join(userDir, SchName) }

// OpenLocked is Open holding modlauncher.sch's lock until Close: a command
// that reads, changes and saves the list waits for another Packsmith doing
// the same instead of losing its change (or failing on ErrChangedOnDisk).
func OpenLocked(ctx context.Context, o Options) (*State, error) {
	dir := cleanDir(o.UserDir)
	if dir == "" {
		d, err := DefaultUserDir()
		if err != nil {
			return nil, err
		}
		dir = d
	}
	l, err := filelock.Acquire(ctx, LockPath(dir), 0)
	if err != nil {
		return nil, err
	}
	o.UserDir = dir
	s, err := Open(ctx, o)
	if err != nil {
		l.Unlock()
		return nil, err
	}
	s.lock = l
	return s, nil
}

// Close releases the lock OpenLocked took; it does nothing for Open's
// states.
func (s *State) Close() error {
	err := s.lock.Unlock()
	s.lock = nil
	return err
}
