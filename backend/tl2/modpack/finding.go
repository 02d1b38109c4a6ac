package modpack

import (
	"fmt"
	"sort"
	"strings"
)

// Severity of a finding.
type Severity string

const (
	SevError   Severity = "error"   // the pack fails, or the game will misbehave
	SevWarning Severity = "warning" // packed, but something will hurt in game
	SevInfo    Severity = "info"    // what the packer did, for the record
)

// Finding is one message about the mod, naming the file (slash path
// relative to the mod folder, as on disk: "MEDIA/UNITS/X.DAT") and, where
// known, the line.
type Finding struct {
	Severity Severity `json:"severity"`
	Stage    Stage    `json:"stage"`
	File     string   `json:"file,omitempty"`
	Line     int      `json:"line,omitempty"`
	Message  string   `json:"message"`
}

// String is "file:line: message" (file and line when known).
func (f Finding) String() string {
	var b strings.Builder
	if f.File != "" {
		b.WriteString(f.File)
		if f.Line > 0 {
			fmt.Fprintf(&b, ":%d", f.Line)
		}
		b.WriteString(": ")
	}
	b.WriteString(f.Message)
	return b.String()
}

var sevRank = map[Severity]int{SevError: 0, SevWarning: 1, SevInfo: 2}

// sortFindings orders by severity, then file and line, keeping the order of
// equal ones.
func sortFindings(fs []Finding) {
	sort.SliceStable(fs, func(i, j int) bool {
		a, b := fs[i], fs[j]
		if sevRank[a.Severity] != sevRank[b.Severity] {
			return sevRank[a.Severity] < sevRank[b.Severity]
		}
		if a.File != b.File {
			return a.File < b.File
		}
		return a.Line < b.Line
	})
}

// Count returns how many findings have the severity.
func Count(fs []Finding, sev Severity) int {
	n := 0
	for _, f := range fs {
		if f.Severity == sev {
			n++
		}
	}
	return n
}

// PackError is returned when the mod cannot be packed because of problems
// in its files; Findings holds every one of them (errors first).
type PackError struct {
	Findings []Finding
}

func (e *PackError) Error() string {
	var errs []string
	for _, f := range e.Findings {
		if f.Severity == SevError {
			errs = append(errs, f.String())
		}
	}
	switch len(errs) {
	case 0:
		return "modpack: the mod cannot be packed"
	case 1:
		return errs[0]
	}
	more := ""
	if len(errs) > 3 {
		more = fmt.Sprintf("; and %d more", len(errs)-3)
	}
	n := len(errs)
	if len(errs) > 3 {
		errs = errs[:3]
	}
	return fmt.Sprintf("%d errors: %s%s", n, strings.Join(errs, "; "), more)
}

// notSaidBefore drops the RAW stage's findings about a line the compile
// stage already has a finding for: both read the same value (a number such
// as "339886767DIE31069"), and a modder should read about it once.
func notSaidBefore(said, raws []Finding) []Finding {
	type at struct {
		file string
		line int
	}
	seen := make(map[at]bool)
	for _, f := range said {
		if f.Line > 0 && f.Stage == StageCompile {
			seen[at{f.File, f.Line}] = true
		}
	}
	out := raws[:0:0]
	for _, f := range raws {
		if f.Line > 0 && seen[at{f.File, f.Line}] {
			continue
		}
		out = append(out, f)
	}
	return out
}
