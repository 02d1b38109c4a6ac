package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"packsmith/backend/tl2/loadorder/loadordertest"
	"packsmith/backend/workspace/backups"
	"packsmith/formats/tl2/sch"
)

// loUser writes the standard user folder (loadordertest.Standard: shared
// files, a broken rollingHash, lower-case names, missing and too-old
// dependencies, two files with one id, misplaced mods, a listed id with
// no file) and keeps the window's settings out of the way.
func loUser(t *testing.T) string {
	t.Helper()
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	dir := t.TempDir()
	if err := loadordertest.WriteStandard(dir); err != nil {
		t.Fatal(err)
	}
	return dir
}

// lo runs `packsmith loadorder --dir DIR args…`.
func lo(t *testing.T, dir string, args ...string) (string, string, int) {
	t.Helper()
	return run(t, append([]string{"loadorder", "--dir", dir}, args...)...)
}

func schIDs(t *testing.T, dir string) []int64 {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "modlauncher.sch"))
	if err != nil {
		t.Fatal(err)
	}
	f, err := sch.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	return f.IDs()
}

// schBackups lists the backups of dir's modlauncher.sch (in the backups
// folder of the user's cache), failing when one lies beside it.
func schBackups(t *testing.T, dir string) []backups.Entry {
	t.Helper()
	if m, _ := filepath.Glob(filepath.Join(dir, "*modlauncher.sch*")); len(m) != 1 {
		t.Fatalf("beside modlauncher.sch: %v", m)
	}
	list, err := backups.Default().List()
	if err != nil {
		t.Fatal(err)
	}
	var out []backups.Entry
	for _, e := range list {
		if e.Kind == backups.KindSch && e.Of == filepath.Join(dir, "modlauncher.sch") {
			out = append(out, e)
		}
	}
	return out
}

func without(ids []int64, drop int64) []int64 {
	var out []int64
	for _, x := range ids {
		if x != drop {
			out = append(out, x)
		}
	}
	return out
}

func idStrings(ids []int64) []string {
	out := []string{}
	for _, x := range ids {
		out = append(out, strconv.FormatInt(x, 10))
	}
	return out
}

// oneLineErr: the command printed exactly one line, "packsmith loadorder: …".
func oneLineErr(t *testing.T, errs, want string) {
	t.Helper()
	if strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "packsmith loadorder: ") || !strings.Contains(errs, want) {
		t.Errorf("want one line with %q, got %q", want, errs)
	}
}

func TestLoadOrderListJSON(t *testing.T) {
	dir := loUser(t)
	before, _ := os.ReadFile(filepath.Join(dir, "modlauncher.sch"))
	out, errs, code := lo(t, dir, "list", "--json")
	if code != ExitOK || errs != "" {
		t.Fatalf("code %d: %s", code, errs)
	}
	var v struct {
		UserDir, ModsDir, SchPath string
		SchExists                 bool
		Limit                     int
		Order                     []string
		Mods                      []struct {
			ID, Title, Rel, Where string
			Active, Loaded        bool
			Place, Files          int
			Overridden            bool
			Problems              []struct{ Code, Severity string }
		}
		Conflicts []struct{ Path string }
		Problems  int
		Dirty     bool
	}
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if v.UserDir != dir || v.ModsDir != filepath.Join(dir, "mods") || v.SchPath != filepath.Join(dir, "modlauncher.sch") || !v.SchExists || v.Limit != 10 || v.Dirty {
		t.Errorf("folders/state: %+v", v)
	}
	if got, want := strings.Join(v.Order, ","), strings.Join(idStrings(loadordertest.StandardOrder()), ","); got != want {
		t.Errorf("order %s, want %s (ids are decimal strings)", got, want)
	}
	byTitle := map[string]int{}
	for i, m := range v.Mods {
		byTitle[m.Title] = i
	}
	codes := func(title string) string {
		i, ok := byTitle[title]
		if !ok {
			t.Fatalf("no row %q", title)
		}
		var c []string
		for _, p := range v.Mods[i].Problems {
			c = append(c, p.Code)
		}
		return strings.Join(c, ",")
	}
	if m := v.Mods[byTitle["Grand Overhaul"]]; m.ID != strconv.FormatInt(loadordertest.IDOverhaul, 10) || m.Place != 1 || !m.Active || !m.Loaded || m.Where != "mods" || m.Files != 4 {
		t.Errorf("overhaul row %+v", m)
	}
	if m := v.Mods[byTitle["Faster Pets"]]; !m.Overridden || m.Place != 2 {
		t.Errorf("speed row %+v", m)
	}
	if m := v.Mods[byTitle["Shared Textures"]]; m.Active || m.Place != 0 {
		t.Errorf("textures row %+v", m)
	}
	for title, code := range map[string]string{"Broken Hash": "rolling-hash", "Lowercase Icons": "lowercase-names", "Nested Too Deep": "misplaced"} {
		if !strings.Contains(codes(title), code) {
			t.Errorf("%s: problems %s, want %s", title, codes(title), code)
		}
	}
	if c := codes("Overhaul Addon"); !strings.Contains(c, "requires-missing") || !strings.Contains(c, "requires-too-old") || !strings.Contains(c, "requires-inactive") {
		t.Errorf("addon problems %s", c)
	}
	if len(v.Conflicts) == 0 || v.Problems == 0 {
		t.Errorf("%d conflicts, %d problems", len(v.Conflicts), v.Problems)
	}
	// Listing writes nothing.
	after, _ := os.ReadFile(filepath.Join(dir, "modlauncher.sch"))
	if !bytes.Equal(before, after) || len(schBackups(t, dir)) != 0 {
		t.Error("list changed modlauncher.sch or made a backup")
	}

	// The table: the file, the counts, one row per mod, problems below.
	out, errs, code = lo(t, dir, "list")
	if code != ExitOK || errs != "" {
		t.Fatalf("code %d: %s", code, errs)
	}
	for _, w := range []string{filepath.Join(dir, "modlauncher.sch") + " (9 listed, the game activates 10 at most)", "Grand Overhaul", "! rolling-hash:", "13 mods, 9 active"} {
		if !strings.Contains(out, w) {
			t.Errorf("list lacks %q:\n%s", w, out)
		}
	}
}

func TestLoadOrderConflictsJSON(t *testing.T) {
	dir := loUser(t)
	out, errs, code := lo(t, dir, "conflicts", "--json")
	if code != ExitOK || errs != "" {
		t.Fatalf("code %d: %s", code, errs)
	}
	var c struct {
		SchPath   string
		Conflicts []struct {
			Path   string
			Winner struct {
				ID    string
				Title string
				Place int
			}
			Losers []struct {
				ID    string
				Place int
			}
		}
		Mods []struct {
			ID                        string
			Title                     string
			Place, Files, Wins, Loses int
			Unique                    int
			Overridden                bool
		}
	}
	if err := json.Unmarshal([]byte(out), &c); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if c.SchPath != filepath.Join(dir, "modlauncher.sch") {
		t.Errorf("schPath %q", c.SchPath)
	}
	got := map[string]string{}
	for _, cf := range c.Conflicts {
		var l []string
		for _, x := range cf.Losers {
			l = append(l, fmt.Sprintf("%d:%s", x.Place, x.ID))
		}
		got[cf.Path] = fmt.Sprintf("%d:%s > %s", cf.Winner.Place, cf.Winner.ID, strings.Join(l, " "))
	}
	over, speed, port := loadordertest.IDOverhaul, loadordertest.IDSpeed, loadordertest.IDPortraits
	for path, want := range map[string]string{
		// Broken Hash (place 4) also ships HUD.LAYOUT but the game drops it.
		"MEDIA/UI/HUD.LAYOUT":         fmt.Sprintf("1:%d > 3:%d", over, port),
		"MEDIA/UNITS/ITEMS/SWORD.DAT": fmt.Sprintf("1:%d > 2:%d", over, speed),
		"MEDIA/SKILLS/FIREBALL.DAT":   fmt.Sprintf("1:%d > 5:%d", over, loadordertest.IDAddon),
	} {
		if got[path] != want {
			t.Errorf("%s: %q, want %q", path, got[path], want)
		}
	}
	// Loaded mods in order, with their counts.
	var places []int
	for _, m := range c.Mods {
		places = append(places, m.Place)
		switch m.Title {
		case "Grand Overhaul":
			if m.Files != 4 || m.Wins != 4 || m.Loses != 0 || m.Unique != 0 {
				t.Errorf("overhaul %+v", m)
			}
		case "Faster Pets":
			if !m.Overridden || m.Loses != 2 || m.Wins != 0 {
				t.Errorf("speed %+v", m)
			}
		case "Broken Hash":
			t.Error("a mod the game drops takes part in conflicts")
		}
	}
	for i := 1; i < len(places); i++ {
		if places[i] <= places[i-1] {
			t.Errorf("mods not in list order: %v", places)
		}
	}
	if out, _, code := lo(t, dir, "conflicts"); code != ExitOK || !strings.Contains(out, "MEDIA/UI/HUD.LAYOUT") || !strings.Contains(out, "fully overridden") {
		t.Errorf("conflicts table (%d):\n%s", code, out)
	}
}

// enable, disable and move write modlauncher.sch as the official launcher
// does, after a timestamped backup of the old one; MOD is an id, a file
// name (any case, with or without .MOD, or its path under mods/) or a
// title (any case).
func TestLoadOrderEdits(t *testing.T) {
	dir := loUser(t)
	schPath := filepath.Join(dir, "modlauncher.sch")
	order := loadordertest.StandardOrder()
	var baks int
	step := func(want []int64, wantOut string, args ...string) {
		t.Helper()
		before, _ := os.ReadFile(schPath)
		out, errs, code := lo(t, dir, args...)
		if code != ExitOK {
			t.Fatalf("%v: code %d: %s", args, code, errs)
		}
		if !strings.HasPrefix(out, wantOut) {
			t.Errorf("%v: stdout %q, want it to start %q", args, out, wantOut)
		}
		got, _ := os.ReadFile(schPath)
		if exp := sch.New(want).Bytes(); !bytes.Equal(got, exp) {
			t.Errorf("%v: modlauncher.sch holds %v, want %v\n%q", args, schIDs(t, dir), want, got)
		}
		b := schBackups(t, dir)
		if bytes.Equal(before, got) {
			if len(b) != baks {
				t.Errorf("%v: nothing changed but a backup was made", args)
			}
			return
		}
		if len(b) != baks+1 {
			t.Fatalf("%v: %d backups, want %d", args, len(b), baks+1)
		}
		baks++
		var newest string
		for _, e := range b {
			if old, _ := os.ReadFile(e.Path); bytes.Equal(old, before) && strings.Contains(out, "(old list kept as backup "+e.ID+")") {
				newest = e.ID
			}
		}
		if newest == "" || !regexp.MustCompile(`^modlauncher\.sch-[0-9a-f]{8}/\d{8}-\d{6}\.\d{6}-\d+\.modlauncher\.sch$`).MatchString(newest) {
			t.Errorf("%v: no backup holding the old list named in %q (have %v)", args, out, b)
		}
		if !strings.HasSuffix(out, ".\n") || strings.Count(out, "\n") != 1 {
			t.Errorf("%v: want one line, got %q", args, out)
		}
	}

	// By title, any case: enabled at the bottom.
	order = append(order, loadordertest.IDTextures)
	step(order, `"Shared Textures" is now at place 10 of 10. Wrote `+schPath, "enable", "shared textures")
	// Again: nothing to do, nothing written.
	step(order, `"Shared Textures" is already at place 10 of 10; modlauncher.sch unchanged.`, "enable", "Shared Textures")

	// By file name, any case, without .MOD.
	order = without(order, loadordertest.IDSpeed)
	step(order, `"Faster Pets" is now off the list. Wrote `, "disable", "speed")
	step(order, `"Faster Pets" is already off the list; modlauncher.sch unchanged.`, "disable", "Speed.MOD")

	// By id, to a place. A negative id (real ids can be) follows "--", or
	// it reads as a flag.
	order = []int64{loadordertest.IDPortraits, loadordertest.IDBroken, loadordertest.IDOverhaul, loadordertest.IDAddon,
		loadordertest.IDLower, loadordertest.IDGhost, loadordertest.IDCopyA, loadordertest.IDOld, loadordertest.IDTextures}
	step(order, `"Grand Overhaul" is now at place 3 of 9. Wrote `, "move", "--to", "3", "--", strconv.FormatInt(loadordertest.IDOverhaul, 10))

	// By path under mods/, to the top; flags after the MOD work too.
	order = append([]int64{loadordertest.IDTextures}, without(order, loadordertest.IDTextures)...)
	step(order, `"Shared Textures" is now at place 1 of 9. Wrote `, "move", "Textures/TEXTURES.MOD", "--to", "top")

	// To the bottom, by file name with .MOD in another case.
	order = append(without(order, loadordertest.IDTextures), loadordertest.IDTextures)
	step(order, `"Shared Textures" is now at place 9 of 9. Wrote `, "move", "textures.mod", "--to", "BOTTOM")

	// A place past the end is the bottom; moving an inactive mod enables it there.
	order = append(order, loadordertest.IDSpeed)
	step(order, `"Faster Pets" is now at place 10 of 10. Wrote `, "move", "Faster Pets", "--to", "99")
	step(order, `"Faster Pets" is already at place 10 of 10; modlauncher.sch unchanged.`, "move", "Faster Pets", "--to", "bottom")

	if got := schIDs(t, dir); fmt.Sprint(got) != fmt.Sprint(order) {
		t.Errorf("final list %v, want %v", got, order)
	}
}

// Without modlauncher.sch nothing is active; enable creates the file as
// the launcher would, and there is nothing to back up.
func TestLoadOrderNewSch(t *testing.T) {
	dir := loUser(t)
	os.Remove(filepath.Join(dir, "modlauncher.sch"))
	out, _, code := lo(t, dir, "list", "--json")
	var v struct {
		SchExists bool
		Order     []string
	}
	if code != ExitOK || json.Unmarshal([]byte(out), &v) != nil || v.SchExists || len(v.Order) != 0 {
		t.Fatalf("code %d: %s", code, out)
	}
	out, errs, code := lo(t, dir, "enable", "OVERHAUL.MOD")
	if code != ExitOK {
		t.Fatalf("code %d: %s", code, errs)
	}
	want := fmt.Sprintf("\"Grand Overhaul\" is now at place 1 of 1. Wrote %s.\n", filepath.Join(dir, "modlauncher.sch"))
	if out != want {
		t.Errorf("stdout %q, want %q", out, want)
	}
	got, _ := os.ReadFile(filepath.Join(dir, "modlauncher.sch"))
	if !bytes.Equal(got, sch.New([]int64{loadordertest.IDOverhaul}).Bytes()) {
		t.Errorf("new modlauncher.sch %q", got)
	}
	if len(schBackups(t, dir)) != 0 {
		t.Error("a backup of a file that did not exist")
	}
}

func TestLoadOrderErrors(t *testing.T) {
	dir := loUser(t)
	schPath := filepath.Join(dir, "modlauncher.sch")
	before, _ := os.ReadFile(schPath)
	// A second mod titled like one already there, with another id.
	if err := loadordertest.Write(dir, []loadordertest.Spec{{Rel: "mods/Other/PETS.MOD", Title: "Faster Pets", ID: 31, Files: []string{"MEDIA/PETS/A.DAT"}}}); err != nil {
		t.Fatal(err)
	}

	usage := []struct {
		args []string
		want string
	}{
		{nil, "want a subcommand"},
		{[]string{"shuffle"}, `unknown subcommand "shuffle"`},
		{[]string{"list", "Grand Overhaul"}, "list takes no MOD"},
		{[]string{"conflicts", "x"}, "conflicts takes no MOD"},
		{[]string{"enable"}, "enable wants one MOD"},
		{[]string{"disable", "a", "b"}, "disable wants one MOD"},
		{[]string{"move", "42"}, "move wants --to N, --to top or --to bottom"},
		{[]string{"enable", "42", "--to", "1"}, "--to goes with move"},
		{[]string{"move", "42", "--to", "0"}, `--to "0": want a place`},
		{[]string{"move", "42", "--to", "first"}, `--to "first": want a place`},
		{[]string{"list", "--bogus"}, "flag provided but not defined: -bogus"},
	}
	for _, u := range usage {
		_, errs, code := lo(t, dir, u.args...)
		if code != ExitUsage || !strings.HasPrefix(errs, "packsmith loadorder: ") || !strings.Contains(strings.SplitN(errs, "\n", 2)[0], u.want) ||
			!strings.HasSuffix(errs, " (usage: packsmith help loadorder)\n") || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: code %d, %q", u.args, code, errs)
		}
	}

	failures := []struct {
		args []string
		want string
	}{
		{[]string{"enable", "nothing like it"}, `no such mod matches "nothing like it" (give a mod id, a file name or a title)`},
		{[]string{"disable", "123"}, `no such mod matches "123"`},
		{[]string{"move", "faster pets", "--to", "1"}, `several mods match "faster pets"`},
	}
	for _, f := range failures {
		out, errs, code := lo(t, dir, f.args...)
		if code != ExitFailure || out != "" {
			t.Errorf("%v: code %d, stdout %q", f.args, code, out)
		}
		oneLineErr(t, errs, f.want)
	}
	// The ambiguous name lists both, so the user can pick by id.
	_, errs, _ := lo(t, dir, "disable", "Faster Pets")
	if !strings.Contains(errs, "(id 31)") || !strings.Contains(errs, fmt.Sprintf("(id %d)", loadordertest.IDSpeed)) || !strings.Contains(errs, "give the id") {
		t.Errorf("ambiguous: %q", errs)
	}
	// A folder that is not there.
	_, errs, code := run(t, "loadorder", "--dir", filepath.Join(dir, "nope"), "list")
	if code != ExitFailure {
		t.Errorf("missing folder: code %d %q", code, errs)
	} else {
		oneLineErr(t, errs, "nope")
	}

	// A modlauncher.sch that does not parse: listed with the reason (and
	// exit 1), never overwritten.
	bad := []byte("\xef\xbb\xbf[MODS]\r\n[/MODS]\r\n") // UTF-8: the game reads UTF-16LE
	os.WriteFile(schPath, bad, 0o644)
	out, _, code := lo(t, dir, "list", "--json")
	var v struct{ SchError string }
	if code != ExitFailure || json.Unmarshal([]byte(out), &v) != nil || v.SchError == "" {
		t.Errorf("bad sch list: code %d, %s", code, out)
	}
	_, errs, code = lo(t, dir, "enable", "Shared Textures")
	if code != ExitFailure {
		t.Errorf("enable over a bad sch: code %d", code)
	}
	oneLineErr(t, errs, "not saving over a modlauncher.sch that could not be read")
	if got, _ := os.ReadFile(schPath); !bytes.Equal(got, bad) || len(schBackups(t, dir)) != 0 {
		t.Error("a modlauncher.sch that does not parse was touched")
	}

	// Nothing above wrote the good file either.
	os.WriteFile(schPath, before, 0o644)
	if fmt.Sprint(schIDs(t, dir)) != fmt.Sprint(loadordertest.StandardOrder()) {
		t.Error("restore failed")
	}
}
