package insidejob

import (
	"strings"

	"fieldkit/catalog"
)

// Every word printed on an Inside Job piece is fieldkit's catalog's
// (catalog/insidejob/cards.LANG.json): the phones say the same words. The
// mission conditions are fieldkit's own deck (../shared/insidejob.md §3); the
// Polish names are the Polish edition's ("Krecia robota", rulebook 002).

// Langs are the languages a set can be printed in.
var Langs = catalog.Langs

// text returns the message id in lang, its arguments as name, value pairs.
func text(lang, id string, pairs ...any) string { return catalog.M(id, pairs...).In(lang) }

// caps returns the message id in lang in capitals, as headings and labels
// are printed.
func caps(lang, id string, pairs ...any) string { return strings.ToUpper(text(lang, id, pairs...)) }

// roleKeys are the role cards in marker-id order (markers.RoleBase + index):
// the Insider, four Agents, the eight special roles and the blank card.
var roleKeys = []string{"insider", "agent", "agent", "agent", "agent", "wiretapped", "paranoid", "risktaking", "decoy", "accomplice", "shady", "sleeper", "professor", "blank"}

// roleTexts are each role card's name, rule in short, and side (the side a
// label's id).
var roleTexts = map[string]struct{ name, rule, team string }{
	"insider":    {"ij.role.insider", "ij.role.insider.rule", "ij.team.insider"},
	"agent":      {"ij.role.agent", "ij.role.agent.rule", "ij.team.agents"},
	"wiretapped": {"ij.role.wiretapped", "ij.role.wiretapped.rule", "ij.team.agents"},
	"paranoid":   {"ij.role.paranoid", "ij.role.paranoid.rule", "ij.team.agents"},
	"risktaking": {"ij.role.risk_taking", "ij.role.risk_taking.rule", "ij.team.agents"},
	"decoy":      {"ij.role.decoy", "ij.role.decoy.rule", "ij.team.neutral"},
	"accomplice": {"ij.role.accomplice", "ij.role.accomplice.rule", "ij.team.neutral"},
	"shady":      {"ij.role.shady", "ij.role.shady.rule", "ij.team.neutral"},
	"sleeper":    {"ij.role.sleeper", "ij.role.sleeper.rule", "ij.team.agents"},
	"professor":  {"ij.role.professor_no", "ij.role.professor_no.rule", "ij.team.insider"},
	"blank":      {"ij.role.blank", "ij.role.blank.rule", "ij.team.own"},
}

// suitTerms are the colours' names, by Suit.
var suitTerms = [...]string{"ij.colour.yellow", "ij.colour.pink", "ij.colour.green", "ij.colour.blue"}
