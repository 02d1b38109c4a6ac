package app

import (
	"path/filepath"
	"strings"
	"testing"

	"packsmith/backend/workspace/session"
	"packsmith/internal/testfixtures"
)

// LintText runs as the editor pane types (a bound call, no job: it must
// stay well under 100 ms). Two cases: the largest compiled entry of the
// CYBER fixture's .MOD, as its decompiled text, and a unit of 20,000
// properties (ten times the largest unit file in the fixtures). TextView
// and EntryText, which decompile that entry, are measured beside it.
//
// Measured here; in brackets, with the machine busier (a CI run beside it):
//
//	BenchmarkLintText/fixture-largest/lint        1.9 ms (5.2)  CYBER_SKILL_TREE.LAYOUT, 5,087 lines
//	BenchmarkLintText/fixture-largest/text-view   2.7 ms
//	BenchmarkLintText/fixture-largest/entry-text  2.7 ms
//	BenchmarkLintText/20000-properties            5.5 ms (18.9)
func BenchmarkLintText(b *testing.B) {
	b.Run("fixture-largest", func(b *testing.B) {
		dir := testfixtures.Dir(b, "tl2")
		s := testApp(b, &events{}, nil, nil)
		info, err := openNow(s, filepath.Join(dir, "cyber_mod", "EDITORMOD_at_90dcf2a.MOD"), "")
		if err != nil {
			b.Fatal(err)
		}
		entry, text := "", ""
		pg, err := s.List(info.ID, session.Query{Limit: 100000})
		if err != nil {
			b.Fatal(err)
		}
		for _, en := range pg.Entries {
			e := en.Path
			et, err := s.EntryText(info.ID, e)
			if err == nil && et.Compiles && len(et.Text) > len(text) {
				entry, text = e, et.Text
			}
		}
		if entry == "" {
			b.Fatal("no compiled entry")
		}
		b.Logf("%s: %d lines", entry, strings.Count(text, "\n"))
		b.Run("lint", func(b *testing.B) { benchLint(b, s, info.ID, entry, text) })
		// The preview's text view and the editor's text of that entry
		// decompile it: bound calls too.
		b.Run("text-view", func(b *testing.B) {
			for b.Loop() {
				if _, err := s.TextView(info.ID, entry); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("entry-text", func(b *testing.B) {
			for b.Loop() {
				if _, err := s.EntryText(info.ID, entry); err != nil {
					b.Fatal(err)
				}
			}
		})
	})
	b.Run("20000-properties", func(b *testing.B) {
		s, id, _ := demoSession(b, "PACKSMITH_SAMPLE.MOD")
		const sword = "MEDIA/UNITS/ITEMS/SAMPLE/SAMPLE_SWORD.DAT"
		et, err := s.EntryText(id, sword)
		if err != nil {
			b.Fatal(err)
		}
		var extra strings.Builder
		for i := range 20000 {
			extra.WriteString("\t<STRING>NOTE" + strings.Repeat("X", i%7) + ":a note\r\n")
		}
		text := strings.Replace(et.Text, "[/UNIT]", extra.String()+"[/UNIT]", 1)
		if text == et.Text {
			b.Fatal("no [/UNIT] to grow")
		}
		benchLint(b, s, id, sword, text)
	})
}

func benchLint(b *testing.B, s *App, id, entry, text string) {
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		marks, err := s.LintText(id, entry, text)
		if err != nil {
			b.Fatal(err)
		}
		for _, m := range marks {
			if m.Severity == "error" {
				b.Fatalf("%s: %+v", entry, m)
			}
		}
	}
}
