package codenames

import (
	"testing"

	"fieldkit/internal/leaktest"
)

// TestPagesPseudo renders every Codenames page and the server's own in the
// pseudo-locale and fails on any word that did not come through the catalog
// (the fast check; the browser tour also reads what the scripts draw).
func TestPagesPseudo(t *testing.T) {
	ts := newTestServer(t)
	duet := ts.NewGame(t, `{"game":"duet","key":"`+testKey+`"}`)
	classic := ts.NewGame(t, `{"game":"classic"}`)
	pages := map[string]string{
		"home":            ts.URL + "/",
		"duet host":       duet.HostURL,
		"duet seat a":     duet.Seats["a"],
		"classic host":    classic.HostURL,
		"classic red":     classic.Seats["red"],
		"no such table":   ts.URL + "/h/nosuchtoken0000000000000000000000",
		"no such seat":    ts.URL + "/s/nosuchtoken0000000000000000000000",
		"not a side code": ts.URL + "/k/XXXXX",
	}
	leaktest.Check(t, pages)
	// The same seat opened from a second device: "this seat is taken".
	leaktest.Check(t, map[string]string{"seat taken": duet.Seats["a"]})
}
