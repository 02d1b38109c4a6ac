package watch

// Helpers only tests use, moved out of the package's production files
// (deadcode -test, issue 45).

func (w *Watcher) scansSeen() int { return int(w.scans.Load()) }

// Notified says whether the system's change notifications wake this
// Watcher (false: it polls alone).
func (w *Watcher) Notified() bool { return w.note != nil }
