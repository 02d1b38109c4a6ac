package settings

import (
	"fmt"
	"testing"
)

func TestStoreRoundTrip(t *testing.T) {
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	st := Load()
	if st.Get().Theme != "dark" {
		t.Fatal("default theme is not dark")
	}
	if err := st.Update(func(s *Settings) { s.Recent = PushRecent(s.Recent, `C:\Games\A.MOD`) }); err != nil {
		t.Fatal(err)
	}
	if got := Load().Get().Recent; len(got) != 1 || got[0] != `C:\Games\A.MOD` {
		t.Fatalf("reloaded %v", got)
	}
}

func TestPushRecent(t *testing.T) {
	var l []string
	for i := 0; i < 20; i++ {
		l = PushRecent(l, fmt.Sprintf("f%d", i))
	}
	l = PushRecent(l, "F15")
	if len(l) != MaxRecent || l[0] != "F15" || l[1] != "f19" {
		t.Fatalf("%v", l)
	}
	for _, p := range l[1:] {
		if p == "f15" {
			t.Fatal("duplicate kept")
		}
	}
}
