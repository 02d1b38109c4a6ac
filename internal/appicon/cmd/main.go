// Command appicon writes Packsmith's icon files into a build folder:
//
//	go run ./internal/appicon/cmd -out build
//
// writes build/appicon.png (512×512) and build/windows/icon.ico (the app),
// build/fileicon.png and build/windows/fileicon.ico (the archives it opens,
// named by iconName in wails.json's file associations).
package main

import (
	"flag"
	"fmt"
	"image"
	"os"
	"path/filepath"

	"packsmith/internal/appicon"
)

func main() {
	out := flag.String("out", "build", "the Wails build folder")
	flag.Parse()
	if err := run(*out); err != nil {
		fmt.Fprintln(os.Stderr, "appicon:", err)
		os.Exit(1)
	}
}

func run(out string) error {
	for _, f := range []struct {
		draw     func(int) *image.NRGBA
		png, ico string
		size     int
	}{
		{appicon.Draw, "appicon.png", "icon.ico", appicon.AppIconSize},
		{appicon.DrawFile, "fileicon.png", "fileicon.ico", appicon.FileIconSize},
	} {
		p, err := appicon.PNG(f.draw, f.size)
		if err != nil {
			return err
		}
		ico, err := appicon.ICO(f.draw, appicon.Sizes)
		if err != nil {
			return err
		}
		if err := write(filepath.Join(out, f.png), p); err != nil {
			return err
		}
		if err := write(filepath.Join(out, "windows", f.ico), ico); err != nil {
			return err
		}
	}
	return nil
}

// write replaces a file through a temp file and a rename.
func write(path string, b []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".appicon-*")
	if err != nil {
		return err
	}
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), path)
}
