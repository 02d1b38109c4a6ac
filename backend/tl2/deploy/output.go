package deploy

import (
	"path/filepath"

	"packsmith/backend/sys/scratch"
)

// Output sets where a build that is deployed writes its .MOD: *out as
// the user named it, else (*out "") name in a new scratch folder of kind
// (the deploy copies it out; a killed process's folder goes at the next
// start). done removes that folder and does nothing for a named out. The
// one home of this glue for the builds that deploy (combine.Deploy,
// mergepatch.Publish), which set their options' output in place.
func Output(out *string, kind, name string) (done func(), err error) {
	if *out != "" {
		return func() {}, nil
	}
	p, done, err := scratch.Path(kind, name)
	if err != nil {
		return nil, err
	}
	*out = p
	return done, nil
}

// ModsDirOf is modsDir, else the mods folder of userDir: the folder a
// build given a user folder deploys into.
func ModsDirOf(userDir, modsDir string) string {
	if modsDir != "" {
		return modsDir
	}
	return filepath.Join(userDir, "mods")
}
