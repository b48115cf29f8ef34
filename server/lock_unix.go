//go:build unix

package server

import (
	"errors"
	"os"
	"syscall"
)

// lockFile takes an exclusive lock on the database file for the life of f:
// a second server on the same file is refused instead of writing beside
// the first. SQLite's own locks are per transaction; this one is per
// process, and the system drops it when the process ends, even by kill -9.
func lockFile(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, errInUse
		}
		return nil, err
	}
	return f, nil
}
