package modpack

import (
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"packsmith/backend/sys/safefile"
	"packsmith/backend/workspace/backups"
	"packsmith/formats/tl2/dattext"
	"packsmith/formats/tl2/mod"
)

// ModDat is a mod folder's MOD.DAT: the fields GUTS copies into the .MOD
// header, and the output file name.
type ModDat struct {
	Path        string `json:"path"` // the file read
	Name        string `json:"name"`
	Author      string `json:"author"`
	Description string `json:"description"`
	Website     string `json:"website"`
	DownloadURL string `json:"downloadUrl"`
	// ModID is the activation key; HasModID is false when MOD.DAT has none
	// (absent, 0, or GUTS's new-mod placeholder -1).
	ModID    int64            `json:"modId,string"`
	HasModID bool             `json:"hasModId"`
	Version  uint16           `json:"version"`
	Required []mod.Dependency `json:"required"`
	Remove   []string         `json:"remove"`
	// FileName is MOD_FILE_NAME as written ("" when absent).
	FileName string `json:"fileName"`
	// Findings are lint messages about MOD.DAT itself.
	Findings []Finding `json:"findings"`
}

const modDatName = "MOD.DAT"

// findModDat returns the MOD.DAT of dir, matching the name in any case
// (xover's is "mod.dat").
func findModDat(dir string) (string, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return "", err
	}
	for _, e := range ents {
		if strings.EqualFold(e.Name(), modDatName) && e.Type().IsRegular() {
			return filepath.Join(dir, e.Name()), nil
		}
	}
	return "", fmt.Errorf("%s: no MOD.DAT in the mod folder (a mod folder holds MOD.DAT and MEDIA/)", dir)
}

// ReadModDat reads and checks MOD.DAT in the mod folder dir.
func ReadModDat(dir string) (*ModDat, error) {
	p, err := findModDat(dir)
	if err != nil {
		return nil, err
	}
	b, err := os.ReadFile(p)
	if err != nil {
		return nil, err
	}
	return ParseModDat(p, b)
}

// ParseModDat parses MOD.DAT text:
//
//	[MOD]
//		<STRING>NAME:…   AUTHOR, DESCRIPTION, WEBSITE, DOWNLOAD_URL, MOD_FILE_NAME
//		<INTEGER64>MOD_ID:…
//		<INTEGER>VERSION:…
//		[REQUIRED_MODS]
//			<INTEGER64>ID:…        one per dependency; a NAME or VERSION line after
//			                       an ID belongs to it (or one [MOD] section per
//			                       dependency holding ID, NAME, VERSION)
//		[/REQUIRED_MODS]
//		[REMOVE_FILES]
//			<STRING>FILE:MEDIA/…   one per file the mod removes
//		[/REMOVE_FILES]
//	[/MOD]
//
// Keys are matched in any case (a lower-case one is reported); errors name
// the file and line.
func ParseModDat(file string, src []byte) (*ModDat, error) {
	root, err := dattext.Parse(file, src)
	if err != nil {
		return nil, err
	}
	md := &ModDat{Path: file, Required: []mod.Dependency{}, Remove: []string{}, Findings: []Finding{}}
	disp := filepath.Base(file)
	lint := func(line int, format string, a ...any) {
		md.Findings = append(md.Findings, Finding{Severity: SevWarning, Stage: StageRead, File: disp, Line: line, Message: fmt.Sprintf(format, a...)})
	}
	bad := func(line int, format string, a ...any) error {
		return &dattext.Error{File: file, Line: line, Msg: fmt.Sprintf(format, a...)}
	}
	if !strings.EqualFold(root.Name, "MOD") {
		return nil, bad(root.Line, "the root section is [%s]; MOD.DAT holds one [MOD] section", root.Name)
	}
	if root.Name != "MOD" {
		lint(root.Line, "section [%s] is not upper case; GUTS writes [MOD]", root.Name)
	}
	for _, p := range root.Props {
		key := strings.ToUpper(p.Key)
		if key != p.Key {
			lint(p.Line, "key %q is not upper case; GUTS writes %s", p.Key, key)
		}
		switch key {
		case "NAME":
			md.Name = p.Value
		case "AUTHOR":
			md.Author = p.Value
		case "DESCRIPTION":
			md.Description = p.Value
		case "WEBSITE":
			md.Website = p.Value
		case "DOWNLOAD_URL":
			md.DownloadURL = p.Value
		case "MOD_FILE_NAME":
			md.FileName = strings.TrimSpace(p.Value)
		case "MOD_ID":
			id, err := parseInt64(p.Value)
			if err != nil {
				return nil, bad(p.Line, "MOD_ID %q is not a 64-bit integer", p.Value)
			}
			md.ModID, md.HasModID = id, id != 0 && id != -1
		case "VERSION":
			v, err := strconv.ParseInt(strings.TrimSpace(p.Value), 10, 64)
			if err != nil || v < 0 || v > 0xFFFF {
				return nil, bad(p.Line, "VERSION %q is not a number from 0 to 65535", p.Value)
			}
			md.Version = uint16(v)
		case "STEAM_PREVIEW_FILE", "STEAM_TAGS", "STEAM_CHANGE_DESCRIPTION", "LONG_DESCRIPTION":
			// Steam Workshop fields: not part of the .MOD header.
		default:
			lint(p.Line, "unknown MOD.DAT key %s (not packed)", p.Key)
		}
	}
	for _, c := range root.Children {
		switch strings.ToUpper(c.Name) {
		case "REQUIRED_MODS":
			deps, err := parseRequired(file, c)
			if err != nil {
				return nil, err
			}
			md.Required = append(md.Required, deps...)
		case "REMOVE_FILES":
			for _, p := range c.Props {
				if !strings.EqualFold(p.Key, "FILE") {
					lint(p.Line, "[REMOVE_FILES] holds <STRING>FILE: lines; %s is ignored", p.Key)
					continue
				}
				if v := strings.TrimSpace(p.Value); v != "" {
					md.Remove = append(md.Remove, v)
				}
			}
		default:
			lint(c.Line, "unknown MOD.DAT section [%s] (not packed)", c.Name)
		}
	}
	if len(md.Required) > 0xFFFF || len(md.Remove) > 0xFFFF {
		return nil, bad(root.Line, "too many REQUIRED_MODS or REMOVE_FILES entries for the .MOD header (at most 65535)")
	}
	return md, nil
}

func parseRequired(file string, sec *dattext.Node) ([]mod.Dependency, error) {
	var deps []mod.Dependency
	// apply reads one list of props: an ID starts a dependency unless the
	// current one (from NAME/VERSION lines before it) has none yet.
	apply := func(props []dattext.Prop) error {
		for _, p := range props {
			key := strings.ToUpper(p.Key)
			if key != "ID" && key != "MOD_ID" && key != "NAME" && key != "VERSION" {
				continue
			}
			if len(deps) == 0 || (key == "ID" || key == "MOD_ID") && deps[len(deps)-1].ID != 0 {
				deps = append(deps, mod.Dependency{})
			}
			d := &deps[len(deps)-1]
			switch key {
			case "ID", "MOD_ID":
				id, err := parseInt64(p.Value)
				if err != nil {
					return &dattext.Error{File: file, Line: p.Line, Msg: fmt.Sprintf("required mod ID %q is not a 64-bit integer", p.Value)}
				}
				d.ID = id
			case "NAME":
				d.Name = p.Value
			case "VERSION":
				v, err := strconv.ParseUint(strings.TrimSpace(p.Value), 10, 16)
				if err != nil {
					return &dattext.Error{File: file, Line: p.Line, Msg: fmt.Sprintf("required mod VERSION %q is not a number from 0 to 65535", p.Value)}
				}
				d.Version = uint16(v)
			}
		}
		return nil
	}
	if err := apply(sec.Props); err != nil {
		return nil, err
	}
	for _, c := range sec.Children {
		deps = append(deps, mod.Dependency{})
		if err := apply(c.Props); err != nil {
			return nil, err
		}
	}
	out := []mod.Dependency{}
	for _, d := range deps {
		if d.ID != 0 {
			out = append(out, d)
		}
	}
	return out, nil
}

// parseInt64 reads a signed decimal, or an unsigned one above MaxInt64 as
// its two's complement (how some tools print mod ids).
func parseInt64(s string) (int64, error) {
	s = strings.TrimSpace(s)
	if v, err := strconv.ParseInt(s, 10, 64); err == nil {
		return v, nil
	}
	u, err := strconv.ParseUint(s, 10, 64)
	return int64(u), err
}

// NewModID makes a fresh mod id the way TL2Lib does: MurmurHash64B of 16
// random bytes, never 0 or -1.
func NewModID() int64 {
	for {
		var g [16]byte
		if _, err := rand.Read(g[:]); err != nil {
			// crypto/rand does not fail on supported systems; fall back anyway.
			binary.LittleEndian.PutUint64(g[:], uint64(os.Getpid()))
		}
		id := int64(mod.MurmurHash64B32(g[:], 0))
		if id != 0 && id != -1 {
			return id
		}
	}
}

// WriteModID sets MOD_ID in the mod folder's MOD.DAT, keeping every other
// line, its comments and its encoding, byte for byte; the old file is
// first copied to the backups (backend/workspace/backups). It returns the backup's
// path.
func WriteModID(dir string, id int64) (string, error) {
	p, err := findModDat(dir)
	if err != nil {
		return "", err
	}
	src, err := os.ReadFile(p)
	if err != nil {
		return "", err
	}
	text, enc, err := dattext.Decode(p, src)
	if err != nil {
		return "", err
	}
	root, err := dattext.ParseText(p, text)
	if err != nil {
		return "", err
	}
	nl := "\r\n"
	if !strings.Contains(text, "\r\n") && strings.Contains(text, "\n") {
		nl = "\n"
	}
	lines := splitLines(text)
	val := strconv.FormatInt(id, 10)
	done := false
	for _, pr := range root.Props {
		if strings.EqualFold(pr.Key, "MOD_ID") && pr.Line > 0 && pr.Line <= len(lines) {
			l := lines[pr.Line-1]
			i := strings.Index(l, ":")
			if i < 0 {
				return "", &dattext.Error{File: p, Line: pr.Line, Msg: "MOD_ID line without ':'"}
			}
			body, eol := trimEOL(l)
			lines[pr.Line-1] = body[:i+1] + val + eol
			done = true
			break
		}
	}
	if !done {
		if root.Line < 1 || root.Line > len(lines) {
			return "", &dattext.Error{File: p, Line: root.Line, Msg: "cannot find the [MOD] line"}
		}
		ins := "\t<INTEGER64>MOD_ID:" + val + nl
		if _, eol := trimEOL(lines[root.Line-1]); eol == "" {
			lines[root.Line-1] += nl
		}
		lines = append(lines[:root.Line], append([]string{ins}, lines[root.Line:]...)...)
	}
	out := strings.Join(lines, "")
	// Check before touching the file.
	md, err := ParseModDat(p, dattext.EncodeText(out, enc))
	if err != nil {
		return "", fmt.Errorf("modpack: MOD.DAT would not parse after setting MOD_ID: %w", err)
	}
	if md.ModID != id {
		return "", errors.New("modpack: MOD_ID did not take in MOD.DAT")
	}
	e, err := backups.Default().Copy(p, backups.Options{Kind: backups.KindModDat, Why: "before its MOD_ID was written"})
	if err != nil || e == nil {
		return "", fmt.Errorf("modpack: backing up %s: %v", p, err)
	}
	if err := safefile.WriteFile(p, dattext.EncodeText(out, enc)); err != nil {
		return e.Path, err
	}
	return e.Path, nil
}

// splitLines splits after each line end (CRLF, LF or CR), keeping it.
func splitLines(s string) []string {
	var out []string
	for len(s) > 0 {
		i := strings.IndexAny(s, "\r\n")
		if i < 0 {
			out = append(out, s)
			break
		}
		j := i + 1
		if s[i] == '\r' && j < len(s) && s[j] == '\n' {
			j++
		}
		out = append(out, s[:j])
		s = s[j:]
	}
	return out
}

func trimEOL(l string) (string, string) {
	body := strings.TrimRight(l, "\r\n")
	return body, l[len(body):]
}
