package procalive

import (
	"os"
	"os/exec"
	"runtime"
	"testing"
)

func TestAlive(t *testing.T) {
	if !Alive(os.Getpid()) {
		t.Fatal("this process is not alive")
	}
	if !Alive(0) || !Alive(-5) {
		t.Fatal("a pid it cannot judge must count as alive")
	}
	if runtime.GOOS == "windows" || runtime.GOOS == "linux" || runtime.GOOS == "darwin" {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		if err := cmd.Run(); err != nil {
			t.Fatal(err)
		}
		if Alive(cmd.Process.Pid) {
			t.Skipf("pid %d was reused already", cmd.Process.Pid)
		}
	}
}
