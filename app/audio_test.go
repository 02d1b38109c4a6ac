package app

import (
	"archive/zip"
	"encoding/binary"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"testing"
)

// pcmWAV is a valid 16-bit mono PCM WAV of n samples at rate Hz.
func pcmWAV(rate, n int) []byte {
	data := make([]byte, 2*n)
	for i := range n {
		binary.LittleEndian.PutUint16(data[2*i:], uint16(int16((i%64)*512-16384)))
	}
	h := make([]byte, 44)
	copy(h, "RIFF")
	binary.LittleEndian.PutUint32(h[4:], uint32(36+len(data)))
	copy(h[8:], "WAVEfmt ")
	binary.LittleEndian.PutUint32(h[16:], 16)
	binary.LittleEndian.PutUint16(h[20:], 1) // PCM
	binary.LittleEndian.PutUint16(h[22:], 1) // mono
	binary.LittleEndian.PutUint32(h[24:], uint32(rate))
	binary.LittleEndian.PutUint32(h[28:], uint32(rate*2))
	binary.LittleEndian.PutUint16(h[32:], 2)
	binary.LittleEndian.PutUint16(h[34:], 16)
	copy(h[36:], "data")
	binary.LittleEndian.PutUint32(h[40:], uint32(len(data)))
	return append(h, data...)
}

func TestAudioAPI(t *testing.T) {
	s, _, _ := newService(t)
	wav := pcmWAV(8000, 4000)
	p := filepath.Join(t.TempDir(), "sound.zip")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(f)
	for name, b := range map[string][]byte{"media/sound/beep.wav": wav, "media/sound/fake.wav": []byte("not a wave at all")} {
		w, _ := zw.Create(name)
		w.Write(b)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	info, err := openNow(s, p, "")
	if err != nil {
		t.Fatal(err)
	}
	d, err := s.Describe(info.ID, "media/sound/beep.wav")
	if err != nil || len(d.Views) == 0 || d.Views[0] != "audio" {
		t.Fatalf("describe: %v %v", d.Views, err)
	}
	if d, _ := s.Describe(info.ID, "media/sound/fake.wav"); len(d.Views) > 0 && d.Views[0] == "audio" {
		t.Fatalf("a .wav that is not RIFF/WAVE got the audio view: %v", d.Views)
	}
	h := s.APIHandler()
	rec := get(t, h, "/api/audio", url.Values{"s": {info.ID}, "p": {"media/sound/beep.wav"}})
	if rec.Code != 200 || rec.Header().Get("Content-Type") != "audio/wav" || rec.Body.String() != string(wav) {
		t.Fatalf("audio: %d %q %d bytes", rec.Code, rec.Header().Get("Content-Type"), rec.Body.Len())
	}
	// The browser seeks with Range requests.
	req := httptest.NewRequest("GET", "/api/audio?"+url.Values{"s": {info.ID}, "p": {"media/sound/beep.wav"}}.Encode(), nil)
	req.Header.Set("Range", "bytes=44-47")
	rr := httptest.NewRecorder()
	h.ServeHTTP(rr, req)
	if rr.Code != 206 || rr.Body.String() != string(wav[44:48]) {
		t.Fatalf("range: %d %q", rr.Code, rr.Body.Bytes())
	}
	rec = get(t, h, "/api/audio", url.Values{"s": {info.ID}, "p": {"media/sound/fake.wav"}})
	if rec.Code != 415 || rec.Body.String() != "media/sound/fake.wav: not audio the window can play (WAV, Ogg or MP3)\n" {
		t.Fatalf("not audio: %d %q", rec.Code, rec.Body.String())
	}
}
