package app

// The Torchlight II load order (issue 5), bound for the window: thin
// forwards to backend/loadorder. Mod ids cross the bridge as decimal
// strings (JavaScript numbers lose int64 precision). Every edit returns
// the whole view, which is small (a row per mod, a line per shared file).

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"packsmith/backend/tl2/deploy"
	"packsmith/backend/tl2/loadorder"
	"packsmith/backend/workspace/jobs"
)

// loadOrderState is the load order the view is editing (a LoadOrderService field).
type loadOrderState struct {
	sync.Mutex
	st *loadorder.State
}

// LoadOrderFolders are the folders the view starts with.
type LoadOrderFolders struct {
	UserDir        string `json:"userDir"`        // last used, else the system default
	ModsDir        string `json:"modsDir"`        // last used; "" = UserDir/mods
	InstallDir     string `json:"installDir"`     // the game's install folder, if known (settings)
	DefaultUserDir string `json:"defaultUserDir"` // "" when this system has none
	DemoUserDir    string `json:"demoUserDir"`    // the demo workspace's user folder, "" if absent
}

// LoadOrderFolders tells the view which folders to show first.
func (s *LoadOrderService) LoadOrderFolders() LoadOrderFolders {
	st := s.settings.Get()
	f := LoadOrderFolders{UserDir: st.TL2UserDir, ModsDir: st.ModsDir, InstallDir: st.GameDir}
	if d, err := loadorder.DefaultUserDir(); err == nil {
		f.DefaultUserDir = d
	}
	if f.UserDir == "" {
		f.UserDir = f.DefaultUserDir
		f.ModsDir = "" // a mods folder remembered without its user folder is not this one's
	}
	if s.window.demoDir != "" {
		d := filepath.Join(s.window.demoDir, "tl2-user")
		if st, err := os.Stat(d); err == nil && st.IsDir() {
			f.DemoUserDir = d
		}
	}
	return f
}

// LoadOrder starts a job reading userDir's modlauncher.sch and scanning
// modsDir ("" = userDir/mods); once done, that load order replaces the one
// being edited, and the job's result is its *loadorder.View. The folders
// typed are used, not saved: only Settings changes the saved ones. Unsaved
// changes to the previous one are dropped (the window asks first); a
// cancelled job leaves the previous one as it was.
func (s *LoadOrderService) LoadOrder(userDir, modsDir string) (string, error) {
	if strings.TrimSpace(userDir) == "" {
		return "", fmt.Errorf("load order: give the Torchlight II user folder (the one holding modlauncher.sch)")
	}
	return startCall(s.jobs, "loadorder", "Reading the load order of "+filepath.Base(userDir), userDir, func(ctx context.Context, p *jobs.Reporter) (any, error) {
		return s.openLoadOrder(ctx, userDir, modsDir)
	}), nil
}

func (s *LoadOrderService) openLoadOrder(ctx context.Context, userDir, modsDir string) (*loadorder.View, error) {
	st, err := loadorder.Open(ctx, loadorder.Options{
		UserDir: userDir, ModsDir: modsDir, InstallDir: s.settings.Get().GameDir,
		Tidy: deploy.FinishInterrupted, // a deploy killed halfway: one copy per mod again
	})
	if err != nil {
		return nil, err
	}
	s.loadOrder.Lock()
	defer s.loadOrder.Unlock()
	if err := ctx.Err(); err != nil {
		return nil, err // cancelled while reading: the previous load order stays
	}
	s.loadOrder.st = st
	return st.View(), nil
}

// withLoadOrder runs fn on the open load order and returns the new view.
func (s *LoadOrderService) withLoadOrder(fn func(st *loadorder.State) error) (*loadorder.View, error) {
	s.loadOrder.Lock()
	defer s.loadOrder.Unlock()
	st := s.loadOrder.st
	if st == nil {
		return nil, fmt.Errorf("load order: no user folder is open")
	}
	if fn != nil {
		if err := fn(st); err != nil {
			return nil, err
		}
	}
	return st.View(), nil
}

func parseModID(id string) (int64, error) {
	n, err := strconv.ParseInt(strings.TrimSpace(id), 10, 64)
	if err != nil {
		return 0, fmt.Errorf("load order: %q is not a mod id", id)
	}
	return n, nil
}

// LoadOrderView returns the open load order's view.
func (s *LoadOrderService) LoadOrderView() (*loadorder.View, error) { return s.withLoadOrder(nil) }

// LoadOrderReload starts a job reading the folders again (after another
// program changed them), as LoadOrder does; unsaved changes are dropped.
func (s *LoadOrderService) LoadOrderReload() (string, error) {
	s.loadOrder.Lock()
	st := s.loadOrder.st
	s.loadOrder.Unlock()
	if st == nil {
		return "", fmt.Errorf("load order: no user folder is open")
	}
	return s.LoadOrder(st.UserDir(), s.settings.Get().ModsDir)
}

// LoadOrderMove puts a mod at 1-based place to (an inactive mod is enabled
// there); to ≤ 0 means the bottom.
func (s *LoadOrderService) LoadOrderMove(id string, to int) (*loadorder.View, error) {
	n, err := parseModID(id)
	if err != nil {
		return nil, err
	}
	return s.withLoadOrder(func(st *loadorder.State) error {
		if to <= 0 {
			return st.MoveBottom(n)
		}
		return st.Move(n, to)
	})
}

// LoadOrderEnable enables (at the bottom) or disables a mod.
func (s *LoadOrderService) LoadOrderEnable(id string, on bool) (*loadorder.View, error) {
	n, err := parseModID(id)
	if err != nil {
		return nil, err
	}
	return s.withLoadOrder(func(st *loadorder.State) error {
		if on {
			return st.Enable(n)
		}
		return st.Disable(n)
	})
}

// LoadOrderSetOrder replaces the whole active list (drag and drop).
func (s *LoadOrderService) LoadOrderSetOrder(ids []string) (*loadorder.View, error) {
	list := make([]int64, 0, len(ids))
	for _, id := range ids {
		n, err := parseModID(id)
		if err != nil {
			return nil, err
		}
		list = append(list, n)
	}
	return s.withLoadOrder(func(st *loadorder.State) error { return st.SetOrder(list) })
}

// LoadOrderUndo reverts the last change.
func (s *LoadOrderService) LoadOrderUndo() (*loadorder.View, error) {
	return s.withLoadOrder(func(st *loadorder.State) error {
		_, err := st.Undo()
		return err
	})
}

// LoadOrderRevert drops every unsaved change (undoable).
func (s *LoadOrderService) LoadOrderRevert() (*loadorder.View, error) {
	return s.withLoadOrder(func(st *loadorder.State) error { st.Revert(); return nil })
}

// LoadOrderSaved is what saving did, with the view after it.
type LoadOrderSaved struct {
	loadorder.SaveResult
	View *loadorder.View `json:"view"`
}

// LoadOrderSave writes modlauncher.sch (after a timestamped backup).
func (s *LoadOrderService) LoadOrderSave() (LoadOrderSaved, error) {
	var out LoadOrderSaved
	v, err := s.withLoadOrder(func(st *loadorder.State) error {
		r, err := st.Save()
		out.SaveResult = r
		return err
	})
	out.View = v
	return out, err
}
