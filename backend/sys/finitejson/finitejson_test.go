package finitejson

import (
	"bytes"
	"encoding/json"
	"math"
	"strings"
	"testing"
	"time"
)

type inner struct {
	A     float32 `json:"a"`
	Shade int     `json:"shade,omitempty"`
	Hid   string  `json:"-"`
}

type Embedded struct {
	E    string `json:"e"`
	Name string `json:"name"` // hidden by outer.Name
}

type pointerText struct{ v int }

func (p *pointerText) MarshalText() ([]byte, error) {
	return []byte("pt<" + string(rune('0'+p.v)) + ">"), nil
}

type outer struct {
	Embedded
	Name    string             `json:"name"`
	ID      int64              `json:"id,string"`
	Box     [2][3]float32      `json:"box"`
	Inner   *inner             `json:"inner,omitempty"`
	Nil     *inner             `json:"nil"`
	List    []inner            `json:"list"`
	Empty   []string           `json:"empty,omitempty"`
	Map     map[string]float64 `json:"map"`
	IntMap  map[int]string     `json:"intMap"`
	Raw     json.RawMessage    `json:"raw"`
	When    time.Time          `json:"when"`
	Bytes   []byte             `json:"bytes"`
	Any     any                `json:"any"`
	PT      pointerText        `json:"pt"`
	private int
	Plain   float64
}

func sample() outer {
	return outer{
		Embedded: Embedded{E: "<e&>", Name: "hidden"},
		Name:     "mesh", ID: 1 << 60,
		Box:    [2][3]float32{{0.1, -2, 3e-9}, {1e30, 5, 6}},
		Inner:  &inner{A: 1.5, Hid: "x"},
		List:   []inner{{A: 2}, {A: 3, Shade: 4}},
		Map:    map[string]float64{"z": 1, "a": 2.25},
		IntMap: map[int]string{10: "ten", 2: "two"},
		Raw:    json.RawMessage(`{"k": [1, 2]}`),
		When:   time.Date(2026, 12, 4, 15, 0, 0, 0, time.UTC),
		Bytes:  []byte{1, 2, 3},
		Any:    map[string]any{"n": 1, "s": []any{"a", 2.5}},
		PT:     pointerText{3},
		Plain:  0.3,
	}
}

func encode(t *testing.T, v any) string {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestSameAsEncodingJSON: a value without NaN or ±Inf comes out byte for
// byte as encoding/json writes it, findings none.
func TestSameAsEncodingJSON(t *testing.T) {
	v := sample()
	for _, x := range []any{v, &v, []outer{v, v}, map[string]outer{"k": v}, 3.5, nil, "s"} {
		got, findings := Sanitize(x)
		if len(findings) != 0 {
			t.Fatalf("findings %v", findings)
		}
		if g, w := encode(t, got), encode(t, x); g != w {
			t.Fatalf("got\n%s\nwant\n%s", g, w)
		}
	}
}

// TestNonFiniteBecomeNull: NaN and ±Inf anywhere become null, each named.
func TestNonFiniteBecomeNull(t *testing.T) {
	v := sample()
	v.Box[0][1] = float32(math.NaN())
	v.Box[1][2] = float32(math.Inf(1))
	v.List[1].A = float32(math.Inf(-1))
	v.Map["z"] = math.NaN()
	v.Plain = math.NaN()
	if _, err := json.Marshal(v); err == nil {
		t.Fatal("encoding/json took NaN")
	}
	got, findings := Sanitize(v)
	want := []string{
		"box[0][1] is NaN, written as null",
		"box[1][2] is +Inf, written as null",
		"list[1].a is -Inf, written as null",
		"map.z is NaN, written as null",
		"Plain is NaN, written as null",
	}
	if strings.Join(findings, "\n") != strings.Join(want, "\n") {
		t.Fatalf("findings\n%s\nwant\n%s", strings.Join(findings, "\n"), strings.Join(want, "\n"))
	}
	out := encode(t, got)
	var back map[string]any
	if err := json.Unmarshal([]byte(out), &back); err != nil {
		t.Fatal(err)
	}
	box := back["box"].([]any)
	if box[0].([]any)[1] != nil || box[1].([]any)[2] != nil || box[0].([]any)[0] != 0.1 {
		t.Fatalf("box %v", box)
	}
	if back["Plain"] != nil || back["map"].(map[string]any)["z"] != nil || back["map"].(map[string]any)["a"] != 2.25 {
		t.Fatalf("%s", out)
	}
	// Everything else as encoding/json writes it: put the finite values
	// back and compare.
	clean := sample()
	clean.Box[0][1], clean.Box[1][2], clean.List[1].A, clean.Map["z"], clean.Plain = 0, 0, 0, 0, 0
	w := strings.NewReplacer(`"Plain": 0`, `"Plain": null`, `"z": 0`, `"z": null`).Replace(encode(t, clean))
	w = strings.Replace(w, "0.1,\n      0,", "0.1,\n      null,", 1)
	w = strings.Replace(w, "5,\n      0\n", "5,\n      null\n", 1)
	w = strings.Replace(w, `"a": 0,`, `"a": null,`, 1)
	if out != w {
		t.Fatalf("got\n%s\nwant\n%s", out, w)
	}
}
