package wailsproject

import (
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"testing"

	"packsmith/backend/archive"
	_ "packsmith/backend/drivers/all" // the real families, as the program registers them
)

// The file associations are written twice by hand, in wails.json (what
// `wails build` gives Windows' and macOS' file types) and in the
// installer's script (build/windows/installer/project.nsi: the class, the
// "Open with" entry, the unticked "by default" section and its uninstall).
// These tests hold both to the registered families (backend/archive/
// family.go): every extension of a family with a Class is there, with the
// family's description, and nothing else is. A failure names the
// extension and gives the line to add.

// association is one fileAssociations item of wails.json.
type association struct {
	Ext         string `json:"ext"`
	Name        string `json:"name"`
	Description string `json:"description"`
	IconName    string `json:"iconName"`
	Role        string `json:"role"`
}

// classed lists, per extension (no dot), the family whose file
// association it is: the families with a Class.
func classed(fams []archive.Family) map[string]archive.Family {
	out := map[string]archive.Family{}
	for _, f := range fams {
		if f.Class == "" {
			continue
		}
		for _, e := range f.Exts {
			out[strings.TrimPrefix(e, ".")] = f
		}
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// checkAssociations compares wails.json's fileAssociations with fams.
func checkAssociations(fams []archive.Family, wailsJSON []byte) []string {
	var p struct {
		Info struct {
			FileAssociations []association `json:"fileAssociations"`
		} `json:"info"`
	}
	if err := json.Unmarshal(wailsJSON, &p); err != nil {
		return []string{"wails.json: " + err.Error()}
	}
	want := classed(fams)
	var bad []string
	have := map[string]bool{}
	for _, a := range p.Info.FileAssociations {
		have[a.Ext] = true
		f, ok := want[a.Ext]
		if !ok {
			bad = append(bad, fmt.Sprintf("wails.json: association .%s belongs to no registered family with a Class: remove it", a.Ext))
			continue
		}
		if w := (association{a.Ext, "Packsmith." + f.Class, f.Description, "fileicon", "Editor"}); a != w {
			bad = append(bad, fmt.Sprintf("wails.json: association .%s is %+v, family %s wants %+v", a.Ext, a, f.Name, w))
		}
	}
	for _, e := range sortedKeys(want) {
		if !have[e] {
			f := want[e]
			line, _ := json.Marshal(association{e, "Packsmith." + f.Class, f.Description, "fileicon", "Editor"})
			bad = append(bad, fmt.Sprintf("wails.json: fileAssociations lacks .%s (family %s): add %s", e, f.Name, line))
		}
	}
	return bad
}

// installerLines are the lines project.nsi holds for one extension.
func installerLines(e string, f archive.Family) []string {
	return []string{
		fmt.Sprintf(`!insertmacro PACKSMITH_CLASS "%s" "%s"`, e, f.Description),
		fmt.Sprintf(`!insertmacro PACKSMITH_OPENWITH "%s"`, e),
		fmt.Sprintf(`WriteRegStr SHELL_CONTEXT "Software\Classes\.%s" "" "Packsmith.%s"`, e, e),
		fmt.Sprintf(`!insertmacro PACKSMITH_UN_DEFAULT "%s"`, e),
	}
}

var (
	nsiMacroExt   = regexp.MustCompile(`(?m)^\s*!insertmacro\s+PACKSMITH_(?:CLASS|OPENWITH|UN_DEFAULT)\s+"([^"$]+)"`)
	nsiSectionExt = regexp.MustCompile(`(?m)^\s*Section\s+/o\s+"\.(\w+)\s`)
)

// checkInstaller compares project.nsi with fams: the four lines of each
// extension and its "by default" section, and no line for another.
func checkInstaller(fams []archive.Family, nsi string) []string {
	want := classed(fams)
	var bad []string
	for _, e := range sortedKeys(want) {
		f := want[e]
		for _, l := range installerLines(e, f) {
			if !strings.Contains(nsi, l) {
				bad = append(bad, fmt.Sprintf("project.nsi lacks, for .%s (family %s): %s", e, f.Name, l))
			}
		}
		if !regexp.MustCompile(`(?mi)^\s*Section\s+/o\s+"\.` + regexp.QuoteMeta(e) + `\s`).MatchString(nsi) {
			bad = append(bad, fmt.Sprintf(`project.nsi lacks, for .%s (family %s): a section in "Open these files with Packsmith by default": Section /o ".%s (%s)" Sec…`, e, f.Name, strings.ToUpper(e), f.Description))
		}
	}
	seen := map[string]bool{}
	for _, re := range []*regexp.Regexp{nsiMacroExt, nsiSectionExt} {
		for _, m := range re.FindAllStringSubmatch(nsi, -1) {
			e := strings.ToLower(m[1])
			if _, ok := want[e]; !ok && !seen[e] {
				seen[e] = true
				bad = append(bad, fmt.Sprintf("project.nsi: .%s belongs to no registered family with a Class: remove its lines", e))
			}
		}
	}
	return bad
}

func TestAssociationsMatchFamilies(t *testing.T) {
	for _, b := range checkAssociations(archive.Families(), []byte(readFile(t, "wails.json"))) {
		t.Error(b)
	}
}

func TestInstallerMatchesFamilies(t *testing.T) {
	for _, b := range checkInstaller(archive.Families(), readFile(t, "build/windows/installer/project.nsi")) {
		t.Error(b)
	}
}

// TestChecksNameTheExtension: a family registered and not written into
// the two files (the test-only .psfake, given here unregistered so the
// real checks above keep to the real families), and an extension left
// behind, are named with what to do.
func TestChecksNameTheExtension(t *testing.T) {
	fake := archive.Family{Name: "psfake", Exts: []string{".psfake"}, Description: "Packsmith fake pack", Class: "PsFake"}
	fams := append(archive.Families(), fake)
	got := strings.Join(checkAssociations(fams, []byte(readFile(t, "wails.json"))), "\n")
	if want := `wails.json: fileAssociations lacks .psfake (family psfake): add {"ext":"psfake","name":"Packsmith.PsFake","description":"Packsmith fake pack","iconName":"fileicon","role":"Editor"}`; got != want {
		t.Errorf("wails.json check:\n got %s\nwant %s", got, want)
	}
	got = strings.Join(checkInstaller(fams, readFile(t, "build/windows/installer/project.nsi")), "\n")
	for _, want := range []string{
		`project.nsi lacks, for .psfake (family psfake): !insertmacro PACKSMITH_CLASS "psfake" "Packsmith fake pack"`,
		`project.nsi lacks, for .psfake (family psfake): !insertmacro PACKSMITH_OPENWITH "psfake"`,
		`project.nsi lacks, for .psfake (family psfake): WriteRegStr SHELL_CONTEXT "Software\Classes\.psfake" "" "Packsmith.psfake"`,
		`project.nsi lacks, for .psfake (family psfake): !insertmacro PACKSMITH_UN_DEFAULT "psfake"`,
		`project.nsi lacks, for .psfake (family psfake): a section in "Open these files with Packsmith by default": Section /o ".PSFAKE (Packsmith fake pack)" Sec…`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("installer check lacks %q; got:\n%s", want, got)
		}
	}
	if n := strings.Count(got, "\n") + 1; n != 5 {
		t.Errorf("installer check: %d problems, want the 5 of .psfake:\n%s", n, got)
	}
	// Without the Lost Saga family both files hold an extension too many.
	var noIop []archive.Family
	for _, f := range archive.Families() {
		if f.Name != "iop" {
			noIop = append(noIop, f)
		}
	}
	if got := checkAssociations(noIop, []byte(readFile(t, "wails.json"))); len(got) != 1 || !strings.Contains(got[0], "association .iop belongs to no registered family") {
		t.Errorf("wails.json with an extra .iop: %q", got)
	}
	if got := checkInstaller(noIop, readFile(t, "build/windows/installer/project.nsi")); len(got) != 1 || !strings.Contains(got[0], "project.nsi: .iop belongs to no registered family") {
		t.Errorf("project.nsi with an extra .iop: %q", got)
	}
}
