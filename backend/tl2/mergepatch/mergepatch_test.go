package mergepatch

import (
	"context"
	"errors"
	"reflect"
	"testing"
)

func TestDescriptionRoundTrip(t *testing.T) {
	srcs := []Source{{ID: -5, Title: "A | b", Hash: "0123456789abcdef"}, {ID: 7, Title: "B", Hash: "fedcba9876543210"}}
	got, ok := Recorded(Description(srcs))
	want := []Source{{ID: -5, Hash: "0123456789abcdef"}, {ID: 7, Hash: "fedcba9876543210"}}
	if !ok || !reflect.DeepEqual(got, want) {
		t.Fatalf("Recorded(%q) = %+v %v", Description(srcs), got, ok)
	}
	if _, ok := Recorded("a mod of its own"); ok {
		t.Error("a foreign description read as a patch's")
	}
}

func TestNoBase(t *testing.T) {
	if _, err := Build(context.Background(), Options{UserDir: t.TempDir()}); !errors.Is(err, ErrNoBase) {
		t.Fatalf("err %v, want ErrNoBase", err)
	}
}
