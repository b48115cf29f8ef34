package catalog

import (
	"fmt"
	"strconv"
	"strings"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
)

// Msg is a message to say: its id and its named arguments. It crosses the
// wire as {"id": ..., "args": {...}} and each page renders it in its own
// language (app.js fk.say does what Text does). An argument may itself be a
// Msg (a team, a role, a suit), said in the same language.
type Msg struct {
	ID   string         `json:"id"`
	Args map[string]any `json:"args,omitempty"`
}

// Sayable is anything that names a message of the catalog: an engine's
// refusal, a term of a game's vocabulary, a Msg.
type Sayable interface {
	Say() (id string, args map[string]any)
}

// Say returns the message id and its arguments (Sayable).
func (m Msg) Say() (string, map[string]any) { return m.ID, m.Args }

// Of returns the message a Sayable names.
func Of(s Sayable) Msg {
	id, args := s.Say()
	return Msg{ID: id, Args: args}
}

// M returns the message id with the arguments given as name, value pairs.
func M(id string, pairs ...any) Msg {
	m := Msg{ID: id}
	if len(pairs) > 0 {
		m.Args = make(map[string]any, len(pairs)/2)
		for i := 0; i+1 < len(pairs); i += 2 {
			m.Args[fmt.Sprint(pairs[i])] = pairs[i+1]
		}
	}
	return m
}

// In returns the message in lang.
func (m Msg) In(lang string) string { return Text(lang, m.ID, m.Args) }

// String returns the message in English, for logs and the command line.
func (m Msg) String() string { return m.In("en") }

// Text returns the message id in lang (English where lang lacks it) with its
// arguments in place. An id the catalog does not know comes back as itself,
// so a missing message shows, rather than vanishing.
func Text(lang, id string, args map[string]any) string {
	e, ok := entry(lang, id)
	if !ok {
		return id
	}
	s := e.Text
	if e.Forms != nil {
		s = e.Forms[Form(lang, args[e.Count])]
		if s == "" {
			s = e.Forms["other"]
		}
	}
	return fill(lang, s, args)
}

// fill puts the arguments in place of {name}; an argument the text does not
// name is left out, a name with no argument stays as it is.
func fill(lang, s string, args map[string]any) string {
	if !strings.Contains(s, "{") {
		return s
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(s, '{')
		if i < 0 {
			break
		}
		j := strings.IndexByte(s[i:], '}')
		if j < 0 {
			break
		}
		name := s[i+1 : i+j]
		v, ok := args[name]
		b.WriteString(s[:i])
		if ok {
			b.WriteString(value(lang, v))
		} else {
			b.WriteString(s[i : i+j+1])
		}
		s = s[i+j+1:]
	}
	b.WriteString(s)
	return b.String()
}

// value is an argument as text: a Msg (or its JSON form) said in lang, a
// list of them joined with commas, anything else as fmt prints it.
func value(lang string, v any) string {
	switch v := v.(type) {
	case Sayable:
		id, args := v.Say()
		return Text(lang, id, args)
	case []Msg:
		parts := make([]string, len(v))
		for i, m := range v {
			parts[i] = m.In(lang)
		}
		return strings.Join(parts, ", ")
	case map[string]any: // a Msg decoded from JSON
		if id, ok := v["id"].(string); ok {
			args, _ := v["args"].(map[string]any)
			return Text(lang, id, args)
		}
	}
	return fmt.Sprint(v)
}

// Form returns the CLDR plural category of the number n in lang: "one",
// "few", "many" or "other" (n that is no whole number: "other").
func Form(lang string, n any) string {
	i, ok := whole(n)
	if !ok {
		return "other"
	}
	if lang == Pseudo {
		lang = "en"
	}
	tag, err := language.Parse(lang)
	if err != nil {
		return "other"
	}
	abs := i
	if abs < 0 {
		abs = -abs
	}
	switch plural.Cardinal.MatchPlural(tag, abs, 0, 0, 0, 0) {
	case plural.One:
		return "one"
	case plural.Two:
		return "two"
	case plural.Few:
		return "few"
	case plural.Many:
		return "many"
	case plural.Zero:
		return "zero"
	}
	return "other"
}

func whole(n any) (int, bool) {
	switch n := n.(type) {
	case int:
		return n, true
	case int64:
		return int(n), true
	case int32:
		return int(n), true
	case uint8:
		return int(n), true
	case uint:
		return int(n), true
	case float64:
		if n == float64(int(n)) {
			return int(n), true
		}
	case string:
		i, err := strconv.Atoi(n)
		return i, err == nil
	}
	return 0, false
}
