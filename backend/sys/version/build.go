package version

import "runtime/debug"

// BuildID names the build of this program: its Go version, module version
// and VCS revision (and whether the tree was modified). Caches of derived
// data (pack's incremental cache, check's) key on it, so that a cache one
// build wrote is not trusted by another whose code may compute differently.
func BuildID() string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		id := bi.GoVersion + " " + bi.Main.Version
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" || s.Key == "vcs.modified" {
				id += " " + s.Value
			}
		}
		return id
	}
	return "unknown"
}
