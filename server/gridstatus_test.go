package server_test

import (
	"testing"

	"fieldkit/server"
)

func TestGridStatus(t *testing.T) {
	tests := []struct {
		name         string
		kept, read   bool
		reason, want string
	}{
		{"no frame kept yet", false, false, "too-few-cards", ""},
		{"the last frame read", true, true, "", "read"},
		{"read wins over a stale reason", true, true, "only 3 cards seen", "read"},
		{"not read: the reader's reason", true, false, "only 3 cards seen", "only 3 cards seen"},
		{"not read, no reason given", true, false, "", "the table is not readable"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := server.GridStatus(tt.kept, tt.read, tt.reason, "the table is not readable"); got != tt.want {
				t.Errorf("GridStatus = %q, want %q", got, tt.want)
			}
		})
	}
}
