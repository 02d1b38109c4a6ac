package main

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"

	"packsmith/formats/cp949"
	"packsmith/formats/iop"
)

// LockedPassword opens locked.iop, a pack whose password is none of the
// published region passwords (the window asks for it).
const LockedPassword = "packsmith-demo"

// koreaPassword is the Korea pack password (published in the client sources).
const koreaPassword = "iosuccess#@"

type lsEntry struct {
	name, comment string
	text          string // written in code page 949
	stored        bool
	encrypt       bool
}

func cp(s string) string {
	b, err := cp949.Encode(s)
	if err != nil {
		panic(err)
	}
	return string(b)
}

func writePack(path, password string, entries []lsEntry) error {
	var buf bytes.Buffer
	w := iop.NewWriter(&buf, password)
	w.Rand = rand.NewChaCha8([32]byte{'l', 'o', 's', 't', 's', 'a', 'g', 'a'})
	for _, e := range entries {
		name, err := iop.EncodeName(e.name)
		if err != nil {
			return err
		}
		m := uint16(iop.MethodDeflate)
		if e.stored {
			m = iop.MethodStored
		}
		fh := iop.FileHeader{Name: name, Comment: e.comment, Method: m, Modified: stamp, Encrypt: e.encrypt}
		if err := w.WriteFile(fh, []byte(cp(e.text)), iop.INIScrambled(name, e.comment)); err != nil {
			return err
		}
	}
	if err := w.Close(); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}

// writeLostSagaDemo writes lostsaga_game/, a Lost Saga game folder as the
// client sees it (rs.iop, then map.iop, minus the delete list), with
// Korean names in code page 949, and locked.iop.
func writeLostSagaDemo(dir string) error {
	game := filepath.Join(dir, "lostsaga_game")
	rs := []lsEntry{
		{"사운드/한글파일.txt", "", "한글 파일입니다. rs.iop에서 읽었습니다.\r\n", false, true},
		{"config/설정.ini", "1", "[설정]\r\n언어=한국어\r\n창모드=1\r\n", false, true},
		{"xml/items.xml", "", "<items><item id=\"1\" name=\"검\"/></items>\r\n", false, true},
		{"resource/old.txt", "0", "the delete list hides this file\r\n", true, true},
		{"텍스트/용병.txt", "", "용병 목록\r\n", true, true},
		{"xml/items.xml", "", "<items><item id=\"1\" name=\"검\"/><item id=\"2\" name=\"방패\"/></items>\r\n", false, true},
	}
	mp := []lsEntry{
		{"map/1번맵.txt", "", "첫 번째 맵\r\n", false, true},
		{"사운드/한글파일.txt", "", "map.iop의 사본: rs.iop가 먼저입니다.\r\n", false, true},
		{"map/removed.map", "", "the delete list hides this map (_map rule)\r\n", false, true},
	}
	if err := writePack(filepath.Join(game, "rs.iop"), koreaPassword, rs); err != nil {
		return err
	}
	if err := writePack(filepath.Join(game, "map.iop"), koreaPassword, mp); err != nil {
		return err
	}
	del := []lsEntry{{`info\delete_file_list.cfg`, "", "[resource\\old.txt]\r\n_map\\map\\removed.map\r\n", false, false}}
	if err := writePack(filepath.Join(game, "info", "delete_file_list.cfg.iop"), "", del); err != nil {
		return err
	}
	return writePack(filepath.Join(dir, "locked.iop"), LockedPassword, []lsEntry{
		{"잠김/비밀.txt", "", "비밀번호로 열었습니다.\r\n", false, true},
		{"readme.txt", "", "locked.iop: the password is " + LockedPassword + "\r\n", false, true},
	})
}
