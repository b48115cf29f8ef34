package codenames

import (
	"encoding/json"
	"fieldkit/catalog"
	"fieldkit/scan/codenames/reading"
	"fieldkit/server"
	"fmt"
	"slices"
	"time"

	rules "fieldkit/engine/codenames"
	"fieldkit/keycards"
)

// The camera referee: what the scanner sees becomes engine events only where
// the rules leave no doubt. A guess token put on a new cell is a guess. A new
// cover that matches the referee is confirmed. Anything else the camera sees
// that contradicts the referee is a warning for the host, never a change.

// sight is what one photo or the camera's settled frames showed.
type sight struct {
	obs reading.Reading
	pic server.Picture
}

// Unreadable implements server.Sight: a photo without a readable grid is a
// 422 with the scanner's reason.
func (s sight) Unreadable() (any, bool) {
	if s.obs.OK {
		return nil, false
	}
	return scanError{Error: "the photo shows no readable grid: " + s.obs.Reason + "; take the photo from above with all 25 cards in the frame",
		Msg: catalog.M("cn.camera.unreadable_photo", "why", whyUnread(s.obs)), Observation: s.obs}, true
}

// scanError is the body of a scan upload the scanner refused: the error and
// what it saw.
type scanError struct {
	Error       string          `json:"error"`
	Msg         catalog.Msg     `json:"msg"`
	Observation reading.Reading `json:"observation"`
}

// Picture implements server.Sight.
func (s sight) Picture() server.Picture { return s.pic }

// Referee implements server.Sight: a guess token put on a new cell becomes a
// guess, new covers are checked against the referee, and what does not agree
// becomes a warning on the host screen.
func (s sight) Referee(sg server.Game, source, part string, at time.Time) (server.Game, server.Step, any, error) {
	g, ok := sg.(game)
	if !ok {
		return sg, server.Step{}, nil, refuse(rules.ErrEvent, "cn.refuse.photo_game", "the photo is of a Codenames table, the game is not")
	}
	next, step, rep, err := g.observe(s.obs, source, part, at)
	return next, step, rep, err
}

// observe referees what the scanner saw; the report says what it did. part
// is the seat whose phone sent the photo ("" for the host and the camera):
// its photo may cause only what that seat may send by hand (seatMay).
func (g game) observe(obs reading.Reading, source, part string, at time.Time) (game, server.Step, ScanReport, error) {
	rep := ScanReport{Source: source, At: at, Observation: obs, Events: []json.RawMessage{}}
	var prev *reading.Reading
	var unsettled [25]bool
	if g.scan != nil {
		prev, unsettled = &g.scan.Observation, g.scan.unsettled
	}
	next := g
	var step server.Step
	if words := g.wordsFromTable(obs); words != nil {
		st := g.setup
		st.Words = words
		sess, err := rules.Replay(st, g.events)
		if err != nil {
			return g, server.Step{}, rep, err
		}
		b, err := json.Marshal(rules.New(st))
		if err != nil {
			return g, server.Step{}, rep, err
		}
		next.setup, next.sess, step.Replace = st, sess, b
		rep.Words = words
	}
	if obs.OK {
		e, warn := guessFromToken(g.sess, obs, prev)
		if warn != nil {
			rep.Warnings = append(rep.Warnings, *warn)
		}
		if e != nil && part != "" {
			if err := seatMay(g.setup.Game, part, e); err != nil {
				rep.Refused = ptr(catalog.M("cn.camera.refused_seat", "seat", partTerm(part), "why", msgOf(err)))
				e = nil
			}
		}
		if e != nil {
			if after, gs, err := next.apply(*e, at); err != nil {
				rep.Refused = ptr(msgOf(err))
			} else {
				next = after
				step.Events, step.Commit = gs.Events, gs.Commit
				rep.Events = append(rep.Events, gs.Events[0].Event)
			}
		}
		confirmed, warns, still := checkCovers(next.sess, obs, prev, unsettled)
		rep.Confirmed, rep.unsettled = confirmed, still
		rep.Warnings = append(rep.Warnings, warns...)
		rep.Warnings = append(rep.Warnings, checkWords(next.sess, obs, prev)...)
	} else {
		rep.Warnings = append(rep.Warnings, catalog.M("cn.camera.unreadable", "why", whyUnread(obs)))
	}
	r := rep
	next.scan = &r
	next.warnings = append(slices.Clip(g.warnings), rep.Warnings...)
	if n := len(next.warnings); n > maxWarnings {
		next.warnings = next.warnings[n-maxWarnings:]
	}
	return next, step, rep, nil
}

// wordsFromTable returns the words of a game with a printed deck and no
// words yet, when obs reads all 25 word cards (with the deck's words); else
// nil. The words are the cards the players dealt: the first complete scan
// names them for the board, the history and guesses by word.
func (g game) wordsFromTable(obs reading.Reading) []string {
	if g.info.deck == nil || len(g.setup.Words) != 0 || !obs.OK {
		return nil
	}
	words := make([]string, 25)
	n := 0
	for _, c := range obs.Cells {
		if c.Row < 0 || c.Row > 4 || c.Col < 0 || c.Col > 4 || c.Word == "" || words[c.Row*5+c.Col] != "" {
			return nil
		}
		words[c.Row*5+c.Col] = c.Word
		n++
	}
	if n != 25 {
		return nil
	}
	return words
}

// checkWords compares the word cards in obs that were not in prev with the
// game's words: a different word on a cell means the cards on the table are
// not the game's, which the host must sort out.
func checkWords(s rules.Session, obs reading.Reading, prev *reading.Reading) (warnings []catalog.Msg) {
	words := s.Words()
	for i := range 25 {
		seen, ok := observedCell(&obs, i)
		if !ok || seen.Word == "" || words[i] == "" {
			continue
		}
		if before, _ := observedCell(prev, i); prev != nil && before.Card != nil && seen.Card != nil && *before.Card == *seen.Card {
			continue
		}
		if rules.Fold(seen.Word) != rules.Fold(words[i]) {
			warnings = append(warnings, catalog.M("cn.camera.word", "seen", seen.Word, "cell", cellMsg(s, i), "pos", pos(i), "word", words[i]))
		}
	}
	if len(warnings) > 3 { // one warning, not a flood
		first := warnings[0].Args
		warnings = []catalog.Msg{catalog.M("cn.camera.not_words", "n", len(warnings), "seen", first["seen"], "pos", first["pos"], "word", first["word"])}
	}
	return warnings
}

// observedCell returns the observation of table cell i (seen from seat A).
func observedCell(obs *reading.Reading, i int) (reading.CellReading, bool) {
	if obs == nil {
		return reading.CellReading{}, false
	}
	for _, c := range obs.Cells {
		if c.Row*5+c.Col == i && c.Row >= 0 && c.Row < 5 && c.Col >= 0 && c.Col < 5 {
			return c, true
		}
	}
	return reading.CellReading{}, false
}

func tokenCell(obs *reading.Reading) int {
	if obs == nil || obs.Token == nil {
		return rules.NoCell
	}
	r, c := obs.Token[0], obs.Token[1]
	if r < 0 || r > 4 || c < 0 || c > 4 {
		return rules.NoCell
	}
	return r*5 + c
}

// guessFromToken returns the guess that a guess token on a new cell means, or
// a warning when the token lies where nobody may guess now.
func guessFromToken(s rules.Session, obs reading.Reading, prev *reading.Reading) (*rules.Event, *catalog.Msg) {
	i := tokenCell(&obs)
	if i == rules.NoCell || i == tokenCell(prev) {
		return nil, nil
	}
	name := cellMsg(s, i)
	v := s.View()
	if v.Status != "playing" && v.Status != "sudden_death" {
		return nil, ptr(catalog.M("cn.camera.token_over", "cell", name))
	}
	if v.Phase == "cover" {
		return nil, ptr(catalog.M("cn.camera.token_cover", "cell", name))
	}
	if v.Phase != "guess" {
		return nil, ptr(catalog.M("cn.camera.token_no_clue", "cell", name))
	}
	if s.Setup().Game == keycards.Duet && v.Status == "sudden_death" {
		return nil, ptr(catalog.M("cn.camera.token_sudden_death", "cell", name))
	}
	e := rules.Guess(i)
	return &e, nil
}

func ptr[T any](v T) *T { return &v }

// pos returns cell i as its place on the grid: "[row,col]".
func pos(i int) string { return fmt.Sprintf("[%d,%d]", i/5, i%5) }

// checkCovers compares the covers in obs that were not in prev with the
// referee, and the covers of the cells in unsettled (seen by the last scan
// but not agreed with then) again: a cover the camera saw before the
// referee had it (a spymaster's cover entered on the phone after the card
// was laid, an undone event) is confirmed once the referee agrees, and is
// warned about only once. It returns the cells still unsettled.
func checkCovers(s rules.Session, obs reading.Reading, prev *reading.Reading, unsettled [25]bool) (confirmed [][2]int, warnings []catalog.Msg, still [25]bool) {
	v := s.View()
	for i := range 25 {
		seen, ok := observedCell(&obs, i)
		if !ok {
			continue
		}
		before, _ := observedCell(prev, i)
		again := seen.Cover == before.Cover && prev != nil
		if again && !unsettled[i] {
			continue
		}
		want := coverOf(v.Cells[i], s.Setup().Game)
		name := cellMsg(s, i)
		if again { // seen unchanged, not agreed with before: say it once
			if seen.Cover != "" && sameCover(seen.Cover, want, s) {
				confirmed = append(confirmed, [2]int{i / 5, i % 5})
			} else {
				still[i] = true
			}
			continue
		}
		switch {
		case seen.Cover == "" && want != "" && seen.Card != nil && before.Cover != "":
			// A cover taken off. (A word the referee covered but the
			// camera never saw covered is a cover not laid yet.)
			warnings = append(warnings, catalog.M("cn.camera.uncovered", "cell", name, "want", coverTerm(want)))
		case seen.Cover == "":
		case sameCover(seen.Cover, want, s):
			confirmed = append(confirmed, [2]int{i / 5, i % 5})
		case want == "" && spymasterCovers(v):
			// A spymaster's cover (solo: an enemy agent after each turn;
			// teams: an own agent after the other team's penalty) is the
			// spymaster's word, not the camera's: it is entered on the phone.
			still[i] = true
			warnings = append(warnings, catalog.M("cn.camera.cover_spymaster", "cell", name, "seen", coverTerm(seen.Cover)))
		case want == "":
			still[i] = true
			warnings = append(warnings, catalog.M("cn.camera.cover_missed", "cell", name, "seen", coverTerm(seen.Cover)))
		default:
			still[i] = true
			warnings = append(warnings, catalog.M("cn.camera.cover_other", "cell", name, "seen", coverTerm(seen.Cover), "want", coverTerm(want)))
		}
	}
	return confirmed, warnings, still
}

// spymasterCovers reports whether a classic spymaster may cover a word now:
// the solo variant's enemy cover, or the teams game's cover after a penalty.
func spymasterCovers(v rules.View) bool {
	return v.Game == "classic" && v.Status == "playing" && (v.Phase == "cover" || v.MayCover)
}

// coverOf returns what the referee has on a cell, in the scanner's words.
func coverOf(c rules.CellView, g keycards.Game) string {
	if g == keycards.Classic {
		return c.Revealed
	}
	switch {
	case c.AssassinFor != "":
		return "assassin"
	case c.AgentFor != "":
		return "agent"
	case len(c.BystanderFor) > 0:
		return "timer"
	}
	return ""
}

// sameCover reports whether the scanner's cover matches the referee's.
func sameCover(seen, want string, s rules.Session) bool {
	if seen == want {
		return true
	}
	switch {
	case s.Setup().Game == keycards.Duet:
		return seen == "bystander" && want == "timer"
	case seen == "double": // the double agent card counts for the starting team
		return want == s.Classic().Card().Start.String()
	}
	return false
}
