package steamlib

import "testing"

func TestLibraryFolders(t *testing.T) {
	old := "\"LibraryFolders\"\n{\n\t\"TimeNextStatsReport\"\t\t\"1\"\n\t\"1\"\t\t\"D:\\\\SteamLibrary\"\n}\n"
	if got := LibraryFolders([]byte(old)); len(got) != 1 || got[0] != `D:\SteamLibrary` {
		t.Errorf("old layout: %q", got)
	}
	neu := "\"libraryfolders\" { \"0\" { \"path\" \"C:\\\\Program Files (x86)\\\\Steam\" \"label\" \"\" } // note\n \"1\" { \"path\" \"E:\\\\Games\" } }"
	if got := LibraryFolders([]byte(neu)); len(got) != 2 || got[0] != `C:\Program Files (x86)\Steam` || got[1] != `E:\Games` {
		t.Errorf("new layout: %q", got)
	}
	if got := LibraryFolders([]byte("\"x\" { \"path\" \"unterminated")); len(got) != 0 {
		t.Errorf("broken: %q", got)
	}
	if d := AcfInstallDir([]byte("\"AppState\" { \"appid\" \"200710\" \"installdir\" \"Torchlight II\" }")); d != "Torchlight II" {
		t.Errorf("installdir %q", d)
	}
}

func FuzzLibraryFolders(f *testing.F) {
	f.Add([]byte("\"libraryfolders\" { \"0\" { \"path\" \"C:\\\\x\" } }"))
	f.Add([]byte("\"a\" \"b\\"))
	f.Fuzz(func(t *testing.T, b []byte) {
		_ = LibraryFolders(b)
		_ = AcfInstallDir(b)
	})
}
