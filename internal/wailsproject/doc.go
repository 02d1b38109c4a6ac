// Package wailsproject checks the Wails project form: wails.json, build/
// and the pinned Wails CLI in tools/wails. It has only tests.
package wailsproject
