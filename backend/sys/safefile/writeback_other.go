//go:build !linux

package safefile

// StartWriteback does nothing here: only Linux starts a write-out without
// waiting for it (sync_file_range); Commit's flush writes everything.
func (f *File) StartWriteback() {}
