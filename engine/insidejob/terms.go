package insidejob

import "fieldkit/engine"

// The words of the game are fieldkit's catalog's (catalog/insidejob): the
// engine names them by message id and keeps no text of its own, so the
// printed cards, the phones and the command line say the same words.

// missionTerms are the mission cards' texts, by Mission.
var missionTerms = [Missions + 1]engine.Term{"",
	"ij.mission.M01", "ij.mission.M02", "ij.mission.M03", "ij.mission.M04", "ij.mission.M05", "ij.mission.M06",
	"ij.mission.M07", "ij.mission.M08", "ij.mission.M09", "ij.mission.M10", "ij.mission.M11", "ij.mission.M12",
	"ij.mission.M13", "ij.mission.M14", "ij.mission.M15", "ij.mission.M16", "ij.mission.M17", "ij.mission.M18",
	"ij.mission.M19", "ij.mission.M20", "ij.mission.M21", "ij.mission.M22", "ij.mission.M23", "ij.mission.M24",
	"ij.mission.R1", "ij.mission.R2", "ij.mission.R3", "ij.mission.R4",
}

// Term returns the message id of the mission card's text, e.g.
// "ij.mission.M03" ("Every card is odd."); "" for no mission.
func (m Mission) Term() engine.Term { return missionTerms[m.safe()] }

// roleTerms are the roles' names, by Role.
var roleTerms = [...]engine.Term{"", "ij.role.agent", "ij.role.insider", "ij.role.wiretapped", "ij.role.paranoid",
	"ij.role.risk_taking", "ij.role.decoy", "ij.role.accomplice", "ij.role.shady", "ij.role.sleeper",
	"ij.role.professor_no", "ij.role.blank"}

// Term returns the message id of the role's name, e.g. "ij.role.insider"
// ("Kret" in Polish); "" for NoRole.
func (r Role) Term() engine.Term {
	if int(r) < len(roleTerms) {
		return roleTerms[r]
	}
	return ""
}

// colourTerms are the colours' names, by Colour.
var colourTerms = [Colours]engine.Term{"ij.colour.yellow", "ij.colour.pink", "ij.colour.green", "ij.colour.blue"}

// Term returns the message id of the colour's name, e.g. "ij.colour.pink".
func (c Colour) Term() engine.Term {
	if c < Colours {
		return colourTerms[c]
	}
	return ""
}
