package insidejob

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"fieldkit/internal/browsertest"
	"fieldkit/server"
	"fieldkit/server/servertest"

	"github.com/chromedp/chromedp"
)

// TestBrowserPseudo tours the Inside Job pages in the pseudo-locale, the
// host at 1366x768 and two phones at 390x844: the home page and a setup it
// refuses, the start, a mission choice, a trick, a refusal, the vote and the
// end. Every visible word must come through the catalog (player names
// excepted), and fit its box 40% longer.
//
// It is the one browser test of the fast suite (make test, -short): it
// opens every Inside Job page at least once; the other browser tests run in
// make test-long.
func TestBrowserPseudo(t *testing.T) {
	ts := newServer(t, fixed(dealA, deckA))
	steps := scriptGame(t, setup4(dealA, deckA), plan4)
	b := browsertest.Browser(t)
	host := browsertest.Device(t, b, 1366, 768, false)
	ada := browsertest.Device(t, b, 390, 844, true)
	dee := browsertest.Device(t, b, 390, 844, true)
	for _, d := range []context.Context{host, ada, dee} {
		browsertest.Pseudo(t, d, ts.URL+"/")
	}
	names := players4

	browsertest.Run(t, host, "home page", chromedp.Navigate(ts.URL+"/"))
	browsertest.WaitFor(t, host, "the Inside Job form", `document.getElementById("ij-new") !== null`)
	browsertest.CheckPseudo(t, host, "home page")
	browsertest.Run(t, host, "one player only",
		chromedp.SetValue(`#ij-new textarea[name=players]`, "Ada", chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector("#ij-new textarea").dispatchEvent(new Event("input", {bubbles: true}))`, nil),
		chromedp.Evaluate(`document.getElementById("ij-start").click()`, nil))
	browsertest.WaitFor(t, host, "the setup refused", `document.querySelector("#insidejob .error, #error").textContent.length > 0`)
	browsertest.CheckPseudo(t, host, "home page with a refused setup", names...)

	g, phones := startGame(t, ts.URL, `{"game":"insidejob","players":["Ada","Bob","Cy","Dee"],"dealer":"Dee","specials":["paranoid","accomplice"],"wagers":true}`)
	browsertest.Run(t, host, "host page", chromedp.Navigate(g.HostURL))
	browsertest.WaitFor(t, host, "the host page", `document.body.dataset.seq !== undefined`)
	browsertest.CheckPseudo(t, host, "host at the start", names...)
	// The game is played by the phones' API clients; the host page follows.
	hc := servertest.HostClient(t, g)
	for i, st := range steps {
		c := hc
		if st.who != "" {
			c = phones[st.who]
		}
		code, body := c.Do("POST", eventURL(g, ts.URL, st.who), st.event)
		must(t, fmt.Sprintf("step %d %s", i, st.event), code, body, 200)
		switch i {
		case 1, 5, 8:
			browsertest.WaitFor(t, host, "the host follows", fmt.Sprintf(`document.body.dataset.seq == "%d"`, i+1))
			browsertest.CheckPseudo(t, host, fmt.Sprintf("host after event %d", i+1), names...)
		}
	}
	browsertest.WaitFor(t, host, "the end", fmt.Sprintf(`document.body.dataset.seq == "%d"`, len(steps)))
	browsertest.CheckPseudo(t, host, "host at the end", names...)

	// Phones of a second table, seen from their own seats: role held, the
	// lead's choice, a refusal.
	code, body := servertest.NewClient(t).Do("POST", ts.URL+"/api/games", `{"game":"insidejob","players":["Ada","Bob","Cy","Dee"],"dealer":"Dee","specials":["paranoid","accomplice"],"wagers":true}`)
	var g2 server.Created
	if code != 201 || json.Unmarshal(body, &g2) != nil {
		t.Fatalf("a second game: %d %s", code, body)
	}
	browsertest.Run(t, ada, "Ada's seat", chromedp.Navigate(g2.Seats["Ada"]))
	browsertest.Run(t, dee, "Dee's seat", chromedp.Navigate(g2.Seats["Dee"]))
	browsertest.WaitFor(t, ada, "Ada's phone", `document.body.dataset.seq !== undefined`)
	browsertest.WaitFor(t, dee, "Dee's phone", `document.body.dataset.seq !== undefined`)
	browsertest.Run(t, dee, "hold", chromedp.Evaluate(`document.getElementById("hold").dispatchEvent(new PointerEvent("pointerdown", {bubbles: true}))`, nil))
	browsertest.CheckPseudo(t, dee, "the Accomplice's phone, role held", names...)
	browsertest.Run(t, dee, "let go", chromedp.Evaluate(`document.getElementById("hold").dispatchEvent(new PointerEvent("pointerup", {bubbles: true}))`, nil))
	browsertest.CheckPseudo(t, ada, "Ada's phone", names...)
}
