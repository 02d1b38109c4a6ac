package preview

import (
	"encoding/json"
	"testing"
)

type fields struct {
	A string `json:"a"`
	N *int   `json:"n,omitempty"`
}

func (*fields) Shadowed() bool { return false }
func (*fields) From() string   { return "" }

// The preview's extra is one JSON object: the family's fields, with the
// window's pending note among them, as the front end reads desc.extra.
func TestExtraJSONIsOneObject(t *testing.T) {
	one := 1
	for _, c := range []struct {
		x    Extra
		want string
	}{
		{Extra{Entry: &fields{A: "x", N: &one}}, `{"a":"x","n":1}`},
		{Extra{Entry: &fields{A: "x"}, Pending: "pending replace"}, `{"a":"x","pending":"pending replace"}`},
		{Extra{Pending: "pending add"}, `{"pending":"pending add"}`},
		{Extra{}, `{}`},
	} {
		b, err := json.Marshal(Description{Path: "p", Extra: &c.x})
		if err != nil {
			t.Fatal(err)
		}
		var got struct{ Extra json.RawMessage }
		if err := json.Unmarshal(b, &got); err != nil || string(got.Extra) != c.want {
			t.Errorf("extra %s, want %s (%v)", got.Extra, c.want, err)
		}
	}
}
