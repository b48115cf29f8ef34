package codenames

import (
	"encoding/json"
	"testing"

	"fieldkit/internal/browsertest"

	"github.com/chromedp/chromedp"
)

// longWords are 25 words for a Duet game with the long Polish words of the
// built-in lists (BIBLIOTEKA, WIEWIÓRKA, PIELĘGNIARKA) and longer ones that
// word lists allow.
var longWords = []string{
	"BIBLIOTEKA", "PIELĘGNIARKA", "ZEGAR", "GRZECHOTNIK", "KOT",
	"CHRZĄSZCZ", "ŹDŹBŁO", "KONSTANTYNOPOL", "MOST", "ŻÓŁW",
	"ZJEŻDŻALNIA", "LAS", "RZEKA", "SAMOCHÓD", "OKNO",
	"KSIĘŻYC", "ZAMEK", "PIÓRO", "SZCZOTKA", "MIÓD",
	"BURSZTYN", "WIEWIÓRKA", "DOM", "PSZCZOŁA", "KRÓL",
}

// TestBrowserLayout loads the Duet host page (a join code shown), a classic
// host page and the Duet phones with long Polish words at widths from 360 to 1920 px: no page scrolls sideways, no
// word is clipped, and on phones every word reads at 16 px or more
// (browsertest.CheckLayout). Words may break inside only where they do not
// fit whole at that size.
func TestBrowserLayout(t *testing.T) {
	if testing.Short() {
		t.Skip("starts chromium")
	}
	ts := newTestServer(t)
	b := browsertest.Browser(t, browsertest.Scrollbars)
	words, _ := json.Marshal(longWords)
	g := ts.NewGame(t, `{"game":"duet","key":"`+testKey+`","words":`+string(words)+`}`)
	host := browsertest.Device(t, b, 1366, 768, false)
	browsertest.Run(t, host, "host page", chromedp.Navigate(g.HostURL))
	board := `document.querySelectorAll("#board .cell .word").length == 25`
	browsertest.WaitFor(t, host, "the board", board)
	browsertest.Run(t, host, "show a join code", chromedp.Click(`.seats li .show-qr`, chromedp.ByQuery))
	browsertest.WaitFor(t, host, "the join code", `!document.getElementById("qr").hidden`)
	browsertest.CheckLayout(t, host, "the Duet host", "#board .cell .word", board)
	browsertest.Resize(t, host, 360, 844)
	browsertest.Screenshot(t, host, "pages-host-360")
	browsertest.Resize(t, host, 1920, 1080)
	var bad string
	browsertest.Run(t, host, "words", chromedp.Evaluate(brokenWordsJS+`("#board")`, &bad))
	if bad != "" {
		t.Errorf("the Duet host at 1920 px: %s", bad)
	}
	classic := ts.NewGame(t, `{"game":"classic","words":`+string(words)+`}`)
	browsertest.Run(t, host, "classic host page", chromedp.Navigate(classic.HostURL))
	browsertest.WaitFor(t, host, "the classic board", board)
	browsertest.CheckLayout(t, host, "the classic host", "#board .cell .word", board)
	for _, seat := range []string{"a", "b"} {
		p := browsertest.Device(t, b, 390, 844, true)
		browsertest.Run(t, p, "seat "+seat, chromedp.Navigate(g.Seats[seat]))
		key := `document.querySelectorAll("#key .cell .word").length == 25`
		browsertest.WaitFor(t, p, "the key", key)
		browsertest.CheckLayout(t, p, "Duet phone "+seat, "#key .cell .word", key)
		browsertest.Resize(t, p, 390, 844)
		browsertest.Run(t, p, "words", chromedp.Evaluate(brokenWordsJS+`("#key")`, &bad))
		if bad != "" {
			t.Errorf("Duet phone %s at 390 px: %s", seat, bad)
		}
		browsertest.Resize(t, p, 360, 844)
		browsertest.Screenshot(t, p, "pages-phone-"+seat+"-360")
	}
}
