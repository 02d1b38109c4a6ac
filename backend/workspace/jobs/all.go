package jobs

import "time"

// CancelAll asks every running job to stop (the window is closing, or the
// process got SIGTERM): writers then remove their temporary files.
func (m *Manager) CancelAll() {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, j := range m.jobs {
		j.cancel()
	}
}

// WaitAll waits up to d for every job to end; it says whether they did.
func (m *Manager) WaitAll(d time.Duration) bool {
	m.mu.Lock()
	var pending []chan struct{}
	for _, j := range m.jobs {
		pending = append(pending, j.done)
	}
	m.mu.Unlock()
	deadline := time.After(d)
	for _, c := range pending {
		select {
		case <-c:
		case <-deadline:
			return false
		}
	}
	return true
}
