package diff

import (
	"math/rand"
	"strings"
	"testing"
)

// check applies an edit script: the "=" and "-" lines must give a back,
// "=" and "+" lines b, with their line numbers.
func check(t *testing.T, a, b []string, script []Line) {
	t.Helper()
	var ga, gb []string
	for _, l := range script {
		if l.Op != "+" {
			if l.A != len(ga)+1 {
				t.Fatalf("line A %d out of order (want %d)", l.A, len(ga)+1)
			}
			ga = append(ga, l.Text)
		}
		if l.Op != "-" {
			if l.B != len(gb)+1 {
				t.Fatalf("line B %d out of order (want %d)", l.B, len(gb)+1)
			}
			gb = append(gb, l.Text)
		}
		if l.Op == "=" && a[l.A-1] != b[l.B-1] {
			t.Fatalf("equal line %d/%d differs", l.A, l.B)
		}
	}
	if strings.Join(ga, "\n") != strings.Join(a, "\n") || strings.Join(gb, "\n") != strings.Join(b, "\n") {
		t.Fatalf("script does not rebuild the texts")
	}
}

// lcs is the longest common subsequence's length, the slow way.
func lcs(a, b []string) int {
	dp := make([][]int, len(a)+1)
	for i := range dp {
		dp[i] = make([]int, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				dp[i][j] = dp[i+1][j+1] + 1
			} else {
				dp[i][j] = max(dp[i+1][j], dp[i][j+1])
			}
		}
	}
	return dp[0][0]
}

// The script is minimal: its equal lines are a longest common subsequence.
func TestScriptMinimal(t *testing.T) {
	rng := rand.New(rand.NewSource(14))
	for n := 0; n < 500; n++ {
		gen := func() []string {
			s := make([]string, rng.Intn(30))
			for i := range s {
				s[i] = string(rune('a' + rng.Intn(4)))
			}
			return s
		}
		a, b := gen(), gen()
		script, approx := Script(a, b)
		check(t, a, b, script)
		eq := 0
		for _, l := range script {
			if l.Op == "=" {
				eq++
			}
		}
		if approx || eq != lcs(a, b) {
			t.Fatalf("%q → %q: %d equal lines, LCS %d", a, b, eq, lcs(a, b))
		}
	}
}

func TestScriptTooFarApart(t *testing.T) {
	var a, b []string
	for i := 0; i < MaxEdits+10; i++ {
		a = append(a, "a"+string(rune(i)))
		b = append(b, "b"+string(rune(i)))
	}
	script, approx := Script(a, b)
	if !approx || len(script) != len(a)+len(b) {
		t.Fatalf("approx %v, %d lines", approx, len(script))
	}
	check(t, a, b, script)
}

func TestHunksMergeNearChanges(t *testing.T) {
	a := SplitLines("1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n16\n17\n18\n19\n20\n")
	b := append([]string(nil), a...)
	b[1], b[7], b[18] = "two", "eight", "nineteen" // 2 and 8 are 5 apart: one hunk; 19 another
	script, _ := Script(a, b)
	h := Hunks(script, 3)
	if len(h) != 2 || h[0].A != 1 || h[0].LenA != 11 || h[1].A != 16 || h[1].LenA != 5 {
		t.Fatalf("%+v", h)
	}
	if got := Hunks(scriptOnly(a, a), 3); len(got) != 0 {
		t.Fatalf("same texts gave %d hunks", len(got))
	}
}

func scriptOnly(a, b []string) []Line { s, _ := Script(a, b); return s }

func FuzzScript(f *testing.F) {
	f.Add("a\nb\nc", "a\nc\nd")
	f.Add("", "x")
	f.Add("[UNIT]\r\n<INTEGER>LEVEL:10\r\n[/UNIT]", "[UNIT]\r\n<INTEGER>LEVEL:12\r\n[/UNIT]")
	f.Fuzz(func(t *testing.T, x, y string) {
		a, b := SplitLines(x), SplitLines(y)
		script, _ := Script(a, b)
		check(t, a, b, script)
		Hunks(script, 3)
	})
}
