//go:build !unix

package server

import "os"

// lockFile opens the database file; other systems have no lock beyond
// SQLite's own.
func lockFile(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|os.O_CREATE, 0o644)
}
