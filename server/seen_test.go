package server_test

import (
	"testing"

	"fieldkit/catalog"
	"fieldkit/server"
)

func TestSeenStatus(t *testing.T) {
	tests := []struct {
		name string
		seen server.Seen
		want string
	}{
		{"no frame kept yet", server.Seen{Reason: "too-few-cards"}, ""},
		{"the last frame read", server.Seen{Kept: true, Read: true}, "read"},
		{"read wins over a stale reason", server.Seen{Kept: true, Read: true, Reason: "only 3 cards seen"}, "read"},
		{"not read: the reader's reason", server.Seen{Kept: true, Reason: "only 3 cards seen", Why: catalog.M("cn.scan.few_cards")}, "only 3 cards seen"},
		{"not read, no reason given", server.Seen{Kept: true}, "the table is not readable"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.seen.Status(); got != tt.want {
				t.Errorf("Status = %q, want %q", got, tt.want)
			}
		})
	}
}
