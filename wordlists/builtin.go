package wordlists

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
)

// The built-in lists, one file per language code, in the custom list format.
//
//go:embed lists/*.txt
var builtinFS embed.FS

// builtinNames names each built-in list in its own language.
var builtinNames = map[string]string{
	"cs": "Čeština",
	"en": "English",
	"pl": "Polski",
	"pt": "Português",
}

// ErrUnknownLanguage is returned, wrapped, by Builtin for a language without a
// built-in list.
var ErrUnknownLanguage = errors.New("no built-in word list")

// Languages returns the language codes of the built-in lists, sorted.
func Languages() []string {
	langs := make([]string, 0, len(builtinNames))
	for l := range builtinNames {
		langs = append(langs, l)
	}
	slices.Sort(langs)
	return langs
}

// Builtin returns the built-in list for the language code lang ("en", "pl",
// "cs", "pt"; case does not matter). The error for any other code names the
// known ones. The caller may change the returned list.
func Builtin(lang string) (*List, error) {
	code := strings.ToLower(strings.TrimSpace(lang))
	name, ok := builtinNames[code]
	if !ok {
		return nil, fmt.Errorf("%w for language %q; known languages: %s", ErrUnknownLanguage, lang, strings.Join(Languages(), ", "))
	}
	l, err := loadBuiltin(code)
	if err != nil {
		return nil, err
	}
	return &List{Name: name, Lang: code, Words: slices.Clone(l.Words)}, nil
}

var builtinCache sync.Map // language code -> *List

// loadBuiltin parses the embedded list for code once.
func loadBuiltin(code string) (*List, error) {
	if l, ok := builtinCache.Load(code); ok {
		return l.(*List), nil
	}
	path := "lists/" + code + ".txt"
	data, err := builtinFS.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("built-in word list %s: %w", code, err)
	}
	l, err := Parse(path, bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("built-in word list %s is broken: %w", code, err)
	}
	builtinCache.Store(code, l)
	return l, nil
}
