package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/backend/tl2/loadorder"
	"packsmith/backend/workspace/settings"
)

func TestPreferencesRoundTrip(t *testing.T) {
	cfg := t.TempDir()
	t.Setenv("PACKSMITH_CONFIG_DIR", cfg)
	t.Setenv("HOME", t.TempDir())
	s := testApp(t, &events{}, nil, nil)
	if v := s.Preferences(); v.Theme != "dark" || v.TL2UserDir != "" {
		t.Fatalf("defaults %+v", v)
	}
	user := t.TempDir()
	if _, err := s.SavePreferences(Prefs{TL2UserDir: filepath.Join(user, "nope")}); err == nil || !strings.Contains(err.Error(), "Torchlight II user folder") {
		t.Fatalf("a missing folder was saved: %v", err)
	}
	v, err := s.SavePreferences(Prefs{TL2UserDir: user, Theme: "light"})
	if err != nil {
		t.Fatal(err)
	}
	if v.TL2UserDir != user || v.Theme != "light" {
		t.Fatalf("%+v", v)
	}
	// A fresh start reads them back from the settings file.
	if st := settings.Load().Get(); st.TL2UserDir != user || st.Theme != "light" {
		t.Fatalf("on disk: %+v", st)
	}
	if _, err := os.Stat(filepath.Join(cfg, "settings.json")); err != nil {
		t.Fatal(err)
	}
	if lf := s.LoadOrderFolders(); lf.UserDir != user {
		t.Fatalf("the load order view does not use the setting: %+v", lf)
	}
}

// Typing folders in Load order or Pack uses them and changes no setting:
// Settings, the Pack view and Load order go on showing the saved ones.
func TestViewsLeaveSettingsAlone(t *testing.T) {
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	s := testApp(t, nil, nil, nil)
	saved := t.TempDir()
	os.MkdirAll(filepath.Join(saved, "mods"), 0o755)
	if _, err := s.SavePreferences(Prefs{TL2UserDir: saved}); err != nil {
		t.Fatal(err)
	}
	other := t.TempDir()
	os.MkdirAll(filepath.Join(other, "elsewhere"), 0o755)
	if _, err := result[*loadorder.View](s)(s.LoadOrder(other, filepath.Join(other, "elsewhere"))); err != nil {
		t.Fatal(err)
	}
	st := settings.Load().Get()
	if st.TL2UserDir != saved || st.ModsDir != "" {
		t.Fatalf("Load order saved its folders: user %q mods %q", st.TL2UserDir, st.ModsDir)
	}
	want := filepath.Join(saved, "mods")
	if got := s.Preferences().DetectedModsDir; got != want {
		t.Errorf("Settings shows mods folder %q, want %q", got, want)
	}
	if got := s.PackSetup().ModsDir; got != want {
		t.Errorf("Pack view shows mods folder %q, want %q", got, want)
	}
	if f := s.LoadOrderFolders(); f.UserDir != saved {
		t.Errorf("Load order starts in %q, want %q", f.UserDir, saved)
	}
}
