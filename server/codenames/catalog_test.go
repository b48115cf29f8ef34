package codenames

import (
	"fieldkit/catalog"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var (
	// templateT and scriptT find the ids the pages say: {{t "id" ...}} in a
	// template, fk.t("id" ...) in a script, and the ids a script keeps in
	// its tables of values ("cn.key.agent").
	templateT = regexp.MustCompile(`\{\{-?\s*(?:template\s+"[^"]+"\s+\()?t\s+"([^"]+)"`)
	scriptT   = regexp.MustCompile(`fk\.t\("([^"]+)"`)
	scriptID  = regexp.MustCompile(`"((?:cn|page|seat|conn|camera|lang)\.[a-z0-9_.]+)"`)
	// action is a template action; tag an HTML tag, script or style block.
	action = regexp.MustCompile(`\{\{.*?\}\}`)
	tag    = regexp.MustCompile(`(?s)<script.*?</script>|<style.*?</style>|<code>.*?</code>|<[^>]*>`)
	letter = regexp.MustCompile(`\pL{2,}`)
)

// pageFiles returns the templates and scripts of the Codenames pages and of
// the server's own pages the Codenames tables show (the layout, a table
// without a game, a seat waiting, a message).
func pageFiles(t *testing.T) (templates, scripts []string) {
	t.Helper()
	templates, _ = filepath.Glob(filepath.Join("assets", "*.html"))
	for _, n := range []string{"layout.html", "message.html", "table.html", "wait.html"} {
		templates = append(templates, filepath.Join("..", "assets", n))
	}
	scripts, _ = filepath.Glob(filepath.Join("assets", "static", "*.js"))
	for _, n := range []string{"app.js", "table.js", "wait.js"} {
		scripts = append(scripts, filepath.Join("..", "assets", "static", n))
	}
	if len(templates) < 8 || len(scripts) < 7 {
		t.Fatalf("found %d templates and %d scripts", len(templates), len(scripts))
	}
	return templates, scripts
}

func read(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestPagesSayIDs checks that the Codenames pages and the server's pages
// they show say every word by a message id the catalog has, and match no
// English text: every id a template or a script names is in the catalog,
// no script calls the old English-keyed lookup (fk.en, fk.errorText,
// fk.translateText), and no template holds a word outside {{t ...}} but
// the app's name and the commands it quotes.
func TestPagesSayIDs(t *testing.T) {
	templates, scripts := pageFiles(t)
	ids := 0
	for _, f := range templates {
		s := read(t, f)
		for _, m := range templateT.FindAllStringSubmatch(s, -1) {
			ids++
			if !catalog.Known(m[1]) {
				t.Errorf("%s says %q, which the catalog lacks", f, m[1])
			}
		}
		text := tag.ReplaceAllString(action.ReplaceAllString(s, " "), " ")
		for _, w := range letter.FindAllString(text, -1) {
			if w != "fieldkit" {
				t.Errorf("%s holds the word %q outside the catalog", f, w)
			}
		}
		if strings.Contains(s, `title="`) && regexp.MustCompile(`(?:title|alt|placeholder|aria-label)="[^"{]*\pL{2,}`).MatchString(s) {
			t.Errorf("%s has an attribute with words outside the catalog", f)
		}
	}
	for _, f := range scripts {
		s := read(t, f)
		for _, re := range []*regexp.Regexp{scriptT, scriptID} {
			for _, m := range re.FindAllStringSubmatch(s, -1) {
				ids++
				if !catalog.Known(m[1]) {
					t.Errorf("%s says %q, which the catalog lacks", f, m[1])
				}
			}
		}
		if filepath.Base(f) == "app.js" {
			continue // app.js keeps the legacy functions for the Inside Job pages
		}
		for _, old := range []string{"fk.en(", "fk.errorText(", "fk.translateText(", "r.data.error"} {
			if strings.Contains(s, old) {
				t.Errorf("%s still calls %s", f, old)
			}
		}
	}
	if ids < 150 {
		t.Errorf("only %d ids found in the pages: is the search broken?", ids)
	}
}

// TestTermsPlain checks the terms other messages take as arguments (teams,
// seats, key colours, game names): a plain text in every language, no
// placeholder and no plural, so they fit any sentence.
func TestTermsPlain(t *testing.T) {
	for _, id := range []string{"cn.team.red", "cn.team.blue", "cn.seat.a", "cn.seat.b", "cn.key.agent", "cn.key.bystander",
		"cn.key.assassin", "cn.key.red", "cn.key.blue", "cn.game.duet", "cn.game.classic"} {
		for _, lang := range catalog.Langs {
			e, ok := catalog.Entries(lang)[id]
			if !ok || e.Forms != nil || e.Text == "" || strings.Contains(e.Text, "{") {
				t.Errorf("%s %s = %+v, want a plain text", lang, id, e)
			}
		}
	}
	// The names the rulebooks print (rules/names.md).
	for _, c := range []struct{ lang, id, want string }{
		{"pl", "cn.game.classic", "Tajniacy"}, {"cs", "cn.game.classic", "Krycí jména"}, {"pt", "cn.game.classic", "Código Secreto"},
		{"pt", "cn.game.duet", "Código Secreto Dueto"}, {"pt", "cn.key_card", "Cartão de acesso"}, {"pl", "cn.key_card", "Karta klucza"},
		{"pl", "cn.spymaster.red", "Szef Czerwonych"}, {"pl", "cn.key.bystander", "niewinny obserwator"}, {"cs", "cn.key.assassin", "nájemný vrah"},
		{"pl", "cn.clue", "Wskazówka"},
	} {
		if got := catalog.Text(c.lang, c.id, nil); got != c.want {
			t.Errorf("%s %s = %q, want %q", c.lang, c.id, got, c.want)
		}
	}
	// Counts take their language's plural forms.
	for _, c := range []struct {
		lang string
		n    int
		want string
	}{
		{"pl", 1, "Ala (rulebook, 1 misja zaliczona)"}, {"pl", 3, "Ala (rulebook, 3 misje zaliczone)"}, {"pl", 5, "Ala (rulebook, 5 misji zaliczonych)"},
		{"cs", 2, "Ala (rulebook, 2 splněné mise)"}, {"cs", 5, "Ala (rulebook, 5 splněných misí)"}, {"pt", 1, "Ala (rulebook, 1 missão cumprida)"},
	} {
		if got := catalog.M("cn.page.map.option", "team", "Ala", "map", "rulebook", "n", c.n).In(c.lang); got != c.want {
			t.Errorf("%s cn.page.map.option n=%d = %q, want %q", c.lang, c.n, got, c.want)
		}
	}
}
