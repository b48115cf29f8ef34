package missionmap

import (
	"regexp"
	"testing"
	"unicode/utf8"
)

func TestCities(t *testing.T) {
	if len(Cities) < 150 {
		t.Errorf("len(Cities) = %d, want at least 150", len(Cities))
	}
	if len(Cities) < citiesV1 {
		t.Fatalf("len(Cities) = %d < citiesV1 = %d: the list is append-only", len(Cities), citiesV1)
	}
	ascii := regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
	names, slugs := map[string]bool{}, map[string]string{}
	accented := 0
	for _, c := range Cities {
		if names[c] {
			t.Errorf("city %q is listed twice", c)
		}
		names[c] = true
		if n := utf8.RuneCountInString(c); n > MaxNameRunes {
			t.Errorf("city %q has %d letters, labels hold %d", c, n, MaxNameRunes)
		}
		s := Slug(c)
		if !ascii.MatchString(s) {
			t.Errorf("Slug(%q) = %q, want lower-case ASCII words joined by hyphens", c, s)
		}
		if other, ok := slugs[s]; ok {
			t.Errorf("Slug(%q) = Slug(%q) = %q", c, other, s)
		}
		slugs[s] = c
		if len(c) != utf8.RuneCountInString(c) {
			accented++
		}
	}
	if accented < 30 {
		t.Errorf("%d cities have letters beyond ASCII, want the real spellings (at least 30)", accented)
	}
}

func TestSlug(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"São Paulo", "sao-paulo"},
		{"Paříž", "pariz"},
		{"İstanbul", "istanbul"},
		{"Xi'an", "xian"},
		{"Łódź", "lodz"},
		{"Rio de Janeiro", "rio-de-janeiro"},
		{"  Los   Alamos ", "los-alamos"},
	} {
		if got := Slug(tc.in); got != tc.want {
			t.Errorf("Slug(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
