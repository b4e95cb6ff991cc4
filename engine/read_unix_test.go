//go:build unix

package engine

import (
	"net"
	"path/filepath"
	"syscall"
	"testing"
)

// TestReadRefusesPipeAndSocket checks that a named pipe is refused without being opened
// (opening it would wait for a writer forever) and that a socket is refused too.
func TestReadRefusesPipeAndSocket(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo.json")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	t.Run("rules fifo", func(t *testing.T) {
		_, err := Load(fifo)
		wantOneLine(t, err, "rules "+fifo+": a named pipe, not a regular file")
	})
	t.Run("record fifo", func(t *testing.T) {
		_, err := ReadRecordFile(fifo)
		wantOneLine(t, err, "record "+fifo+": a named pipe, not a regular file")
	})
	t.Run("socket", func(t *testing.T) {
		sock := filepath.Join(t.TempDir(), "s.sock")
		l, err := net.Listen("unix", sock)
		if err != nil {
			t.Skipf("unix socket: %v", err)
		}
		defer l.Close()
		_, err = ReadRecordFile(sock)
		wantOneLine(t, err, "record "+sock+": a socket, not a regular file")
	})
}
