package codenames

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"fieldkit/internal/browsertest"
	"fieldkit/keycards"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// polishWords are 25 words for a Duet game, long ones among them (word
// lists allow 15 letters; the built-in lists' longest have 12).
var polishWords = []string{
	"PSZCZOŁA", "PIELĘGNIARKA", "ZEGAR", "GRZECHOTNIK", "KOT",
	"CHRZĄSZCZ", "ŹDŹBŁO", "KONSTANTYNOPOL", "MOST", "ŻÓŁW",
	"ZJEŻDŻALNIA", "LAS", "RZEKA", "SAMOCHÓD", "OKNO",
	"KSIĘŻYC", "ZAMEK", "PIÓRO", "SZCZOTKA", "MIÓD",
	"BURSZTYN", "WIEWIÓRKA", "DOM", "ŚNIEG", "KRÓL",
}

// brokenWordsJS lists the words of the cells in root that do not fit their
// cell or break inside a word (two letters of one word on different lines),
// unless fk.fitWords split the word because it does not fit whole at the
// smallest size a phone allows (fk.minWordPx).
const brokenWordsJS = `((root) => {
  const bad = [];
  for (const w of document.querySelectorAll(root + " .cell .word")) {
    const t = w.firstChild;
    if (!t) continue;
    if (w.scrollWidth > w.clientWidth + 1 || w.scrollHeight > w.clientHeight + 1) { bad.push(w.textContent + " overflows"); continue; }
    if (w.classList.contains("split")) {
      if (parseFloat(getComputedStyle(w).fontSize) > fk.minWordPx + 0.5) bad.push(w.textContent + " breaks at " + getComputedStyle(w).fontSize);
      continue;
    }
    const r = document.createRange();
    let prev = null;
    for (let i = 0; i < t.nodeValue.length; i++) {
      r.setStart(t, i); r.setEnd(t, i + 1);
      const top = Math.round(r.getBoundingClientRect().top);
      if (t.nodeValue[i] === " ") { prev = null; continue; }
      if (prev !== null && Math.abs(top - prev) > 2) { bad.push(t.nodeValue + " breaks at " + i); break; }
      prev = top;
    }
  }
  return bad.join("; ");
})`

// englishLeftJS lists the page's texts (text, placeholders, titles, alt
// texts) that hold the English of a catalog message the page's own language
// says otherwise: each English text's longest fixed part (between its
// {placeholders}, 8 characters or more) must not appear. It is a function
// of the root element to look in; it resolves to "".
const englishLeftJS = `((root) => fetch("/catalog/en.js").then((r) => r.text()).then((src) => {
  const en = JSON.parse(src.slice(src.indexOf("{"), src.lastIndexOf("}") + 1));
  const texts = (v) => typeof v === "string" ? [v] : Object.entries(v || {}).filter(([k]) => k !== "count").map(([, s]) => s);
  const page = [];
  const top = document.querySelector(root);
  const walk = document.createTreeWalker(top, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    if (!n.parentElement.closest(".no-t, script, style, code") && n.nodeValue.trim()) page.push(n.nodeValue);
  }
  for (const a of ["placeholder", "title", "alt", "aria-label"]) {
    for (const e of top.querySelectorAll("[" + a + "]")) page.push(e.getAttribute(a));
  }
  if (root === "body") page.push(document.title);
  const left = new Set();
  for (const [id, v] of Object.entries(en)) {
    const own = texts(fk.msgs[id]).join("\n");
    for (const s of texts(v)) {
      const part = s.split(/\{[A-Za-z0-9_]+\}/).map((p) => p.trim()).sort((a, b) => b.length - a.length)[0];
      if (part.length < 8 || own.includes(part)) continue;
      for (const t of page) if (t.includes(part)) left.add(id + ": " + t.trim());
    }
  }
  return [...left].join(" | ");
}))`

// refusalJS sends a stop before any clue as the page sends events and shows
// the refusal as the page does; it resolves to the text shown, the message
// said and whether the answer carried a message of its own (not the
// English fallback), as JSON.
const refusalJS = `fk.call("POST", location.pathname + "/events", {type: "stop"}).then((r) => {
  fk.showError(r.data);
  const own = !!(r.data.msg && r.data.msg.id && r.data.msg.id !== "error.text");
  return JSON.stringify({shown: document.getElementById("error").textContent, said: own ? fk.say(r.data.msg) : "", english: r.data.error, own});
})`

// TestBrowserTablePages plays a Duet game in Polish words with the host on a
// laptop screen (1280x800) and two phones (390x844): phone A's browser
// speaks Polish, phone B switches to Polish by hand and keeps it. A clue
// that contains a visible word warns the host and the clue giver; a phone
// turns the sand timer over and the phones ring when it runs out; B touches
// A's assassin and the host shows the end with both sides of the key card;
// "next game" follows; a classic spymaster's clue form fits the phone.
func TestBrowserTablePages(t *testing.T) {
	if testing.Short() {
		t.Skip("starts chromium")
	}
	ts := newTestServer(t)
	b := browsertest.Browser(t)
	host := browsertest.Device(t, b, 1280, 800, false)
	phoneA := browsertest.Device(t, b, 390, 844, true)
	phoneB := browsertest.Device(t, b, 390, 844, true)
	browsertest.Run(t, phoneA, "Polish browser", emulation.SetLocaleOverride().WithLocale("pl-PL"),
		chromedp.ActionFunc(func(ctx context.Context) error {
			return emulation.SetUserAgentOverride("Mozilla/5.0 (Linux; Android 14) Mobile").WithAcceptLanguage("pl-PL,pl").Do(ctx)
		}))
	words, _ := json.Marshal(polishWords)
	g := ts.NewGame(t, `{"game":"duet","key":"`+testKey+`","words":`+string(words)+`}`)
	card, err := keycards.ParseDuet(testKey)
	if err != nil {
		t.Fatal(err)
	}

	browsertest.Run(t, host, "host page", chromedp.Navigate(g.HostURL))
	browsertest.WaitFor(t, host, "the board", `document.querySelectorAll("#board .cell").length == 25 && document.getElementById("conn").className.includes("live")`)
	browsertest.Run(t, phoneA, "seat a", chromedp.Navigate(g.Seats["a"]))
	browsertest.Run(t, phoneB, "seat b", chromedp.Navigate(g.Seats["b"]))
	for _, p := range []context.Context{phoneA, phoneB} {
		browsertest.WaitFor(t, p, "the key", `document.querySelectorAll("#key .cell").length == 25`)
	}

	// Languages: phone A from its browser, phone B by the switch, which sticks.
	if got := browsertest.Text(t, phoneA, "h1"); got != "Miejsce A" {
		t.Errorf("phone A (Polish browser) heading %q, want Miejsce A", got)
	}
	if got := browsertest.Text(t, phoneB, "h1"); got != "Seat B" {
		t.Errorf("phone B (English browser) heading %q, want Seat B", got)
	}
	browsertest.SwitchLang(t, phoneB, "switch to Polish", ".lang-switch", "pl", `document.documentElement.lang == "pl" && document.querySelectorAll("#key .cell").length == 25 && document.getElementById("conn").textContent == "na żywo"`)
	if got := browsertest.Text(t, phoneB, "h1"); got != "Miejsce B" {
		t.Errorf("phone B after the switch: heading %q, want Miejsce B", got)
	}
	for name, c := range map[string]context.Context{"phone A": phoneA, "phone B": phoneB} {
		var left string
		browsertest.Run(t, c, "English left", chromedp.Evaluate(englishLeftJS+`("body")`, &left, awaitPromise))
		if left != "" {
			t.Errorf("%s in Polish still says: %s", name, left)
		}
	}
	// A refusal of the server reads in the phone's language: a stop before
	// any clue, sent as the page sends events. (The Codenames refusals get
	// their message ids on h-cnrefuse; before, the page shows the English.)
	var refusalJSON string
	browsertest.Run(t, phoneA, "a refusal", chromedp.Evaluate(refusalJS, &refusalJSON, awaitPromise))
	var refusal struct {
		Shown, Said, English string
		Own                  bool
	}
	if err := json.Unmarshal([]byte(refusalJSON), &refusal); err != nil {
		t.Fatal(err)
	}
	switch {
	case !refusal.Own:
		t.Logf("the refusal of a stop before a clue carries no message yet: %q", refusal.English)
	case refusal.Shown != refusal.Said || refusal.Shown == refusal.English || strings.HasPrefix(refusal.Shown, "cn."):
		t.Errorf("phone A (Polish) shows the refusal of a stop before a clue as %q (its message says %q, English %q)", refusal.Shown, refusal.Said, refusal.English)
	}
	browsertest.Run(t, phoneA, "clear the refusal", chromedp.Evaluate(`fk.showError("")`, nil))
	if got := browsertest.Text(t, host, "h1"); !strings.Contains(got, "table") {
		t.Errorf("the host (English browser) heading %q", got)
	}

	// No word breaks inside or overflows, on the phones and on the host.
	for name, c := range map[string]context.Context{"phone A": phoneA, "phone B": phoneB} {
		var bad string
		browsertest.Run(t, c, "words", chromedp.Evaluate(brokenWordsJS+`("#key")`, &bad))
		if bad != "" {
			t.Errorf("%s at 390 px: %s", name, bad)
		}
	}
	var bad string
	browsertest.Run(t, host, "words", chromedp.Evaluate(brokenWordsJS+`("#board")`, &bad))
	if bad != "" {
		t.Errorf("host: %s", bad)
	}
	var wordPx float64
	browsertest.Run(t, host, "word size", chromedp.Evaluate(`parseFloat(getComputedStyle(document.querySelector("#board .cell[data-cell='0,4'] .word")).fontSize)`, &wordPx))
	if wordPx < 24 {
		t.Errorf("KOT on the host is %.0f px high; at 1280 px words should be readable across the table (24 px or more)", wordPx)
	}

	// A's clue contains a visible word: the host and A see the warning, B not.
	browsertest.WaitFor(t, phoneA, "the clue form", `!document.getElementById("clue").hidden`)
	browsertest.Run(t, phoneA, "clue",
		chromedp.SetValue(`#clue input[name=word]`, "zegary", chromedp.ByQuery),
		chromedp.SetValue(`#clue input[name=count]`, "2", chromedp.ByQuery),
		chromedp.Click(`#clue button`, chromedp.ByQuery))
	browsertest.WaitFor(t, host, "the warning on the host", `!document.getElementById("clue-warnings").hidden && document.getElementById("clue-warnings").textContent.includes("ZEGAR")`)
	browsertest.WaitFor(t, phoneA, "the warning on the giver's phone", `!document.getElementById("clue-warnings").hidden && document.getElementById("clue-warnings").textContent.includes("zawiera widoczne słowo „ZEGAR”")`)
	var shown bool
	browsertest.Run(t, phoneB, "no warning for the guesser", chromedp.Evaluate(`!document.getElementById("clue-warnings").hidden`, &shown))
	if shown {
		t.Error("the guesser's phone shows the clue warning")
	}
	browsertest.WaitFor(t, phoneB, "B's turn rings", `document.body.classList.contains("my-turn") && fk.buzzes >= 1`)
	browsertest.Screenshot(t, host, "pages-host-warning")
	browsertest.Screenshot(t, phoneA, "pages-phone-a-warning")
	browsertest.Screenshot(t, phoneB, "pages-phone-b")

	// The sand timer: B turns it over (a minute), then a short one runs out.
	browsertest.Run(t, phoneB, "turn the timer over", chromedp.Click(`#timer .timer-start`, chromedp.ByQuery))
	browsertest.WaitFor(t, host, "the timer on the host", `/^[01]:[0-9][0-9]$/.test(document.querySelector("#timer .timer-left").textContent)`)
	browsertest.Screenshot(t, host, "pages-host-timer")
	browsertest.Run(t, phoneB, "a two-second timer", chromedp.Evaluate(`fk.call("POST", location.pathname + "/events", {type: "timer", seconds: 2}).then(() => true)`, nil, awaitPromise))
	for name, c := range map[string]context.Context{"phone A": phoneA, "phone B": phoneB} {
		browsertest.WaitFor(t, c, name+" rings at the end", `document.querySelector("#timer .timer-left").textContent == "Czas minął!" && fk.beeps >= 3`)
	}
	browsertest.WaitFor(t, host, "time is up on the host", `document.querySelector("#timer .timer-left").textContent == fk.t("cn.timer.up")`)
	browsertest.Screenshot(t, phoneA, "pages-phone-a-time-up")

	// B touches A's assassin: the end, with both sides of the card.
	assassin := touchAssassinOfA(t, phoneB, card)
	browsertest.WaitFor(t, host, "the end banner", `!document.getElementById("end").hidden && document.getElementById("banner").textContent.includes("Mission failed")`)
	var reveals int
	browsertest.Run(t, host, "reveal", chromedp.Evaluate(`document.querySelectorAll("#board .cell .reveal .side").length`, &reveals))
	if reveals != 50 {
		t.Errorf("the host reveals %d key cells at the end, want 25 of each side", reveals)
	}
	var contrast string
	browsertest.Run(t, host, "the assassin's word", chromedp.Evaluate(fmt.Sprintf(`(() => { const c = document.querySelector(%q); return getComputedStyle(c.querySelector(".word")).color + " on " + getComputedStyle(c).backgroundColor; })()`, cellSel("#board", assassin)), &contrast))
	if contrast != "rgb(255, 255, 255) on rgb(27, 27, 27)" {
		t.Errorf("the assassin's word on the host: %s, want white on black", contrast)
	}
	browsertest.WaitFor(t, phoneA, "the end on phone A", `!document.getElementById("banner").hidden && document.getElementById("banner").textContent.includes("Misja nieudana")`)
	browsertest.Screenshot(t, host, "pages-host-end")
	browsertest.Screenshot(t, phoneA, "pages-phone-a-end")

	// Next game, prominent at the end: the phones follow, in Polish still.
	var old string
	browsertest.Run(t, host, "game id", chromedp.Evaluate(`document.body.dataset.id`, &old))
	browsertest.Run(t, host, "next game",
		chromedp.SetValue(`#next-game select[name=game]`, "classic", chromedp.ByQuery),
		chromedp.Click(`#next-end`, chromedp.ByQuery))
	browsertest.WaitFor(t, host, "the next game", `document.body.dataset.id != "`+old+`" && document.querySelectorAll("#board .cell").length == 25`)
	for _, p := range []context.Context{phoneA, phoneB} {
		browsertest.WaitFor(t, p, "the next game on the phone", `document.body.dataset.gameId != "`+old+`" && document.querySelectorAll("#key .cell").length == 25 && document.getElementById("conn").textContent == "na żywo"`)
	}
	// The classic spymaster who starts: the whole clue form fits at 390 px.
	giver := phoneA
	var hidden bool
	browsertest.Run(t, phoneA, "clue form", chromedp.Evaluate(`document.getElementById("clue").hidden`, &hidden))
	if hidden {
		giver = phoneB
	}
	browsertest.WaitFor(t, giver, "the clue form", `!document.getElementById("clue").hidden`)
	var inside string
	browsertest.Run(t, giver, "Give clue", chromedp.Evaluate(`(() => { const r = document.querySelector("#clue button").getBoundingClientRect(); return r.left >= 0 && r.right <= innerWidth && r.bottom <= innerHeight ? "" : JSON.stringify(r) + " in " + innerWidth + "x" + innerHeight; })()`, &inside))
	if inside != "" {
		t.Errorf("the Give clue button is outside the phone's screen: %s", inside)
	}
	if got := browsertest.Text(t, giver, "#clue button"); got != "Podaj wskazówkę" {
		t.Errorf("the Give clue button says %q", got)
	}
	browsertest.Run(t, giver, "bad words", chromedp.Evaluate(brokenWordsJS+`("#key")`, &bad))
	if bad != "" {
		t.Errorf("classic spymaster at 390 px: %s", bad)
	}
	browsertest.Screenshot(t, giver, "pages-phone-classic")
	browsertest.Run(t, host, "dark mode", emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}}))
	browsertest.Screenshot(t, host, "pages-host-classic-dark")

	// The host in Portuguese.
	browsertest.SwitchLang(t, host, "switch to Portuguese", ".lang-switch", "pt", `document.documentElement.lang == "pt" && document.querySelectorAll("#board .cell").length == 25 && document.getElementById("conn").textContent == "ligado"`)
	if got := browsertest.Text(t, host, "h1"); !strings.Contains(got, "mesa ") || !strings.Contains(got, "· jogo 2") {
		t.Errorf("the Portuguese host heading %q", got)
	}
	var left string
	browsertest.Run(t, host, "English left", chromedp.Evaluate(englishLeftJS+`("body")`, &left, awaitPromise))
	if left != "" {
		t.Errorf("the Portuguese host page still says: %s", left)
	}
	browsertest.Screenshot(t, host, "pages-host-classic-pt-dark")

	// The neutral pages in the other languages, in dark mode: the home page
	// in Czech, a taken seat in Portuguese.
	other := browsertest.Device(t, b, 390, 844, true)
	browsertest.Run(t, other, "dark mode", emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}}))
	browsertest.Run(t, other, "home page", chromedp.Navigate(ts.URL+"/"))
	browsertest.SwitchLang(t, other, "switch to Czech", ".lang-switch", "cs", `document.documentElement.lang == "cs" && document.getElementById("start") && document.getElementById("start").textContent == "Začít hru"`)
	// The Codenames part of the home page (the page around it is home.html's).
	browsertest.Run(t, other, "English left", chromedp.Evaluate(englishLeftJS+`("#codenames")`, &left, awaitPromise))
	if left != "" {
		t.Errorf("the Czech home page still says: %s", left)
	}
	var lang string
	browsertest.Run(t, other, "word list", chromedp.Evaluate(`document.querySelector("select[name=lang]").value`, &lang))
	if lang != "cs" {
		t.Errorf("the Czech home page draws words from %q, want cs", lang)
	}
	browsertest.Screenshot(t, other, "pages-home-cs-dark")
	browsertest.Run(t, other, "Portuguese", chromedp.Evaluate(`document.cookie = "fieldkit-lang=pt; path=/"`, nil))
	browsertest.Run(t, other, "a taken seat", chromedp.Navigate(g.Seats["a"]))
	if got := browsertest.Text(t, other, "h1"); got != "Este lugar está ocupado" {
		t.Errorf("a taken seat in Portuguese: %q", got)
	}
	browsertest.Screenshot(t, other, "pages-taken-pt-dark")
}

// awaitPromise makes chromedp.Evaluate wait for a promise.
func awaitPromise(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }
