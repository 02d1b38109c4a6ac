package deploy

import (
	"path/filepath"

	"packsmith/backend/sys/scratch"
)

// Output is where a build that is deployed writes its .MOD: out when the
// user named one, else name in a new scratch folder of kind (the deploy
// copies it out; a killed process's folder goes at the next start). done
// removes that folder and does nothing for a named out. The one home of
// this glue for the builds that deploy (combine.Deploy,
// mergepatch.Publish).
func Output(out, kind, name string) (path string, done func(), err error) {
	if out != "" {
		return out, func() {}, nil
	}
	return scratch.Path(kind, name)
}

// ModsDirOf is modsDir, else the mods folder of userDir: the folder a
// build given a user folder deploys into.
func ModsDirOf(userDir, modsDir string) string {
	if modsDir != "" {
		return modsDir
	}
	return filepath.Join(userDir, "mods")
}
