package raw

import (
	"encoding/binary"
	"strings"
	"testing"
	"unicode/utf16"
)

// Issue 30: a lone UTF-16 surrogate in a RAW table (a UTF-16 file, as
// decompile -o writes it) is stored as one U+FFFD and said at its line;
// it was three U+FFFD, silently.
func TestLoneSurrogateIsSaid(t *testing.T) {
	text := "SKILLS.RAW: 1 records\r\n\r\nNAME  FILE  UNIQUE_GUID\r\nA\x00B  MEDIA/SKILLS/S.DAT  7\r\n"
	src := []byte{0xFF, 0xFE}
	for _, u := range utf16.Encode([]rune(text)) {
		if u == 0 {
			u = 0xD800 // utf16.Encode cannot make a lone surrogate: put it in by hand
		}
		src = binary.LittleEndian.AppendUint16(src, u)
	}
	f, warns, err := ParseText(Skills, "SKILLS.RAW.txt", src)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Skills) != 1 || f.Skills[0].Name != "A\uFFFDB" || f.Skills[0].GUID != 7 {
		t.Fatalf("%+v", f.Skills)
	}
	if len(warns) != 1 || warns[0].Line != 4 || !strings.Contains(warns[0].Msg, "U+D800") || !strings.Contains(warns[0].Msg, "U+FFFD") {
		t.Fatalf("warnings %+v", warns)
	}
}
