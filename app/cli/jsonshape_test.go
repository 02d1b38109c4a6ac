package cli

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"packsmith/backend/tl2/loadorder/loadordertest"
	"packsmith/internal/crafted"
	"packsmith/internal/hermetic"
)

// shape lists the key paths of a JSON document ("entries[].extra.method"),
// sorted; the elements of an array share one path.
func shape(t *testing.T, doc string) []string {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(doc), &v); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, doc)
	}
	set := map[string]bool{}
	var walk func(p string, v any)
	walk = func(p string, v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				q := k
				if p != "" {
					q = p + "." + k
				}
				set[q] = true
				walk(q, e)
			}
		case []any:
			for _, e := range x {
				walk(p+"[]", e)
			}
		}
	}
	walk("", v)
	out := make([]string, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// pinShape fails when a documented --json output gains, loses or renames a
// field: want lists every key path (README "--json output (stable)").
func pinShape(t *testing.T, what, doc string, want ...string) {
	t.Helper()
	got := shape(t, doc)
	sort.Strings(want)
	if !slices.Equal(got, want) {
		var missing, extra []string
		for _, w := range want {
			if !slices.Contains(got, w) {
				missing = append(missing, w)
			}
		}
		for _, g := range got {
			if !slices.Contains(want, g) {
				extra = append(extra, g)
			}
		}
		t.Errorf("%s --json: missing %v, unexpected %v", what, missing, extra)
	}
}

func jsonOf(t *testing.T, doc string) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(doc), &m); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, doc)
	}
	return m
}

func mustRun(t *testing.T, want int, args ...string) string {
	t.Helper()
	out, errs, code := run(t, args...)
	if code != want {
		t.Fatalf("%v: exit %d, want %d: %s %s", args, code, want, errs, out)
	}
	return out
}

// Every --json output README.md documents, pinned field by field, with the
// values that matter: a renamed field, a dropped one or "ok": true on a
// damaged archive fails here.
func TestJSONOutputsPinned(t *testing.T) {
	dir := t.TempDir()
	sample := "../../testdata/demo/PACKSMITH_SAMPLE.MOD"

	out := mustRun(t, 0, "ls", demo, "--json")
	pinShape(t, "ls", out, "archive", "family", "entries", "entries[].path", "entries[].size", "entries[].packed",
		"entries[].kind", "entries[].extra", "entries[].extra.method", "entries[].extra.crc32")
	m := jsonOf(t, out)
	e := m["entries"].([]any)[0].(map[string]any)
	if m["family"] != "zip" || m["archive"] != demo || e["path"] != "README.txt" || e["size"] != 71.0 || e["packed"] != 70.0 ||
		e["kind"] != "text" || e["extra"].(map[string]any)["method"] != "deflate" || e["extra"].(map[string]any)["crc32"] != 2898073876.0 {
		t.Errorf("ls values: %v %v", m["family"], e)
	}
	pinShape(t, "ls (TL2)", mustRun(t, 0, "ls", sample, "--json"), "archive", "family", "entries", "entries[].path",
		"entries[].size", "entries[].packed", "entries[].kind", "entries[].extra", "entries[].extra.crc32",
		"entries[].extra.fileTime", "entries[].extra.offset", "entries[].extra.type", "entries[].extra.typeCode")

	out = mustRun(t, 0, "verify", demo, "--json")
	pinShape(t, "verify (clean)", out, "archive", "findings", "ok")
	if m := jsonOf(t, out); m["ok"] != true || len(m["findings"].([]any)) != 0 {
		t.Errorf("clean verify: %s", out)
	}
	data, _ := os.ReadFile(demo)
	zr, _ := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	off, _ := zr.File[0].DataOffset()
	data[off+3] ^= 0x55
	bad := filepath.Join(dir, "bad.zip")
	os.WriteFile(bad, data, 0o644)
	out = mustRun(t, ExitFailure, "verify", bad, "--json")
	pinShape(t, "verify (damaged)", out, "archive", "findings", "findings[].check", "findings[].entry",
		"findings[].message", "findings[].severity", "ok")
	m = jsonOf(t, out)
	fs := m["findings"].([]any)
	if m["ok"] != false || len(fs) != 1 {
		t.Fatalf("damaged verify: %s", out)
	}
	if f := fs[0].(map[string]any); f["severity"] != "error" || f["entry"] != "README.txt" || (f["check"] != "crc" && f["check"] != "inflate") {
		t.Errorf("damaged verify finding: %v", f)
	}

	out = mustRun(t, 0, "info", demo, "--json")
	pinShape(t, "info (zip)", out, "comment", "entries", "family", "packed", "size")
	if m := jsonOf(t, out); m["entries"] != 48.0 || m["family"] != "zip" {
		t.Errorf("info zip: %s", out)
	}
	out = mustRun(t, 0, "info", sample, "--json")
	pinShape(t, "info (TL2)", out, "checks", "checks[].check", "checks[].message", "checks[].offset", "checks[].severity",
		"family", "path", "hashes", "hashes.maxCompressedBlockSize", "hashes.mhashStep", "hashes.mhashStored",
		"hashes.reqHashComputed", "hashes.reqHashOk", "hashes.reqHashStored", "hashes.rollingHashComputed",
		"hashes.rollingHashOk", "hashes.rollingHashStored", "header", "header.author", "header.dataOffset",
		"header.description", "header.downloadUrl", "header.flags", "header.gameVersion", "header.manifestOffset",
		"header.modId", "header.modVersion", "header.removeFiles", "header.requiredMods", "header.title",
		"header.version", "header.website", "manifest", "manifest.dataSize", "manifest.directoryRecords",
		"manifest.fileCountStored", "manifest.files", "manifest.folders", "manifest.root", "manifest.unpackedSize",
		"manifest.version")
	if h := jsonOf(t, out)["hashes"].(map[string]any); h["rollingHashOk"] != true {
		t.Errorf("info TL2 hashes: %v", h)
	}
	if id, ok := jsonOf(t, out)["header"].(map[string]any)["modId"].(string); !ok || id == "" {
		t.Errorf("modId must be a decimal string: %v", id)
	}

	out = mustRun(t, 0, "extract", demo, "-o", filepath.Join(dir, "x"), "--json")
	pinShape(t, "extract", out, "bytes", "dir", "files")
	if m := jsonOf(t, out); m["files"] != 48.0 || m["dir"] != filepath.Join(dir, "x") {
		t.Errorf("extract: %s", out)
	}

	g := filepath.Join(dir, "g.mpp")
	os.WriteFile(g, crafted.Grid(10, 10, true), 0o644)
	g2 := filepath.Join(dir, "g2.mpp")
	os.WriteFile(g2, crafted.Grid(10, 10, false), 0o644)
	out = mustRun(t, 0, "info", g, "--json")
	pinShape(t, "info FILE.mpp", out, "bytes", "cells", "extentX", "extentZ", "file", "height", "noWalkable", "originX",
		"originZ", "pocketCells", "pockets", "stub", "thinWalls", "void", "void.count", "void.percent", "walkable",
		"walkable.count", "walkable.percent", "wall", "wall.count", "wall.percent", "warnings", "width", "worldDepth", "worldWidth")
	if m := jsonOf(t, out); m["pockets"] != 49.0 || m["walkable"].(map[string]any)["count"] != 50.0 || m["file"] != g {
		t.Errorf("info grid: %s", out)
	}
	out = mustRun(t, 0, "render", g, "--diff", g2, "--json")
	pinShape(t, "render --diff", out, "after", "afterHeight", "afterWidth", "becameWalkable", "before", "beforeHeight",
		"beforeWidth", "changed", "changedPercent", "changes", "height", "lostWalkable", "sizeChanged", "unchanged",
		"wallVoid", "width")
	if m := jsonOf(t, out); m["changed"] != 50.0 || m["becameWalkable"] != 50.0 || m["unchanged"] != 50.0 {
		t.Errorf("render --diff: %s", out)
	}

	packKeys := []string{"assets", "compiled", "entries", "findings", "gameVersion", "gameVersionFrom", "hashes",
		"hashes.mhash", "hashes.reqHash", "hashes.rollingHash", "hashes.sha256", "mod", "mod.author", "mod.description",
		"mod.downloadUrl", "mod.fileName", "mod.findings", "mod.hasModId", "mod.modId", "mod.name", "mod.path",
		"mod.remove", "mod.required", "mod.version", "mod.website", "modDir", "modId", "modIdNew", "modIdWritten", "ms",
		"output", "raws", "size", "sourceBytes", "stages", "stages[].ms", "stages[].stage", "unresolved", "grids", "reused", "baseData"}
	// The backups listed below are this test's own, sealed with its key
	// (another test's, sealed with another, list as unsealed).
	hermetic.OwnCache(t)
	user := t.TempDir()
	loadordertest.WriteSch(filepath.Join(user, "modlauncher.sch"), []int64{77}) // so that a backup is made
	out = mustRun(t, 0, "pack", sampleMod, "-o", filepath.Join(dir, "S.MOD"), "--deploy", "--mods", filepath.Join(user, "mods"), "--enable", "--json")
	pinShape(t, "pack --deploy", out, append(packKeys, "grids[].action", "grids[].grid", "grids[].layout", "grids[].ms",
		"grids[].pockets", "grids[].void", "grids[].walkable", "grids[].wall", "deploy", "deploy.enabled", "deploy.modsDir", "deploy.path",
		"deploy.replaced", "deploy.schBackup", "deploy.schBackupId", "deploy.schPath", "deploy.warnings")...)
	if d := jsonOf(t, out)["deploy"].(map[string]any); d["enabled"] != true {
		t.Errorf("pack deploy: %v", d)
	}
	// A second build deployed over the first keeps it (issue 34): the
	// listing then holds a .MOD copy with its build.
	out = mustRun(t, 0, "pack", sampleMod, "-o", filepath.Join(dir, "S.MOD"), "--gamever", "1.25.9.6", "--deploy", "--mods", filepath.Join(user, "mods"), "--json")
	if d := jsonOf(t, out)["deploy"].(map[string]any); d["previous"] == nil {
		t.Errorf("pack deploy of a second build: no previous build in %v", d)
	}
	out = mustRun(t, 0, "backups", "list", "--json")
	pinShape(t, "backups list", out, "dir", "keep", "bytes", "backups", "backups[].id", "backups[].path", "backups[].of", "backups[].kind",
		"backups[].why", "backups[].size", "backups[].time", "backups[].lock", "backups[].build", "backups[].build.modId",
		"backups[].build.title", "backups[].build.version")
	md := t.TempDir()
	os.WriteFile(filepath.Join(md, "MOD.DAT"), []byte("[MOD]\n<STRING>NAME:x\n<INTEGER64>MOD_ID:5\n[/MOD]\n"), 0o644)
	os.MkdirAll(filepath.Join(md, "MEDIA", "UNITS"), 0o755)
	os.WriteFile(filepath.Join(md, "MEDIA", "UNITS", "BAD.DAT"), []byte("[UNIT]\n<INTEGRE>LEVEL:1\n[/UNIT]\n"), 0o644)
	out = mustRun(t, ExitFailure, "pack", md, "-o", filepath.Join(dir, "X.MOD"), "--json")
	pinShape(t, "pack (findings)", out, append(packKeys, "error", "findings[].file", "findings[].line",
		"findings[].message", "findings[].severity", "findings[].stage")...)
	f := jsonOf(t, out)["findings"].([]any)[0].(map[string]any)
	if f["severity"] != "error" || f["file"] != "MEDIA/UNITS/BAD.DAT" || f["line"] != 2.0 {
		t.Errorf("pack finding: %v", f)
	}

	lu := t.TempDir()
	if err := loadordertest.WriteStandard(lu); err != nil {
		t.Fatal(err)
	}
	conflict := []string{"conflicts[].losers", "conflicts[].losers[].id", "conflicts[].losers[].place",
		"conflicts[].losers[].title", "conflicts[].path", "conflicts[].winner", "conflicts[].winner.id",
		"conflicts[].winner.place", "conflicts[].winner.title", "conflicts[].merged", "conflicts[].mergedStale",
		"conflicts[].lost", "mergedPatch", "mergedPatch.id", "mergedPatch.place", "mergedPatch.stale", "mergedPatch.title"}
	out = mustRun(t, 0, "loadorder", "--dir", lu, "list", "--json")
	pinShape(t, "loadorder list", out, append(conflict, "canUndo", "conflicts", "dirty", "installDir", "limit", "mods",
		"modsDir", "mods[].active", "mods[].author", "mods[].file", "mods[].files", "mods[].id", "mods[].key",
		"mods[].loaded", "mods[].loses", "mods[].merged", "mods[].lostInPatch", "mods[].overridden", "mods[].place", "mods[].problems", "mods[].problems[].code",
		"mods[].problems[].message", "mods[].problems[].severity", "mods[].rel", "mods[].requires", "mods[].requires[].id",
		"mods[].requires[].name", "mods[].requires[].version", "mods[].size", "mods[].title", "mods[].unique",
		"mods[].version", "mods[].where", "mods[].wins", "notes", "order", "problems", "scanMillis", "schError",
		"schExists", "schPath", "undoWhat", "userDir")...)
	if o := jsonOf(t, out)["order"].([]any); len(o) != 9 || o[1] != "1234567890123456789" {
		t.Errorf("loadorder order (ids as strings): %v", o)
	}
	out = mustRun(t, 0, "loadorder", "--dir", lu, "conflicts", "--json")
	pinShape(t, "loadorder conflicts", out, append(conflict, "conflicts", "mods", "mods[].files", "mods[].id",
		"mods[].loses", "mods[].merged", "mods[].lostInPatch", "mods[].overridden", "mods[].place", "mods[].title", "mods[].unique", "mods[].wins", "schPath")...)
}

// `help bogus` is a usage error (exit 2, one line); every usage error is
// one line that points at the help.
func TestHelpAndUsageErrorsOneLine(t *testing.T) {
	_, errs, code := run(t, "help", "bogus")
	if code != ExitUsage || errs != "packsmith help: unknown command \"bogus\" (packsmith help lists them)\n" {
		t.Errorf("help bogus: %d %q", code, errs)
	}
	if out, _, code := run(t, "help", "ls"); code != 0 || !strings.HasPrefix(out, "usage: packsmith ls ARCHIVE") {
		t.Errorf("help ls: %d %q", code, out)
	}
	for _, args := range [][]string{{"extract", demo}, {"ls"}, {"ls", demo, "--bogus"}, {"render", demo}, {"bogus"}, {"cat", demo}, {"--max-memory"}} {
		_, errs, code := run(t, args...)
		if code != ExitUsage || strings.Count(errs, "\n") != 1 || !strings.HasSuffix(errs, "\n") {
			t.Errorf("%v: exit %d, %q: want one line and exit 2", args, code, errs)
		}
	}
}
