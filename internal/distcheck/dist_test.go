// Package distcheck tests what `make release` wrote to dist/: the Windows
// zip and installer (each executable's subsystem, icon, version resource
// and manifest, read with backend/sys/peres), the Linux and macOS tarballs and
// SHA256SUMS; and, under wine, that the Windows console build answers like
// the Linux build. `make test-release` runs it with PACKSMITH_REQUIRE_DIST=1;
// elsewhere it skips when dist/ is absent.
package distcheck

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"debug/buildinfo"
	"debug/elf"
	"debug/macho"
	"encoding/hex"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"packsmith/backend/archive"
	_ "packsmith/backend/drivers/all" // the families, for the installer's sections
	"packsmith/backend/sys/peres"
)

const root = "../.."

func distDir(t *testing.T) (dir, version string) {
	t.Helper()
	if runtime.GOOS != "linux" {
		t.Skip("dist/ is checked on the Linux machine that built it")
	}
	dir = filepath.Join(root, "dist")
	b, err := os.ReadFile(filepath.Join(dir, "VERSION"))
	if err != nil {
		if os.Getenv("PACKSMITH_REQUIRE_DIST") == "1" {
			t.Fatalf("dist/ is missing (make release): %v", err)
		}
		t.Skip("dist/ is absent: run make release (make test-release does both)")
	}
	return dir, strings.TrimSpace(string(b))
}

func readAll(t *testing.T, p string) []byte {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// productVersion is wails.json's info.productVersion (the numeric version).
func productVersion(t *testing.T) [4]uint16 {
	var p struct {
		Info struct{ ProductVersion string } `json:"info"`
	}
	if err := json.Unmarshal(readAll(t, filepath.Join(root, "wails.json")), &p); err != nil {
		t.Fatal(err)
	}
	var v [4]uint16
	for i, s := range strings.Split(p.Info.ProductVersion, ".") {
		var n int
		for _, c := range s {
			n = n*10 + int(c-'0')
		}
		v[i] = uint16(n)
	}
	return v
}

func zipFiles(t *testing.T, p string) map[string][]byte {
	t.Helper()
	zr, err := zip.OpenReader(p)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	out := map[string][]byte{}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatalf("%s: %s: %v", p, f.Name, err)
		}
		out[f.Name] = b
	}
	return out
}

func tarFiles(t *testing.T, p string) map[string]*tar.Header {
	t.Helper()
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(gz)
	out := map[string]*tar.Header{}
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		out[h.Name] = h
	}
}

func untar(t *testing.T, p, dst string) {
	t.Helper()
	if out, err := exec.Command("tar", "-xzf", p, "-C", dst).CombinedOutput(); err != nil {
		t.Fatalf("untar %s: %v %s", p, err, out)
	}
}

// checkExe checks one Windows executable's resources: our icon (the images
// of build/windows/icon.ico), the version resource naming the release
// version, and the manifest.
func checkExe(t *testing.T, name string, b []byte, subsystem uint16, version string) {
	t.Helper()
	f, err := peres.Read(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if !f.Is64 || f.Machine != 0x8664 {
		t.Errorf("%s: machine %#x is64 %v, want amd64", name, f.Machine, f.Is64)
	}
	if f.Subsystem != subsystem {
		t.Errorf("%s: subsystem %d, want %d", name, f.Subsystem, subsystem)
	}
	// icon: every image of icon.ico is an RT_ICON of the exe
	groups := f.Find(peres.RTGroupIcon)
	if len(groups) == 0 {
		t.Fatalf("%s: no RT_GROUP_ICON", name)
	}
	entries, err := peres.ParseGroupIcon(groups[0].Data)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	icons := map[uint32][]byte{}
	for _, r := range f.Find(peres.RTIcon) {
		icons[r.ID] = r.Data
	}
	ico := icoImages(t, readAll(t, filepath.Join(root, "build/windows/icon.ico")))
	if len(entries) != len(ico) {
		t.Errorf("%s: %d icon images, icon.ico has %d", name, len(entries), len(ico))
	}
	sizes := map[int]bool{}
	for _, e := range entries {
		sizes[e.Width] = true
		img, ok := icons[uint32(e.ID)]
		if !ok {
			t.Errorf("%s: group icon names RT_ICON %d, which is missing", name, e.ID)
			continue
		}
		found := false
		for _, want := range ico {
			found = found || bytes.Equal(img, want)
		}
		if !found {
			t.Errorf("%s: the %dx%d icon is not an image of build/windows/icon.ico", name, e.Width, e.Height)
		}
	}
	if !sizes[256] || !sizes[16] {
		t.Errorf("%s: icon sizes %v, want 16 and 256 among them", name, sizes)
	}
	vr := f.Find(peres.RTVersion)
	if len(vr) != 1 {
		t.Fatalf("%s: %d version resources", name, len(vr))
	}
	v, err := peres.ParseVersion(vr[0].Data)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	pv := productVersion(t)
	if v.FileVersion != pv || v.ProductVersion != pv {
		t.Errorf("%s: fixed versions %v %v, want %v (wails.json)", name, v.FileVersion, v.ProductVersion, pv)
	}
	if v.Strings["ProductVersion"] != version || v.Strings["ProductName"] != "Packsmith" || v.Strings["OriginalFilename"] != name || !strings.Contains(v.Strings["LegalCopyright"], "Packsmith") {
		t.Errorf("%s: version strings %q, want ProductVersion %q", name, v.Strings, version)
	}
	mf := f.Find(peres.RTManifest)
	if len(mf) != 1 {
		t.Fatalf("%s: %d manifests", name, len(mf))
	}
	m := string(mf[0].Data)
	for _, want := range []string{"permonitorv2", "Microsoft.Windows.Common-Controls", `version="6.0.0.0"`, "longPathAware", "{8e0f7a12-bfb3-4fe8-b9a5-48fd50a15a9a}"} {
		if !strings.Contains(m, want) {
			t.Errorf("%s: manifest lacks %s", name, want)
		}
	}
}

// icoImages splits an .ico file into its images.
func icoImages(t *testing.T, b []byte) [][]byte {
	n := int(b[4]) | int(b[5])<<8
	var out [][]byte
	for i := 0; i < n; i++ {
		e := b[6+16*i:]
		size := int(e[8]) | int(e[9])<<8 | int(e[10])<<16 | int(e[11])<<24
		off := int(e[12]) | int(e[13])<<8 | int(e[14])<<16 | int(e[15])<<24
		out = append(out, b[off:off+size])
	}
	return out
}

func TestSHA256SUMS(t *testing.T) {
	dir, _ := distDir(t)
	sums := string(readAll(t, filepath.Join(dir, "SHA256SUMS")))
	listed := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(sums), "\n") {
		sum, name, ok := strings.Cut(line, "  ")
		if !ok {
			t.Fatalf("SHA256SUMS line %q", line)
		}
		h := sha256.Sum256(readAll(t, filepath.Join(dir, name)))
		if hex.EncodeToString(h[:]) != sum {
			t.Errorf("SHA256SUMS: %s does not match", name)
		}
		listed[name] = true
	}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if n := e.Name(); n != "SHA256SUMS" && n != "VERSION" && !listed[n] {
			t.Errorf("dist/%s is not in SHA256SUMS", n)
		}
	}
	if len(listed) != 5 {
		t.Errorf("SHA256SUMS lists %d files, want 5 (zip, installer, three tarballs)", len(listed))
	}
}

func TestWindowsZip(t *testing.T) {
	dir, version := distDir(t)
	files := zipFiles(t, filepath.Join(dir, "packsmith-"+version+"-windows-amd64.zip"))
	if len(files) != 3 || files["README.txt"] == nil {
		t.Errorf("zip holds %d files, want packsmith.exe, packsmith.com, README.txt", len(files))
	}
	checkExe(t, "packsmith.exe", files["packsmith.exe"], peres.SubsystemGUI, version)
	checkExe(t, "packsmith.com", files["packsmith.com"], peres.SubsystemConsole, version)
}

func TestInstaller(t *testing.T) {
	dir, version := distDir(t)
	setup := filepath.Join(dir, "packsmith-"+version+"-windows-amd64-setup.exe")
	f, err := peres.Read(bytes.NewReader(readAll(t, setup)))
	if err != nil {
		t.Fatal(err)
	}
	if f.Subsystem != peres.SubsystemGUI || len(f.Find(peres.RTVersion)) != 1 || len(f.Find(peres.RTManifest)) != 1 {
		t.Errorf("installer: subsystem %d, %d version resources, %d manifests", f.Subsystem, len(f.Find(peres.RTVersion)), len(f.Find(peres.RTManifest)))
	}
	// 7-Zip lists and unpacks NSIS installers.
	out, err := exec.Command("7z", "l", "-slt", setup).CombinedOutput()
	if err != nil {
		t.Fatalf("7z l: %v\n%s", err, out)
	}
	var names []string
	for _, m := range regexp.MustCompile(`(?m)^Path = (.+)$`).FindAllStringSubmatch(string(out), -1) {
		names = append(names, strings.ReplaceAll(m[1], `\`, "/"))
	}
	list := strings.Join(names, "\n")
	for _, want := range []string{"packsmith.exe", "packsmith.com", "fileicon.ico", "MicrosoftEdgeWebview2Setup.exe", "uninstall.exe"} {
		if !strings.Contains(list, want) {
			t.Errorf("installer lacks %s; it holds:\n%s", want, list)
		}
	}
	tmp := t.TempDir()
	if out, err := exec.Command("7z", "x", "-y", "-o"+tmp, setup, "packsmith.exe", "packsmith.com").CombinedOutput(); err != nil {
		t.Fatalf("7z x: %v\n%s", err, out)
	}
	zf := zipFiles(t, filepath.Join(dir, "packsmith-"+version+"-windows-amd64.zip"))
	for _, n := range []string{"packsmith.exe", "packsmith.com"} {
		if b := readAll(t, filepath.Join(tmp, n)); !bytes.Equal(b, zf[n]) {
			t.Errorf("installer's %s (%d bytes) differs from the zip's (%d bytes)", n, len(b), len(zf[n]))
		}
	}
}

// The installer's script: nothing beyond the program, its Start menu entry
// and "Open with" entries is taken without the user ticking it.
func TestInstallerChoicesAreUnticked(t *testing.T) {
	nsi := string(readAll(t, filepath.Join(root, "build/windows/installer/project.nsi")))
	sections := regexp.MustCompile(`(?m)^\s*Section\s+(/o\s+)?"([^"]+)"`).FindAllStringSubmatch(nsi, -1)
	ticked := 0
	for _, s := range sections {
		if s[1] == "" && s[2] != "uninstall" {
			ticked++
			if !strings.HasPrefix(s[2], "Packsmith (required)") {
				t.Errorf("section %q is ticked by default", s[2])
			}
		}
	}
	// One unticked section per extension of a family with a file
	// association (backend/archive/family.go: Class; today .MOD, .PAK,
	// .dat, .iop).
	var exts []string
	for _, f := range archive.Families() {
		if f.Class != "" {
			exts = append(exts, f.Exts...)
		}
	}
	if ticked != 1 || len(sections) != 4+len(exts) {
		t.Errorf("%d sections, %d ticked; want %d (main, desktop, PATH, %d extensions, uninstall) and 1", len(sections), ticked, 4+len(exts), len(exts))
	}
	for _, ext := range exts {
		if !regexp.MustCompile(`(?mi)^\s*Section /o "` + regexp.QuoteMeta(ext) + " ").MatchString(nsi) {
			t.Errorf("no unticked section for %s", ext)
		}
	}
	if strings.Contains(nsi, "wails.associateFiles") && !strings.Contains(nsi, "# wails.associateFiles") {
		t.Error("project.nsi inserts wails.associateFiles (takes the associations silently)")
	}
	if !strings.Contains(nsi, "wails.webview2runtime") || !strings.Contains(nsi, "$SMPROGRAMS") || !strings.Contains(nsi, "WriteUninstaller") && !strings.Contains(nsi, "wails.writeUninstaller") {
		t.Error("project.nsi lacks the WebView2 bootstrapper, the Start menu entry or the uninstaller")
	}
}

func TestLinuxTarball(t *testing.T) {
	dir, version := distDir(t)
	p := filepath.Join(dir, "packsmith-"+version+"-linux-amd64.tar.gz")
	files := tarFiles(t, p)
	base := "packsmith-" + version + "/"
	for _, n := range []string{"packsmith", "packsmith.desktop", "packsmith.png"} {
		if files[base+n] == nil {
			t.Errorf("tarball lacks %s%s", base, n)
		}
	}
	if h := files[base+"packsmith"]; h != nil && h.Mode&0o111 == 0 {
		t.Errorf("packsmith mode %o is not executable", h.Mode)
	}
	tmp := t.TempDir()
	untar(t, p, tmp)
	bin := filepath.Join(tmp, base, "packsmith")
	ef, err := elf.Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	libs, _ := ef.ImportedLibraries()
	ef.Close()
	if !strings.Contains(strings.Join(libs, " "), "libwebkit2gtk") {
		t.Errorf("the Linux binary is not the desktop build (libraries %v)", libs)
	}
	out, err := exec.Command(bin, "version").Output()
	if err != nil || string(out) != "packsmith "+version+"\n" {
		t.Errorf("packsmith version: %q %v", out, err)
	}
	// Built for the WebKitGTK asset path that passes headers and statuses
	// (Makefile: WEBKIT): without a webkit2_* tag Wails takes the legacy
	// path. No view depends on headers any more; this keeps the tarball
	// what make build makes.
	if bi, err := buildinfo.ReadFile(bin); err != nil {
		t.Error(err)
	} else {
		tags := ""
		for _, s := range bi.Settings {
			if s.Key == "-tags" {
				tags = s.Value
			}
		}
		if !regexp.MustCompile(`(^|,)webkit2_(36|40|41)(,|$)`).MatchString(tags) || !strings.Contains(tags, "production") {
			t.Errorf("the Linux binary was built with -tags %q: no webkit2_* tag (the legacy asset path)", tags)
		}
	}
	desk := string(readAll(t, filepath.Join(tmp, base, "packsmith.desktop")))
	for _, want := range []string{"[Desktop Entry]", "Exec=packsmith %f", "Icon=packsmith", "Type=Application"} {
		if !strings.Contains(desk, want) {
			t.Errorf("packsmith.desktop lacks %q", want)
		}
	}
	if !bytes.Equal(readAll(t, filepath.Join(tmp, base, "packsmith.png")), readAll(t, filepath.Join(root, "build/appicon.png"))) {
		t.Error("packsmith.png is not build/appicon.png")
	}
}

// The tarball's binary in the native window (scripts/window-test.sh
// --looks-only under Xvfb): the texture, the walk grids and the decompiled
// .DAT show on the screen as they do from make build.
func TestLinuxTarballWindowLooks(t *testing.T) {
	dir, version := distDir(t)
	for _, tool := range []string{"Xvfb", "xdotool", "import", "convert"} {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("PACKSMITH_REQUIRE_DIST") == "1" {
				t.Fatalf("%s is not installed (bash scripts/deps.sh)", tool)
			}
			t.Skip(tool + " is not installed")
		}
	}
	tmp := t.TempDir()
	untar(t, filepath.Join(dir, "packsmith-"+version+"-linux-amd64.tar.gz"), tmp)
	bin := filepath.Join(tmp, "packsmith-"+version, "packsmith")
	cmd := exec.Command("bash", filepath.Join(root, "scripts/window-test.sh"), "--bin", bin, "--looks-only")
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "window: 5 passed, 0 failed") {
		t.Fatalf("the window test on the tarball's binary: %v\n%s", err, out)
	}
	t.Logf("%s", out)
}

func TestDarwinTarballs(t *testing.T) {
	dir, version := distDir(t)
	for arch, cpu := range map[string]macho.Cpu{"amd64": macho.CpuAmd64, "arm64": macho.CpuArm64} {
		p := filepath.Join(dir, "packsmith-"+version+"-darwin-"+arch+"-cli.tar.gz")
		tmp := t.TempDir()
		untar(t, p, tmp)
		mf, err := macho.Open(filepath.Join(tmp, "packsmith-"+version, "packsmith"))
		if err != nil {
			t.Fatalf("%s: %v", arch, err)
		}
		if mf.Cpu != cpu || mf.Type != macho.TypeExec {
			t.Errorf("%s: cpu %v type %v", arch, mf.Cpu, mf.Type)
		}
		mf.Close()
		if _, err := os.Stat(filepath.Join(tmp, "packsmith-"+version, "README.txt")); err != nil {
			t.Errorf("%s: %v", arch, err)
		}
	}
}
