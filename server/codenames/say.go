package codenames

import (
	"errors"

	"fieldkit/catalog"
	"fieldkit/engine"
	"fieldkit/scan/codenames/reading"

	rules "fieldkit/engine/codenames"
)

// refuse is a refusal of kind said by the catalog's id and its arguments;
// the English is for tools and the logs.
func refuse(kind error, id, english string, pairs ...any) error {
	return engine.Refuse(kind, id, english, pairs...)
}

// msgOf returns the message an error carries; an error without one (a
// fault of the server, not a refusal) is said as "cn.camera.failed".
func msgOf(err error) catalog.Msg {
	var s catalog.Sayable
	if errors.As(err, &s) {
		return catalog.Of(s)
	}
	return catalog.M("cn.camera.failed")
}

// playerTerms are the Duet seats and classic teams as words of the catalog.
var playerTerms = map[string]engine.Term{
	"a":    "cn.seat.a",
	"b":    "cn.seat.b",
	"red":  "cn.team.red",
	"blue": "cn.team.blue",
}

// partTerm returns a game's part (a seat's name) as a word of the catalog.
func partTerm(part string) any { return termOr(playerTerms, part) }

// termOr returns the term of key in terms, or key itself when it has none.
func termOr(terms map[string]engine.Term, key string) any {
	if t, ok := terms[key]; ok {
		return t
	}
	return key
}

// coverTerms are the scanner's covers as the catalog says them: what the
// camera sees on a word, or what the referee has there.
var coverTerms = map[string]engine.Term{
	"agent":     "cn.cover.agent",
	"assassin":  "cn.cover.assassin",
	"bystander": "cn.cover.bystander",
	"red":       "cn.cover.red",
	"blue":      "cn.cover.blue",
	"double":    "cn.cover.double",
	"timer":     "cn.cover.timer",
}

// coverTerm returns a cover of the scanner as a word of the catalog.
func coverTerm(c string) any { return termOr(coverTerms, c) }

// whyUnread returns why the scanner read no grid, as the scanner says it
// (scan/codenames Observation.Why), or that the grid is not readable.
func whyUnread(obs reading.Reading) catalog.Sayable {
	if obs.Msg != nil {
		return *obs.Msg
	}
	return engine.Term("cn.scan.unreadable")
}

// cellMsg returns cell i as the pages name it: its word and place, or its
// place alone in a game without words.
func cellMsg(s rules.Session, i int) catalog.Msg {
	pos := "[" + string(rune('0'+i/5)) + "," + string(rune('0'+i%5)) + "]"
	if w := s.Words()[i]; w != "" {
		return catalog.M("cn.cell.word", "word", w, "pos", pos)
	}
	return catalog.M("cn.cell.pos", "pos", pos)
}
