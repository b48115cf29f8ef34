package missionmap

import (
	"strings"
	"testing"

	"fieldkit/catalog"
)

// TestCityIDs: every city a map may name, the rulebook's and the
// generator's, has a catalog id that the catalog knows, by its name and by
// its mission id alike; and every city of the catalog is one of them.
func TestCityIDs(t *testing.T) {
	names := append([]string(nil), Cities...)
	for _, rm := range rulebookMissions {
		names = append(names, rm.name)
	}
	used := map[string]bool{}
	for _, name := range names {
		id := CityID(name)
		if id == "" || !catalog.Known(id) {
			t.Errorf("CityID(%q) = %q, want an id the catalog knows", name, id)
			continue
		}
		if got := CityID(Slug(name)); got != id {
			t.Errorf("CityID(%q) = %q, but CityID(%q) = %q", Slug(name), got, name, id)
		}
		used[id] = true
	}
	for _, id := range catalog.IDs("en") {
		if strings.HasPrefix(id, "cn.city.") && id != "cn.city.other" && !used[id] {
			t.Errorf("the catalog has %q, which no map city is", id)
		}
	}
	for _, tc := range []struct{ in, want string }{
		{"Praha", "cn.city.prague"}, {"praha", "cn.city.prague"}, {"Paříž", "cn.city.paris"}, {"Paris", "cn.city.paris"},
		{"sao-paulo", "cn.city.sao_paulo"}, {"Atlantis", ""}, {"", ""},
	} {
		if got := CityID(tc.in); got != tc.want {
			t.Errorf("CityID(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestSayCities: a mission says its city in each table's language, the
// rulebook's spelling where there is one; a city the catalog does not know
// keeps its name.
func TestSayCities(t *testing.T) {
	m, err := rulebookWith(formulaTable(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ id, lang, want string }{
		{"praha", "pl", "Praga"}, {"praha", "cs", "Praha"}, {"praha", "pt", "Praga"}, {"praha", "en", "Prague"},
		{"kahira", "pl", "Kair"}, {"kahira", "pt", "Cairo"}, {"moskva", "pt", "Moscovo"}, {"berlin", "pt", "Berlim"},
		{"bangkok", "pl", "Dżakarta"}, {"vatikan", "pl", "Watykan"}, {"pariz", "pl", "Paryż"},
	} {
		ms, ok := m.Mission(tc.id)
		if !ok {
			t.Fatalf("the rulebook map has no %q", tc.id)
		}
		if got := catalog.Of(ms).In(tc.lang); got != tc.want {
			t.Errorf("%s in %s: %q, want %q", tc.id, tc.lang, got, tc.want)
		}
	}
	odd := Mission{ID: "atlantis", Name: "Atlantis"}
	if got := catalog.Of(odd).In("pl"); got != "Atlantis" {
		t.Errorf("an unknown city in pl: %q, want its name", got)
	}
}

// TestTitles: the rulebook map and a generated map are titled and
// subtitled by the catalog, in the table's language.
func TestTitles(t *testing.T) {
	rb, err := rulebookWith(formulaTable(t))
	if err != nil {
		t.Fatal(err)
	}
	if got := rb.Title().In("pl"); got != "Mapa misji z instrukcji" {
		t.Errorf("rulebook title in pl: %q", got)
	}
	if got := rb.Subtitle(); got.ID != "cn.print.map.note.rulebook" {
		t.Errorf("rulebook subtitle: %v", got)
	}
	g, err := Generate(Options{Seed: 7, Missions: 14, Hardest: 10, Branchy: 2}, formulaTable(t))
	if err != nil {
		t.Fatal(err)
	}
	start, _ := g.Mission(g.Start)
	if got, want := g.Title().In("cs"), "Mapa misí: "+catalog.Of(start).In("cs"); got != want {
		t.Errorf("generated title in cs: %q, want %q", got, want)
	}
	if got, want := g.Subtitle().In("pl"), "14 misji."; !strings.HasPrefix(got, want) {
		t.Errorf("generated subtitle in pl: %q, want it to start %q", got, want)
	}
	custom := &Map{Name: "Our own", Note: "Made by hand."}
	if custom.Title().In("pt") != "Our own" || custom.Subtitle().In("pt") != "Made by hand." {
		t.Errorf("a map made elsewhere: %q, %q", custom.Title().In("pt"), custom.Subtitle().In("pt"))
	}
}
