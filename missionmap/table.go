package missionmap

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"sync"
)

//go:embed tables
var tables embed.FS

// ErrNoTable means the embedded difficulty table is missing from this build.
var ErrNoTable = errors.New("missionmap: no embedded difficulty table")

var tableV1 = sync.OnceValues(func() (*Table, error) {
	b, err := tables.ReadFile("tables/v1.txt")
	if err != nil {
		return nil, fmt.Errorf("%w: tables/v1.txt (make it with go test ./missionmap -run TestTableV1 -update)", ErrNoTable)
	}
	return ReadTable(bytes.NewReader(b))
})

// TableV1 returns the difficulty table of generator version 1, embedded in the
// program (tables/v1.txt); a test recomputes it with the same model and seed.
func TableV1() (*Table, error) { return tableV1() }
