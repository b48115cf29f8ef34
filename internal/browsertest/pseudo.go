package browsertest

import (
	"context"
	"strings"
	"testing"

	"fieldkit/catalog"
	"fieldkit/internal/leaktest"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"

	"github.com/chromedp/chromedp"
)

// Pseudo makes a device speak the pseudo-locale: its language cookie for
// url's host, and url opened with it.
func Pseudo(t testing.TB, ctx context.Context, url string) {
	t.Helper()
	// The cookie is set through the browser (not the page's document.cookie,
	// which a page still loading under load may not take), then checked.
	var cookie string
	Run(t, ctx, "the pseudo-locale",
		chromedp.ActionFunc(func(ctx context.Context) error {
			return network.SetCookie("fieldkit-lang", catalog.Pseudo).WithURL(url).WithPath("/").Do(ctx)
		}),
		chromedp.Navigate(url),
		chromedp.Evaluate(`document.cookie`, &cookie))
	if !strings.Contains(cookie, "fieldkit-lang="+catalog.Pseudo) {
		t.Fatalf("the pseudo-locale's cookie is not set at %s: %q", url, cookie)
	}
}

// CheckPseudo fails the test on every visible word of the page in ctx that
// did not come through the catalog (extra: player names, deck words) and on
// every text that overflows its box, naming the page state what.
func CheckPseudo(t testing.TB, ctx context.Context, what string, extra ...string) {
	t.Helper()
	var lang string
	var texts, over []string
	Run(t, ctx, "reading "+what,
		chromedp.Evaluate(`document.documentElement.lang`, &lang),
		chromedp.Evaluate(leaktest.Script, &texts),
		chromedp.Evaluate(leaktest.Overflows, &over))
	if lang != catalog.Pseudo {
		t.Errorf("%s: the page speaks %q, not the pseudo-locale", what, lang)
	}
	var leaks []string
	for _, s := range texts {
		leaks = append(leaks, leaktest.Leaks(s, extra...)...)
	}
	if len(leaks) > 0 {
		t.Errorf("%s: words that did not come through the catalog: %q", what, leaks)
	}
	if len(over) > 0 {
		t.Errorf("%s: texts that do not fit their boxes 40%% longer: %q", what, over)
	}
}

// Language makes a device's browser ask for lang first (Accept-Language and
// the locale), as a browser set to that language does.
func Language(t testing.TB, ctx context.Context, lang string) {
	t.Helper()
	Run(t, ctx, "browser language "+lang, emulation.SetLocaleOverride().WithLocale(lang),
		chromedp.ActionFunc(func(ctx context.Context) error {
			return emulation.SetUserAgentOverride("Mozilla/5.0 (X11; Linux x86_64) Chrome").WithAcceptLanguage(lang).Do(ctx)
		}))
}
