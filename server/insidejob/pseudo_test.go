package insidejob

import (
	"testing"

	"fieldkit/internal/leaktest"
)

// TestPagesPseudo renders the Inside Job pages in the pseudo-locale and fails
// on any word that did not come through the catalog (player names excepted).
func TestPagesPseudo(t *testing.T) {
	ts := newServer(t, nil)
	g, _ := startGame(t, ts.URL, `{"game":"insidejob","players":["Ada","Bob","Cy","Dee"]}`)
	pages := map[string]string{"home": ts.URL + "/", "host": g.HostURL}
	for part, link := range g.Seats {
		pages["seat "+part] = link
	}
	leaktest.Check(t, pages, "Ada", "Bob", "Cy", "Dee")
}
