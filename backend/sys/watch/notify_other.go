//go:build !linux && !windows

package watch

// Elsewhere the Watcher polls alone.
func newNotifier(root string) notifier { return nil }
