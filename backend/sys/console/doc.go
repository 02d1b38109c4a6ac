// Package console connects the Windows desktop build (a GUI-subsystem
// program, no console window when double-clicked) to the console of the
// cmd or PowerShell it was started from, so the command line's output is
// seen. Elsewhere Attach does nothing.
package console
