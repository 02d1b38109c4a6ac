package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/backend/settings"
)

func TestPreferencesRoundTrip(t *testing.T) {
	cfg := t.TempDir()
	t.Setenv("PACKSMITH_CONFIG_DIR", cfg)
	t.Setenv("HOME", t.TempDir())
	s := NewService(&events{}, nil, nil)
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
