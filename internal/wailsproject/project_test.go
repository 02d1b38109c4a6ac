package wailsproject

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"text/template"

	"packsmith/backend/archive"
)

const root = "../.."

type project struct {
	Name            string `json:"name"`
	OutputFilename  string `json:"outputfilename"`
	FrontendInstall string `json:"frontend:install"`
	FrontendBuild   string `json:"frontend:build"`
	DevWatcher      string `json:"frontend:dev:watcher"`
	DevServerURL    string `json:"frontend:dev:serverUrl"`
	WailsJSDir      string `json:"wailsjsdir"`
	Author          struct {
		Name string `json:"name"`
	} `json:"author"`
	Info struct {
		ProductName      string `json:"productName"`
		ProductVersion   string `json:"productVersion"`
		Copyright        string `json:"copyright"`
		FileAssociations []struct {
			Ext, Name, Description, IconName, Role string
		} `json:"fileAssociations"`
	} `json:"info"`
}

func readFile(t *testing.T, rel string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, rel))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestWailsJSON(t *testing.T) {
	var p project
	dec := json.NewDecoder(strings.NewReader(readFile(t, "wails.json")))
	if err := dec.Decode(&p); err != nil {
		t.Fatalf("wails.json: %v", err)
	}
	if p.OutputFilename != "packsmith" || p.Info.ProductName != "Packsmith" || p.Author.Name == "" || p.Info.Copyright == "" {
		t.Errorf("wails.json: outputfilename %q, productName %q, author %q, copyright %q", p.OutputFilename, p.Info.ProductName, p.Author.Name, p.Info.Copyright)
	}
	// Windows' version resource needs a.b.c numbers.
	if !regexp.MustCompile(`^\d+\.\d+\.\d+$`).MatchString(p.Info.ProductVersion) {
		t.Errorf("info.productVersion %q is not a.b.c", p.Info.ProductVersion)
	}
	if p.FrontendInstall != "npm ci --no-audit --no-fund" || p.FrontendBuild != "npm run build" || p.DevWatcher != "npm run dev" || p.DevServerURL != "auto" {
		t.Errorf("wails.json front end commands: install %q build %q watcher %q serverUrl %q", p.FrontendInstall, p.FrontendBuild, p.DevWatcher, p.DevServerURL)
	}
	if p.WailsJSDir != "./frontend" {
		t.Errorf("wailsjsdir %q: the bindings live in frontend/wailsjs", p.WailsJSDir)
	}
	var exts []string
	for _, a := range p.Info.FileAssociations {
		exts = append(exts, a.Ext)
		// The installer copies build/windows/<iconName>.ico, a Mac build
		// converts build/<iconName>.png.
		for _, f := range []string{filepath.Join("build", a.IconName+".png"), filepath.Join("build", "windows", a.IconName+".ico")} {
			if _, err := os.Stat(filepath.Join(root, f)); err != nil {
				t.Errorf("association .%s: icon %s: %v", a.Ext, f, err)
			}
		}
		if a.Role != "Editor" || a.Description == "" || !strings.HasPrefix(a.Name, "Packsmith.") {
			t.Errorf("association .%s: name %q role %q description %q", a.Ext, a.Name, a.Role, a.Description)
		}
	}
	// The extensions are the registered families' with a Class
	// (families_test.go checks each association's fields and names a
	// missing or extra one).
	sort.Strings(exts)
	if want := sortedKeys(classed(archive.Families())); strings.Join(exts, ",") != strings.Join(want, ",") {
		t.Errorf("file associations %v, want %v", exts, want)
	}
}

// assetData mirrors what Wails v2.9.2 fills build/ templates with
// (pkg/buildassets: the project's name and its info).
type assetData struct {
	Name string
	Info struct {
		CompanyName, ProductName, ProductVersion string
		Copyright, Comments                      *string
		FileAssociations                         []struct{ Ext, Name, Description, IconName, Role string }
		Protocols                                []struct{ Scheme, Description, Role string }
	}
}

func TestWindowsManifest(t *testing.T) {
	var data assetData
	if err := json.Unmarshal([]byte(readFile(t, "wails.json")), &data); err != nil {
		t.Fatal(err)
	}
	resolved := map[string]string{}
	for _, f := range []string{"build/windows/wails.exe.manifest", "build/windows/info.json", "build/darwin/Info.plist", "build/darwin/Info.dev.plist"} {
		tmpl, err := template.New(f).Parse(readFile(t, f))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		var out strings.Builder
		if err := tmpl.Execute(&out, &data); err != nil {
			t.Fatalf("%s: %v (Wails' templates only have .Name and .Info)", f, err)
		}
		resolved[f] = out.String()
	}
	if s := resolved["build/windows/wails.exe.manifest"]; !strings.Contains(s, `version="`+data.Info.ProductVersion+`.0"`) {
		t.Errorf("resolved manifest lacks the version %s.0:\n%s", data.Info.ProductVersion, s)
	}
	exts := sortedKeys(classed(archive.Families()))
	if s := resolved["build/darwin/Info.plist"]; strings.Count(s, "<string>Alternate</string>") != len(exts) {
		t.Errorf("resolved Info.plist: want %d Alternate document types:\n%s", len(exts), s)
	} else {
		for _, e := range exts {
			if !strings.Contains(s, "<string>"+e+"</string>") {
				t.Errorf("resolved Info.plist lacks the document type %s:\n%s", e, s)
			}
		}
	}
	m := readFile(t, "build/windows/wails.exe.manifest")
	for _, want := range []string{
		`<dpiAwareness xmlns="http://schemas.microsoft.com/SMI/2016/WindowsSettings">permonitorv2,permonitor</dpiAwareness>`,
		`name="Microsoft.Windows.Common-Controls" version="6.0.0.0"`,
		`<longPathAware xmlns="http://schemas.microsoft.com/SMI/2016/WindowsSettings">true</longPathAware>`,
		`version="{{.Info.ProductVersion}}.0"`,
	} {
		if !strings.Contains(m, want) {
			t.Errorf("wails.exe.manifest lacks %s", want)
		}
	}
	var info struct {
		Fixed map[string]string            `json:"fixed"`
		Info  map[string]map[string]string `json:"info"`
	}
	if err := json.Unmarshal([]byte(readFile(t, "build/windows/info.json")), &info); err != nil {
		t.Fatalf("build/windows/info.json: %v", err)
	}
	if info.Fixed["file_version"] != "{{.Info.ProductVersion}}" || info.Info["0000"]["ProductVersion"] != "{{.Info.ProductVersion}}" || info.Info["0000"]["OriginalFilename"] != "packsmith.exe" {
		t.Errorf("info.json: %+v", info)
	}
	for _, f := range []string{"build/darwin/Info.plist", "build/darwin/Info.dev.plist"} {
		p := readFile(t, f)
		if !strings.Contains(p, "<key>CFBundleExecutable</key>\n        <string>packsmith</string>") || !strings.Contains(p, "<string>Alternate</string>") {
			t.Errorf("%s: no executable name or Alternate handler rank", f)
		}
	}
}

// requireVersion finds a module's version in a go.mod's require lines.
func requireVersion(t *testing.T, gomod, path string) string {
	t.Helper()
	m := regexp.MustCompile(`(?m)^\s*(?:require\s+)?` + regexp.QuoteMeta(path) + `\s+(v\S+)`).FindStringSubmatch(gomod)
	if m == nil {
		t.Fatalf("%s not required", path)
	}
	return m[1]
}

func TestWailsCLIPinned(t *testing.T) {
	app := readFile(t, "go.mod")
	tools := readFile(t, "tools/wails/go.mod")
	const wails = "github.com/wailsapp/wails/v2"
	if a, b := requireVersion(t, app, wails), requireVersion(t, tools, wails); a != b {
		t.Errorf("go.mod has wails %s, tools/wails/go.mod %s: keep them equal", a, b)
	}
	if !strings.Contains(tools, "\ntool github.com/wailsapp/wails/v2/cmd/wails\n") {
		t.Error("tools/wails/go.mod lacks the tool directive for cmd/wails")
	}
	// x/tools below v0.26.0 does not compile with Go >= 1.23.
	xt := requireVersion(t, tools, "golang.org/x/tools")
	parts := strings.SplitN(strings.TrimPrefix(xt, "v"), ".", 3)
	minor, _ := strconv.Atoi(parts[1])
	if parts[0] == "0" && minor < 26 {
		t.Errorf("golang.org/x/tools %s: the Wails CLI needs >= v0.26.0 on this Go", xt)
	}
}
