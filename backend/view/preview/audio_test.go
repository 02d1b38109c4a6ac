package preview

import "testing"

func TestAudioType(t *testing.T) {
	wav := []byte("RIFF\x24\x00\x00\x00WAVEfmt ")
	cases := []struct {
		name string
		head []byte
		want string
	}{
		{"a.wav", wav, "audio/wav"},
		{"noext", wav, "audio/wav"},
		{"a.ogg", []byte("OggS\x00\x02"), "audio/ogg"},
		{"a.mp3", []byte("ID3\x04\x00"), "audio/mpeg"},
		{"a.mp3", []byte{0xFF, 0xFB, 0x90, 0x00}, "audio/mpeg"},
		{"a.bin", []byte{0xFF, 0xFB, 0x90, 0x00}, ""}, // frame sync alone is too weak
		{"a.wav", []byte("RIFF\x24\x00\x00\x00AVI "), ""},
		{"a.wav", []byte("RIFF"), ""}, // too short to tell
		{"a.ogg", nil, ""},
	}
	for _, c := range cases {
		if got := AudioType(c.name, c.head); got != c.want {
			t.Errorf("AudioType(%q, %q) = %q, want %q", c.name, c.head, got, c.want)
		}
	}
}
