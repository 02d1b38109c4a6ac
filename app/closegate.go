package app

// Closing the window with unsaved changes asks first (issue 34): the
// window's close button no longer drops pending edits without a word.
//
//   close button → Wails calls OnBeforeClose → App.BeforeClose:
//     nothing unsaved            → the window closes at once;
//     changes pending, not yet
//     answered                   → the window stays, "close-asked" goes to
//                                  the front end with what is unsaved;
//   the front end asks (its own AskDialog: Save / Discard / Cancel); on
//   Save (once saved) or Discard it calls SettingsService.CloseWindow,
//   which marks the close as answered and quits: the OnBeforeClose that
//   quit brings about lets it through, so the question is not asked again
//   in a loop. Cancel calls nothing: the window stays and asks again at the
//   next close.

import "sync"

// CloseAsked is the "close-asked" event's data: what would be lost.
type CloseAsked struct {
	Changes   int  `json:"changes"`   // pending changes over all open archives
	Archives  int  `json:"archives"`  // open archives with pending changes
	LoadOrder bool `json:"loadOrder"` // the load order has unsaved changes
}

// unsaved reports whether anything would be lost.
func (c CloseAsked) unsaved() bool { return c.Changes > 0 || c.LoadOrder }

// closeGate decides whether the window may close now. One per window
// (windowLink); quit is the window's runtime.Quit (nil outside the window).
type closeGate struct {
	mu       sync.Mutex
	answered bool // the user said Save (done) or Discard, or a signal asked
	quit     func()
}

// decide answers OnBeforeClose: true keeps the window (and tells the front
// end, which asks), false lets it close.
func (g *closeGate) decide(what CloseAsked, emit Emitter) (prevent bool) {
	g.mu.Lock()
	answered := g.answered
	g.mu.Unlock()
	if answered || !what.unsaved() {
		return false
	}
	if emit != nil {
		emit.Emit("close-asked", what)
	}
	return true
}

// allow lets the next close through without asking.
func (g *closeGate) allow() {
	g.mu.Lock()
	g.answered = true
	g.mu.Unlock()
}

// closeNow lets the window close and quits it (when there is one).
func (g *closeGate) closeNow() {
	g.allow()
	g.mu.Lock()
	quit := g.quit
	g.mu.Unlock()
	if quit != nil {
		quit()
	}
}

// unsavedWork is what closing the window now would lose.
func (a *App) unsavedWork() CloseAsked {
	var c CloseAsked
	c.Archives, c.Changes = a.archives.edits.Counts()
	c.LoadOrder = a.LoadOrderService.loadOrderDirty()
	return c
}

// BeforeClose is the window's OnBeforeClose decision: true keeps the
// window open (unsaved work; the front end was told and asks).
func (a *App) BeforeClose() bool {
	return a.windowLink.gate.decide(a.unsavedWork(), a.windowLink.emit)
}

// AllowClose lets the window close without asking (SIGTERM at log-out:
// the system does not wait for a question).
func (a *App) AllowClose() { a.windowLink.gate.allow() }

// SetQuit gives the window's quit (runtime.Quit) to CloseWindow.
func (a *App) SetQuit(quit func()) {
	a.windowLink.gate.mu.Lock()
	a.windowLink.gate.quit = quit
	a.windowLink.gate.mu.Unlock()
}

// CloseWindow closes the window after the user answered the unsaved-changes
// question with Save (once saved) or Discard: nothing is asked again.
func (s *SettingsService) CloseWindow() { s.window.gate.closeNow() }

// loadOrderDirty: the load order being edited differs from its file.
func (s *LoadOrderService) loadOrderDirty() bool {
	s.loadOrder.Lock()
	defer s.loadOrder.Unlock()
	return s.loadOrder.st != nil && s.loadOrder.st.Dirty()
}
