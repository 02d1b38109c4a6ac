package main

import (
	"os"
	"syscall"
)

// The Windows desktop build is a GUI program (no console window when it is
// double-clicked). Run from cmd or PowerShell with a command, it attaches
// to that console so the command line's output is seen.
func attachConsole() {
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
