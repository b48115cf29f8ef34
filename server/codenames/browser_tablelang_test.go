package codenames

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"fieldkit/internal/browsertest"
	"fieldkit/server"

	"github.com/chromedp/chromedp"
)

// TestBrowserTableLang: in an English browser the host chooses Czech for a
// new table on the home page, starts Codenames there and gets Czech pages
// and Czech words; a phone that never chose a language follows the table
// through the host's switch, a phone that chose its own keeps it; Inside
// Job's home form and host switch do the same.
func TestBrowserTableLang(t *testing.T) {
	if testing.Short() {
		t.Skip("starts chromium")
	}
	ts := tableServer(t, 90)
	b := browsertest.Browser(t)
	host := browsertest.Device(t, b, 1366, 768, false)
	phone := browsertest.Device(t, b, 390, 844, true)
	own := browsertest.Device(t, b, 390, 844, true)
	tableLang := func(id string) string {
		t.Helper()
		var v server.TableView
		if r := newClient(t).get(ts.URL + "/api/tables/" + id); r.code != http.StatusOK || json.Unmarshal(r.body, &v) != nil {
			t.Fatalf("GET table %s = %s", id, r)
		}
		return v.Lang
	}

	// The home page in the browser's language; its switch picks the table's.
	browsertest.Run(t, host, "home page", chromedp.Navigate(ts.URL+"/"))
	browsertest.WaitFor(t, host, "the English home page", `document.documentElement.lang == "en" && document.getElementById("lang").value == "en"`)
	browsertest.SwitchLang(t, host, "Czech table", "#lang", "cs", `document.documentElement.lang == "cs" && document.getElementById("lang").value == "cs" && document.querySelector("#new-game select[name=lang]").value == "cs"`)
	if got := browsertest.Text(t, host, "#table-lang label"); !strings.Contains(got, "Jazyk stolu") {
		t.Errorf("the Czech home page's language label says %q", got)
	}
	var cookie string
	browsertest.Run(t, host, "cookie", chromedp.Evaluate(`document.cookie`, &cookie))
	if strings.Contains(cookie, "fieldkit-lang") {
		t.Errorf("choosing the table's language set the device's own: %q", cookie)
	}
	browsertest.Screenshot(t, host, "tablelang-home-cs")

	// Codenames at the Czech table: Czech pages, Czech words.
	browsertest.Run(t, host, "start", chromedp.Click("#start", chromedp.ByID))
	browsertest.WaitFor(t, host, "the Czech host page", `location.pathname.startsWith("/h/") && document.documentElement.lang == "cs" && document.querySelectorAll("#board .cell").length == 25`)
	var table, token, game string
	browsertest.Run(t, host, "table", chromedp.Evaluate(`document.body.dataset.table`, &table), chromedp.Evaluate(`document.body.dataset.token`, &token), chromedp.Evaluate(`document.body.dataset.id`, &game))
	if got := tableLang(table); got != "cs" {
		t.Errorf("the table made on the Czech home page speaks %q", got)
	}
	var label string
	browsertest.Run(t, host, "the host's switch", chromedp.Evaluate(`document.querySelector(".lang-switch").title + "|" + document.querySelector(".lang-switch").value`, &label))
	if label != "Jazyk stolu|cs" {
		t.Errorf("the host's language switch is %q, want the table's (Jazyk stolu|cs)", label)
	}
	if bad := notIn(wordsOf(t, ts.URL, game), builtin(t, "cs")); len(bad) > 0 {
		t.Errorf("words %v at the Czech table are not Czech", bad)
	}
	link := func(seat string) string {
		t.Helper()
		var l server.SeatLink
		if r := newClient(t).get(ts.URL + "/h/" + token + "/link/" + seat); r.code != http.StatusOK || json.Unmarshal(r.body, &l) != nil {
			t.Fatalf("seat link %s = %s", seat, r)
		}
		return l.Link
	}
	browsertest.Run(t, phone, "seat a", chromedp.Navigate(link("a")))
	browsertest.Run(t, own, "seat b", chromedp.Navigate(link("b")))
	browsertest.WaitFor(t, phone, "the phone in the table's Czech", `document.documentElement.lang == "cs" && document.querySelectorAll("#key .cell").length == 25`)
	browsertest.WaitFor(t, own, "the other phone in Czech", `document.documentElement.lang == "cs" && document.querySelectorAll("#key .cell").length == 25`)
	browsertest.SwitchLang(t, own, "its own language", ".lang-switch", "en", `document.documentElement.lang == "en" && document.querySelectorAll("#key .cell").length == 25`)
	if got := tableLang(table); got != "cs" {
		t.Errorf("a phone's own choice changed the table's language to %q", got)
	}

	// The host's switch changes the table's language.
	browsertest.SwitchLang(t, host, "Portuguese table", ".lang-switch", "pt", `document.documentElement.lang == "pt" && document.querySelectorAll("#board .cell").length == 25`)
	if got := tableLang(table); got != "pt" {
		t.Errorf("after the host's switch the table speaks %q, want pt", got)
	}
	// The phone that never chose follows at once (the stream says the
	// table's language), and on every page load after.
	browsertest.WaitFor(t, phone, "the phone that never chose follows", `document.documentElement.lang == "pt" && document.querySelectorAll("#key .cell").length == 25`)
	browsertest.Run(t, phone, "reload", chromedp.Reload())
	browsertest.WaitFor(t, phone, "the phone after a reload", `document.documentElement.lang == "pt" && document.querySelectorAll("#key .cell").length == 25`)
	var ownLang string
	browsertest.Run(t, own, "own language", chromedp.Evaluate(`document.documentElement.lang`, &ownLang))
	if ownLang != "en" {
		t.Errorf("the phone that chose English speaks %q after the table changed", ownLang)
	}
	browsertest.Run(t, own, "reload", chromedp.Reload())
	browsertest.WaitFor(t, own, "the phone that chose keeps its language", `document.documentElement.lang == "en" && document.querySelectorAll("#key .cell").length == 25`)
	// It may follow the table again.
	var follow string
	browsertest.Run(t, own, "the switch", chromedp.Evaluate(`[...document.querySelectorAll(".lang-switch option")].filter((o) => o.value === "").map((o) => o.textContent).join()`, &follow))
	if follow != "The table's language" {
		t.Errorf("the switch of a phone that chose English offers %q to follow the table", follow)
	}
	browsertest.SwitchLang(t, own, "the table's language", ".lang-switch", "", `document.documentElement.lang == "pt" && document.querySelectorAll("#key .cell").length == 25 && ![...document.querySelectorAll(".lang-switch option")].some((o) => o.value === "")`)
	browsertest.Screenshot(t, phone, "tablelang-phone-pt")

	// Inside Job from the Polish home page; its host switch changes the table.
	browsertest.Run(t, host, "home page", chromedp.Navigate(ts.URL+"/?lang=pl"))
	browsertest.WaitFor(t, host, "the Polish home page", `document.documentElement.lang == "pl" && document.getElementById("ij-new") !== null`)
	browsertest.Run(t, host, "players", chromedp.SetValue(`#ij-new textarea[name=players]`, "Ala\nBolek\nCela", chromedp.ByQuery), chromedp.Click("#ij-start", chromedp.ByID))
	browsertest.WaitFor(t, host, "the Polish Inside Job host page", `location.pathname.startsWith("/h/") && document.documentElement.lang == "pl" && document.body.classList.contains("ij")`)
	browsertest.Run(t, host, "table", chromedp.Evaluate(`document.body.dataset.table`, &table))
	if got := tableLang(table); got != "pl" {
		t.Errorf("the Inside Job table made on the Polish home page speaks %q", got)
	}
	browsertest.SwitchLang(t, host, "Czech table", "#lang", "cs", `document.documentElement.lang == "cs" && document.body.classList.contains("ij")`)
	if got := tableLang(table); got != "cs" {
		t.Errorf("after Inside Job's host switch the table speaks %q, want cs", got)
	}
}
