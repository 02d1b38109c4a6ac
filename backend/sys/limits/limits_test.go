package limits

import "testing"

func TestSetMB(t *testing.T) {
	if Bytes() != DefaultMB<<20 {
		t.Fatalf("default %d", Bytes())
	}
	if err := SetMB(2048); err != nil || MB() != 2048 {
		t.Fatalf("SetMB(2048): %v, %d", err, MB())
	}
	if err := SetMB(10); err == nil || MB() != 2048 {
		t.Fatalf("SetMB(10): %v, %d", err, MB())
	}
	if err := SetMB(0); err != nil || MB() != DefaultMB {
		t.Fatalf("SetMB(0): %v, %d", err, MB())
	}
}
