package app

// SettingsService: what every view uses — the window's start (Hello), the
// demo workspace, the folder dialog, and job status and cancel. The
// settings panel's calls are in settingsview.go.

import (
	"fmt"
	"os"
	"path/filepath"

	"packsmith/backend/archive"
	"packsmith/backend/sys/version"
	"packsmith/backend/workspace/jobs"
)

// AppInfo is what the window needs at start.
type AppInfo struct {
	Version  string   `json:"version"`
	Startup  []string `json:"startup"`  // archives to open now
	DemoDir  string   `json:"demoDir"`  // bundled demo workspace, "" if absent
	Families []string `json:"families"` // archive families this build opens
	// Formats are the game families as the welcome text and the
	// unknown-file hint list them, from the drivers (families.go).
	Formats []Format `json:"formats"`
	Theme   string   `json:"theme"`
	// LastExtractDir is where the user last extracted to ("" the first time).
	LastExtractDir string `json:"lastExtractDir"`
}

// Hello is called once by the window when it is ready.
func (s *SettingsService) Hello() AppInfo {
	var fams []string
	for _, d := range archive.Drivers() {
		fams = append(fams, d.Name())
	}
	st := s.settings.Get()
	return AppInfo{Version: version.Version, Startup: restoreTabs(s.window, st), DemoDir: s.window.demoDir, Families: fams, Formats: formats(), Theme: st.Theme, LastExtractDir: st.LastExtractDir}
}

// findDemoDir looks for testdata/demo beside the executable or the working
// folder (the README's run command starts the app from the checkout).
func findDemoDir() string {
	if d := os.Getenv("PACKSMITH_DEMO"); d != "" {
		return d
	}
	var bases []string
	if wd, err := os.Getwd(); err == nil {
		bases = append(bases, wd)
	}
	if exe, err := os.Executable(); err == nil {
		dir := filepath.Dir(exe)
		bases = append(bases, dir, filepath.Join(dir, ".."), filepath.Join(dir, "..", ".."))
	}
	for _, b := range bases {
		d := filepath.Join(b, "testdata", "demo")
		if st, err := os.Stat(d); err == nil && st.IsDir() {
			abs, _ := filepath.Abs(d)
			return abs
		}
	}
	return ""
}

// DemoFiles lists the archives at the top of the demo workspace and the
// game folders there (a sample Lost Saga folder, edited in place); its
// other folders are the sample mod and a sample user folder, which the
// Pack and Load order views offer themselves. Nothing is opened: files by
// their first bytes, folders by the drivers' scores.
func (s *SettingsService) DemoFiles() []string {
	out := []string{}
	if s.window.demoDir == "" {
		return out
	}
	ents, err := os.ReadDir(s.window.demoDir)
	if err != nil {
		return out
	}
	for _, e := range ents {
		p := filepath.Join(s.window.demoDir, e.Name())
		// A sidecar (DATA.PAK.MAN) opens with its archive (DATA.PAK).
		if e.IsDir() {
			if archive.Claimed(p) {
				out = append(out, p)
			}
			continue
		}
		if e.Type().IsRegular() && !archive.IsSidecar(e.Name()) {
			if _, err := archive.Detect(p); err == nil {
				out = append(out, p)
			}
		}
	}
	return out
}

// PickFolder shows the folder dialog; "" when the user cancelled.
func (s *SettingsService) PickFolder(title string) (string, error) {
	if s.window.dialogs == nil {
		return "", fmt.Errorf("no folder dialog in this build")
	}
	return s.window.dialogs.OpenFolder(title)
}

// CancelJob cancels a running job.
func (s *SettingsService) CancelJob(jobID string) bool { return s.jobs.Cancel(jobID) }

// Job returns a job's latest status (the window also gets "job" events).
func (s *SettingsService) Job(jobID string) (jobs.Status, error) {
	st, ok := s.jobs.Get(jobID)
	if !ok {
		return jobs.Status{}, fmt.Errorf("no job %q", jobID)
	}
	return st, nil
}
