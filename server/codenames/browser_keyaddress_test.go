package codenames

import (
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"testing"

	"fieldkit/catalog"
	"fieldkit/internal/browsertest"
	"fieldkit/internal/testkit"
	"fieldkit/server"
	"fieldkit/server/servertest"

	"github.com/chromedp/chromedp"
)

// TestBrowserKeyAddress: on the host page of a Duet game, the line that says
// which address printed key cards open and what a phone that cannot open it
// types speaks the table's language (the pseudo-locale: every word through
// the catalog, nothing overflowing) and fits from a 360 px phone to a 1920 px
// screen without sideways scrolling. The server believes it is at the
// table's Wi-Fi address but listens on 127.0.0.1 only, where the browser
// opens it.
func TestBrowserKeyAddress(t *testing.T) {
	if testing.Short() {
		t.Skip("starts chromium")
	}
	const base, local = "http://192.168.1.20:8080", "http://fieldkit.local:8080"
	fam := New(nil)
	st, err := server.OpenStore(filepath.Join(t.TempDir(), "t.db"), fam)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	srv, err := server.New(server.Config{Store: st, BaseURL: base, LocalURL: local, Families: []server.Family{fam}, Rand: testkit.NewSeeded(1), Pseudo: true,
		Limits: server.Limits{StreamsPerClient: 10_000, Creates: -1}})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewUnstartedServer(srv.HTTPServer("").Handler)
	hs.Start()
	t.Cleanup(func() {
		srv.Close()
		hs.Close()
	})
	ts := &servertest.Server{Server: srv, HTTP: hs, URL: hs.URL, Store: st, Families: []server.Family{fam}}
	g := ts.NewGame(t, `{"game":"duet","key":"`+testKey+`"}`)
	hostURL, err := url.Parse(g.HostURL)
	if err != nil {
		t.Fatal(err)
	}
	b := browsertest.Browser(t)
	for _, w := range []int64{360, 390, 1366, 1920} {
		dev := browsertest.Device(t, b, w, 800, w < 800)
		browsertest.Pseudo(t, dev, hs.URL+"/static/app.css")
		browsertest.Run(t, dev, "host page", chromedp.Navigate(hs.URL+hostURL.Path))
		browsertest.WaitFor(t, dev, "the board", `document.querySelectorAll("#board .cell").length == 25`)
		want := catalog.Text(catalog.Pseudo, "cn.page.key_address", map[string]any{"local": local, "type": "192.168.1.20:8080/k/"})
		var got string
		browsertest.Run(t, dev, "reading #key-address", chromedp.Evaluate(`document.getElementById("key-address")?.textContent ?? ""`, &got))
		if got != want {
			t.Errorf("%d px: the key cards' address reads %q, want %q", w, got, want)
		}
		browsertest.CheckPseudo(t, dev, "the Duet host page with the key cards' address", local, "192.168.1.20:8080/k/")
		var sideways bool
		browsertest.Run(t, dev, "scroll width", chromedp.Evaluate(`document.documentElement.scrollWidth > document.documentElement.clientWidth`, &sideways))
		if sideways {
			t.Errorf("%d px: the host page scrolls sideways", w)
		}
	}
}
