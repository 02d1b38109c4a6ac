package steamlib

import (
	"os"
	"path/filepath"
	"strings"
)

// MaxCommon caps how many folders of one library's steamapps/common are
// looked at: a library is the user's, and a listing of a mistaken path
// (a network share, a huge folder) must not stall the first screen.
const MaxCommon = 2000

// UnixRoots are the Linux and macOS places of Steam under home.
func UnixRoots(home string) []string {
	if home == "" {
		return nil
	}
	return []string{
		filepath.Join(home, ".steam", "steam"),
		filepath.Join(home, ".local", "share", "Steam"),
		filepath.Join(home, ".var", "app", "com.valvesoftware.Steam", ".local", "share", "Steam"),
		filepath.Join(home, "Library", "Application Support", "Steam"),
	}
}

// Library is one Steam library folder and the Steam installation whose
// libraryfolders.vdf listed it (the root itself is its first library).
type Library struct {
	Dir  string
	Root string
}

// Libraries lists the libraries of the Steam installation at root: root
// itself, then every folder its libraryfolders.vdf names. Paths written
// with \ (a library file from Windows) are read with this system's
// separator.
func Libraries(root string) []Library {
	if root == "" {
		return nil
	}
	out := []Library{{Dir: root, Root: root}}
	b, err := os.ReadFile(ChildCI(ChildCI(root, "steamapps"), "libraryfolders.vdf"))
	if err != nil {
		return out
	}
	for _, l := range LibraryFolders(b) {
		l = filepath.FromSlash(strings.ReplaceAll(l, `\`, string(filepath.Separator)))
		out = append(out, Library{Dir: l, Root: root})
	}
	return out
}

// All lists every library of every Steam installation on this system,
// each once (~/.steam/steam is often a link to ~/.local/share/Steam).
func All() []Library {
	var out []Library
	seen := map[string]bool{}
	for _, r := range Roots() {
		for _, l := range Libraries(r) {
			key := l.Dir
			if real, err := filepath.EvalSymlinks(l.Dir); err == nil {
				key = real
			}
			key = strings.ToLower(filepath.Clean(key))
			if seen[key] {
				continue
			}
			seen[key] = true
			if isDir(l.Dir) {
				out = append(out, l)
			}
		}
	}
	return out
}

// AppDir is where app appid is (or would be) installed in library lib:
// steamapps/common/<installdir of its appmanifest>, else
// steamapps/common/<fallback>.
func AppDir(lib, appid, fallback string) string {
	apps := ChildCI(lib, "steamapps")
	name := fallback
	if b, err := os.ReadFile(ChildCI(apps, "appmanifest_"+appid+".acf")); err == nil {
		if d := AcfInstallDir(b); d != "" {
			name = d
		}
	}
	return ChildCI(ChildCI(apps, "common"), name)
}

// Games lists the folders of the library's steamapps/common (at most
// MaxCommon), for a caller that recognises a game by what its folder
// holds rather than by its Steam id.
func Games(lib string) []string {
	common := ChildCI(ChildCI(lib, "steamapps"), "common")
	ents, err := os.ReadDir(common)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range ents {
		if len(out) == MaxCommon {
			break
		}
		if p := filepath.Join(common, e.Name()); isDir(p) {
			out = append(out, p)
		}
	}
	return out
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

// ChildCI is dir/name spelt as the folder lists it (any letter case; the
// name as given when nothing matches).
func ChildCI(dir, name string) string {
	p := filepath.Join(dir, name)
	ents, err := os.ReadDir(dir)
	if err != nil {
		return p
	}
	for _, e := range ents {
		if e.Name() == name {
			return p
		}
	}
	for _, e := range ents {
		if strings.EqualFold(e.Name(), name) {
			return filepath.Join(dir, e.Name())
		}
	}
	return p
}
