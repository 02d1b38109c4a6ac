package app

import (
	"packsmith/backend/tl2/tl2paths"
	"packsmith/backend/workspace/settings"
)

// The folders the views share. Only the Settings panel changes them: a
// folder typed in Pack or Load order is used for that action and leaves the
// saved one as it was, so the next view to open shows what Settings shows.

// modsFolder is the mods folder every view starts with: the setting, else
// the user folder's mods (the setting's, else this system's).
func modsFolder(st settings.Settings) string {
	if st.ModsDir != "" {
		return st.ModsDir
	}
	return modsFolderOf(st.TL2UserDir)
}

// modsFolderOf is userDir's mods folder, or this system's when userDir is "".
func modsFolderOf(userDir string) string {
	if userDir != "" {
		return tl2paths.ChildCI(userDir, "mods")
	}
	return tl2paths.DefaultModsDir()
}
