package bindat

import (
	"math"
	"strings"
	"testing"
)

// TestCNumberValues: values that are not numbers as a whole compile to the
// leading number read the C way, each reported; Strict refuses them.
func TestCNumberValues(t *testing.T) {
	cases := []struct {
		typ, text, want string
	}{
		// The shapes from the GUTS-built mod of issue 11.
		{"INTEGER64", "339886767DIE31069", "339886767"},
		{"INTEGER64", "-8DIE5862694407086", "-8"},
		{"INTEGER", "339886767DIE31069", "339886767"},
		{"UNSIGNED INT", "-8DIE5862694407086", "4294967288"},
		{"INTEGER", "12abc", "12"},
		{"INTEGER", "1.5", "1"},
		{"INTEGER", "3000000000", "2147483647"},
		{"INTEGER", "-3000000000", "-2147483648"},
		{"INTEGER", "abc", "0"},
		{"INTEGER", "", "0"},
		{"INTEGER64", "99999999999999999999", "9223372036854775807"},
		{"INTEGER64", "-99999999999999999999", "-9223372036854775808"},
		{"UNSIGNED INT", "-1x", "4294967295"},
		{"UNSIGNED INT", "5000000000", "4294967295"},
		{"UNSIGNED INT", "7 days", "7"},
		{"FLOAT", "1.5f", "1.5"},
		{"FLOAT", "0.25.", "0.25"},
		{"FLOAT", "abc", "0"},
		{"FLOAT", "1e", "1"},
		{"DOUBLE", "2.5x", "2.5"},
		{"BOOL", "1yes", "true"},
		{"BOOL", "yes", "false"},
		{"BOOL", "TRUEX", "false"},
		{"BOOL", "2 ", "2"},
	}
	for _, c := range cases {
		src := "[A]\n<" + c.typ + ">K:" + c.text + "\n[/A]\n"
		var fixes []NumberFix
		b, err := CompileText("N.DAT", []byte(src), &Options{Fixed: func(f NumberFix) { fixes = append(fixes, f) }})
		if err != nil {
			t.Errorf("%s %q: %v", c.typ, c.text, err)
			continue
		}
		d, err := Decompile("N.DAT", b, nil)
		if err != nil {
			t.Fatal(err)
		}
		got := d.Root.Props[0].Value
		if got != c.want {
			t.Errorf("%s %q packed as %q, want %q", c.typ, c.text, got, c.want)
		}
		if strings.TrimSpace(c.text) == c.want {
			continue // a whole number ("2 ") needs no fix
		}
		if len(fixes) != 1 || fixes[0].Line != 2 || fixes[0].Text != c.text || fixes[0].Value != c.want || fixes[0].Key != "K" {
			t.Errorf("%s %q: fixes %+v", c.typ, c.text, fixes)
			continue
		}
		msg := fixes[0].Message()
		if !strings.Contains(msg, `"`+c.text+`"`) || !strings.Contains(msg, "packed as "+c.want) || !strings.Contains(msg, "inference") {
			t.Errorf("message %q", msg)
		}
		_, err = CompileText("N.DAT", []byte(src), &Options{Strict: true})
		if err == nil || !strings.HasPrefix(err.Error(), "N.DAT:2: K: ") || !strings.Contains(err.Error(), "as "+c.want+";") {
			t.Errorf("strict %s %q: %v", c.typ, c.text, err)
		}
	}
}

// Whole numbers keep the strict reader's meaning: no fix, same bits.
func TestCNumberKeepsWholeNumbers(t *testing.T) {
	for _, c := range []struct{ typ, text string }{
		// (INTEGER64 18446744073709551615 and FLOAT 1.#INF were here: they
		// wrapped to -1 and packed +Inf unsaid; issue 30 made them fixes,
		// TestValuesThatAreNotWhatTheySay; UNSIGNED INT -1, packed as
		// 4294967295 unsaid, is one since issue 44: TestUnsignedNegativeWarned.)
		{"INTEGER64", "9223372036854775807"}, {"UNSIGNED INT", "4294967295"}, {"FLOAT", "3.4028235e38"}, {"BOOL", "True"}, {"INTEGER", " 5 "},
	} {
		n := 0
		_, err := CompileText("W.DAT", []byte("[A]\n<"+c.typ+">K:"+c.text+"\n[/A]"), &Options{Strict: true, Fixed: func(NumberFix) { n++ }})
		if err != nil || n != 0 {
			t.Errorf("%s %q: %v, %d fixes", c.typ, c.text, err, n)
		}
	}
	if b, ok := CNumber(Float, "1e999"); !ok || math.Float32frombits(uint32(b)) != float32(math.Inf(1)) {
		t.Errorf("FLOAT 1e999 = %x", b)
	}
	if _, ok := CNumber(String, "1"); ok {
		t.Error("STRING is numeric")
	}
}

// Issue 30: values read whole but not as written — past the type's bounds
// (saturated, as the C runtime reads them, where INTEGER64 used to wrap),
// infinite, NaN, or nonzero text read as 0 — are each a fix with its
// reason, and Strict refuses each.
func TestValuesThatAreNotWhatTheySay(t *testing.T) {
	for _, c := range []struct{ typ, text, want, why string }{
		{"INTEGER64", "9223372036854775808", "9223372036854775807", WhyRange},
		{"INTEGER64", "18446744073709551615", "9223372036854775807", WhyRange},
		{"INTEGER64", "-9223372036854775809", "-9223372036854775808", WhyRange},
		{"INTEGER", "99999999999999999999", "2147483647", WhyRange},
		{"UNSIGNED INT", "4294967296", "4294967295", WhyRange},
		{"INTEGER", "1e9", "1", ""},
		{"FLOAT", "1e400", "+Inf", WhyInfinite},
		{"FLOAT", "1e39", "+Inf", WhyInfinite}, // finite as a double, not as a float
		{"FLOAT", "1.#INF", "+Inf", WhyInfinite},
		{"DOUBLE", "-1e400", "-Inf", WhyInfinite},
		{"FLOAT", "NaN", "", WhyNaN},
		{"DOUBLE", "1.#QNAN", "", WhyNaN},
		{"FLOAT", "1e-50", "0", WhyUnderflow},
		{"DOUBLE", "0.5e-400", "0", WhyUnderflow},
	} {
		src := "[A]\n<" + c.typ + ">K:" + c.text + "\n[/A]\n"
		var fixes []NumberFix
		b, err := CompileText("N.DAT", []byte(src), &Options{Fixed: func(f NumberFix) { fixes = append(fixes, f) }})
		if err != nil {
			t.Errorf("%s %q: %v", c.typ, c.text, err)
			continue
		}
		if len(fixes) != 1 || fixes[0].Why != c.why || fixes[0].Line != 2 {
			t.Errorf("%s %q: fixes %+v, want one, why %q", c.typ, c.text, fixes, c.why)
			continue
		}
		d, err := Decompile("N.DAT", b, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := d.Root.Props[0].Value; c.want != "" && got != c.want {
			t.Errorf("%s %q packed as %q, want %q", c.typ, c.text, got, c.want)
		}
		msg := fixes[0].Message()
		if !strings.Contains(msg, `"`+c.text+`"`) || !strings.Contains(msg, "packed as "+fixes[0].Value) || (c.why != "" && !strings.Contains(msg, c.why)) {
			t.Errorf("message %q", msg)
		}
		if _, err := CompileText("N.DAT", []byte(src), &Options{Strict: true}); err == nil || !strings.HasPrefix(err.Error(), "N.DAT:2: K: ") {
			t.Errorf("strict %s %q: %v", c.typ, c.text, err)
		}
	}
}
