package unitanim

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"packsmith/internal/testfixtures"
)

func TestMonster(t *testing.T) {
	p := testfixtures.File(t, "tl2/monster", "MEDIA/UNITS/MONSTERS/NETHERIM/NETHERIM_FLYERA/NETHERIM_FLYER.ANIMATION")
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	list, err := Parse(filepath.Base(p), b)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, a := range list {
		got = append(got, a.Name+"="+a.File)
	}
	t.Logf("%v", got)
	a, ok := Find(list, "attack1")
	if !ok {
		t.Fatalf("no Attack1 in %v", got)
	}
	want := Animation{Name: "Attack1", File: "attack1.skeleton", Duration: 1, Events: []Event{
		{Name: "HIT", Frame: 20}, {Name: "ATTACKSOUND", Frame: 16}, {Name: "FOOTSTEP", Frame: 5}, {Name: "FOOTSTEP", Frame: 17.7289}}}
	if !reflect.DeepEqual(*a, want) {
		t.Errorf("Attack1 %+v", *a)
	}
	d, _ := Find(list, "Die1")
	if d == nil || d.Duration != 2 || len(d.Events) < 3 || d.Events[2].Extra["SOUND"] != "FLYERDIEFLAP" {
		t.Errorf("Die1 %+v", d)
	}
}

// TestCompiled: the BINDAT GUTS compiled from HUM_M.ANIMATION lists the
// same animations as the text.
func TestCompiled(t *testing.T) {
	dir := testfixtures.Dir(t, "tl2/xover/MEDIA/MODELS/PCS/HUM_M")
	read := func(n string) []Animation {
		b, err := os.ReadFile(filepath.Join(dir, n))
		if err != nil {
			t.Fatal(err)
		}
		l, err := Parse(n, b)
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	text, bin := read("HUM_M.ANIMATION"), read("HUM_M.ANIMATION.BINDAT")
	if len(text) == 0 || len(text) != len(bin) {
		t.Fatalf("text %d animations, BINDAT %d", len(text), len(bin))
	}
	for i := range text {
		if text[i].Name != bin[i].Name || text[i].File != bin[i].File || len(text[i].Events) != len(bin[i].Events) {
			t.Errorf("%d: text %+v, BINDAT %+v", i, text[i], bin[i])
		}
	}
	t.Logf("%d animations; first %+v", len(text), text[0])
}

func TestBad(t *testing.T) {
	_, err := Parse("x.ANIMATION", []byte("[ANIMATIONS]\n[ANIMATION]\n<FLOAT>DURATION:fast\n[/ANIMATION]\n[/ANIMATIONS]\n"))
	if err == nil || err.Error() != `x.ANIMATION: line 3: DURATION "fast" is not a number` {
		t.Errorf("error %v", err)
	}
}
