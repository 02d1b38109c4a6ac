package console

import (
	"os"
	"syscall"
)

// Attach attaches a GUI-subsystem process to its parent's console (cmd or
// PowerShell) and points a missing stdout/stderr at it. Started from
// Explorer there is no parent console and nothing changes.
func Attach() {
	const attachParentProcess = ^uintptr(0) // (DWORD)-1
	attach := syscall.NewLazyDLL("kernel32.dll").NewProc("AttachConsole")
	if r, _, _ := attach.Call(attachParentProcess); r == 0 {
		return // no parent console (started from Explorer) or already attached
	}
	if out, err := os.OpenFile("CONOUT$", os.O_WRONLY, 0); err == nil {
		if st, _ := os.Stdout.Stat(); st == nil {
			os.Stdout = out
		}
		if st, _ := os.Stderr.Stat(); st == nil {
			os.Stderr = out
		}
	}
}
