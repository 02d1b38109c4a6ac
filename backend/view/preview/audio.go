package preview

import (
	"bytes"
	"path"
	"strings"
)

// AudioType is the MIME type a browser plays an entry as: sniffed from its
// first bytes (RIFF/WAVE, OggS, ID3 or an MPEG frame sync), the extension
// deciding only between formats the bytes do not tell apart. "" when the
// entry is not audio the window can play.
//
//	WAV  "RIFF" size(4) "WAVE"      audio/wav
//	Ogg  "OggS"                     audio/ogg
//	MP3  "ID3" or 0xFF 0xE0-mask    audio/mpeg (only for a .mp3 name)
func AudioType(name string, head []byte) string {
	switch {
	case len(head) >= 12 && bytes.Equal(head[:4], []byte("RIFF")) && bytes.Equal(head[8:12], []byte("WAVE")):
		return "audio/wav"
	case bytes.HasPrefix(head, []byte("OggS")):
		return "audio/ogg"
	}
	if strings.EqualFold(path.Ext(name), ".mp3") {
		if bytes.HasPrefix(head, []byte("ID3")) || (len(head) >= 2 && head[0] == 0xFF && head[1]&0xE0 == 0xE0) {
			return "audio/mpeg"
		}
	}
	return ""
}
