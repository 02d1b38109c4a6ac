// Package version holds Packsmith's version, which the command line
// (`packsmith version`) and the window (AppInfo) show. Release builds set
// it from the git tag or commit:
//
//	go build -ldflags "-X packsmith/backend/sys/version.Version=v1.2.3"
package version

// Version is "dev" in a build that did not set it.
var Version = "dev"
