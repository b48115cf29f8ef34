package codenames

import (
	"slices"

	"fieldkit/catalog"
)

// Labels say the words printed on the Codenames pieces (key cards, covers,
// tokens, the deck and mission map sheets) in one language: a Polish set
// says everything in Polish. The words are the catalog's (ids "cn.print."
// and the mission map's cities "cn.city."), which follow each edition's
// rulebook (karta klucza, zabójca; karta klíče, nájemný vrah; cartão de
// acesso, assassino, civil).
type Labels struct {
	Lang string // a catalog language (catalog.Pseudo included)
}

// LabelsFor returns the labels of a language code ("pl", "cs", "pt", "en",
// or the pseudo-locale); any other code, or "", gets English.
func LabelsFor(lang string) Labels {
	if !catalog.Has(lang) {
		lang = "en"
	}
	return Labels{Lang: lang}
}

// Languages lists the languages a set can be printed in.
func Languages() []string { return slices.Clone(catalog.Langs) }

// say returns m in the labels' language.
func (l Labels) say(m catalog.Msg) string { return m.In(l.Lang) }

func (l Labels) duetKeyCard(side string) string {
	return l.say(catalog.M("cn.print.keycard.duet", "side", side))
}

func (l Labels) number(n int) string { return l.say(catalog.M("cn.print.keycard.number", "n", n)) }

func (l Labels) timer(n int) string { return l.say(catalog.M("cn.print.token.timer", "n", n)) }

// starts is a classic key card's heading: which team starts (0 red, 1 blue).
func (l Labels) starts(team int) string {
	if team == 1 {
		return l.say(catalog.M("cn.print.keycard.blue_starts"))
	}
	return l.say(catalog.M("cn.print.keycard.red_starts"))
}

// teamAgents is "n red agents" (team 0) or "n blue agents" (team 1).
func (l Labels) teamAgents(team, n int) string {
	if team == 1 {
		return l.say(catalog.M("cn.print.keycard.blue_agents", "n", n))
	}
	return l.say(catalog.M("cn.print.keycard.red_agents", "n", n))
}

// duetLegend is a Duet key card side's legend: 9 agents, 3 assassins, 13
// bystanders.
func (l Labels) duetLegend() []string {
	return []string{
		l.say(catalog.M("cn.print.keycard.agents", "n", 9)),
		l.say(catalog.M("cn.print.keycard.assassins", "n", 3)),
		l.say(catalog.M("cn.print.keycard.bystanders", "n", 13)),
	}
}

// classicLegend is a classic key card's legend when team starts: 9 of its
// agents, 8 of the other's, 7 bystanders, 1 assassin.
func (l Labels) classicLegend(team int) []string {
	return []string{
		l.teamAgents(team, 9),
		l.teamAgents(1-team, 8),
		l.say(catalog.M("cn.print.keycard.bystanders", "n", 7)),
		l.say(catalog.M("cn.print.keycard.assassins", "n", 1)),
	}
}
