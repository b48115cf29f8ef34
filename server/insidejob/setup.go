package insidejob

import (
	"bytes"
	"context"
	"encoding/json"
	"fieldkit/catalog"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"fieldkit/engine"
	rules "fieldkit/engine/insidejob"
	"fieldkit/server"
	"fieldkit/textrule"
)

// NewGame is a request to start an Inside Job game: the body of POST
// /api/games and POST /api/tables/{id}/games. At a table that played Inside
// Job before, every field defaults to the last game's, and the deal passes to
// the next player.
type NewGame struct {
	Game string `json:"game,omitempty"` // "insidejob"
	// Players are the names in seat order, clockwise: table seat 1 first.
	// 2 names play with Larry. Without names, Seats players are called
	// "Miejsce 1", "Miejsce 2", ... (in the table's language) in the order
	// their phones sit.
	Players []string `json:"players,omitempty"`
	Seats   int      `json:"seats,omitempty"`
	// Dealer is a player's name; the player after the dealer leads first.
	// Default: the last player (2 players: drawn at random).
	Dealer string `json:"dealer,omitempty"`
	Wagers *bool  `json:"wagers,omitempty"` // raising the stakes; default true
	Risky  *bool  `json:"risky,omitempty"`  // the 4 risky missions; default: with the Risk-taking agent
	// Specials are the special roles in the game (4-5 players, at most two),
	// e.g. ["paranoid","accomplice"]; "professor_no" replaces the Insider.
	Specials []string `json:"specials,omitempty"`
	// Printed: the table draws from its own printed mission deck, and the
	// lead enters the kept card's id; otherwise the server shuffles the
	// deck and the lead chooses on the phone.
	Printed *bool `json:"printed_missions,omitempty"`
}

// maxName is the longest player name, in characters.
const maxName = 24

// Start implements server.Family: it checks the request, deals the roles and
// shuffles the mission deck with the server's random source, and returns the
// setup (secret: roles and deck order) and the parts (the players' names).
func (f *Family) Start(ctx context.Context, env *server.Env, sr server.StartRequest) (*server.Start, error) {
	var req NewGame
	dec := json.NewDecoder(bytes.NewReader(sr.Body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		return nil, engine.Refuse(rules.ErrSetup, "ij.refuse.bad_setup", fmt.Sprintf("new game: %v; send e.g. {\"game\":\"insidejob\",\"players\":[\"Ada\",\"Bob\",\"Cy\",\"Dee\"],\"specials\":[\"paranoid\"]}", err))
	}
	var prev *rules.Setup
	if sr.Previous != nil && sr.Previous.Family == f.Name() {
		if p, _, err := decodeStored(sr.Previous.Setup); err == nil {
			prev = &p
		}
	}
	seed, err := env.Rand(32)
	if err != nil {
		return nil, err
	}
	r := rand.New(rand.NewChaCha8([32]byte(seed)))
	s, err := setupOf(req, prev, r, sr.Lang)
	if err != nil {
		return nil, err
	}
	if f.fix != nil {
		f.fix(&s)
	}
	g, err := newGame(s)
	g.sc, g.track = f.Scanner, f.Track
	if err != nil {
		return nil, err
	}
	b, err := s.MarshalJSON()
	if err != nil {
		return nil, err
	}
	sum := fmt.Sprintf("%d players", len(s.Players))
	if sp := g.specials(); len(sp) > 0 {
		sum += ", " + strings.Join(sp, " and ")
	}
	return &server.Start{Setup: b, Parts: slices.Clone(s.Players), Summary: sum, Game: g}, nil
}

// setupOf turns a request (and the table's previous game) into a setup with
// the roles dealt and the deck shuffled by r.
func setupOf(req NewGame, prev *rules.Setup, r *rand.Rand, lang string) (rules.Setup, error) {
	s := rules.Setup{Wagers: true}
	var specials []rules.Role
	printed := false
	if prev != nil {
		s.Players, s.Wagers, s.Risky = prev.Players, prev.Wagers, prev.Risky
		for _, role := range prev.Roles {
			if role.Special() {
				specials = append(specials, role)
			}
		}
		printed = prev.Deck == nil
	}
	switch {
	case len(req.Players) > 0 && req.Seats > 0:
		return s, engine.Refuse(rules.ErrSetup, "ij.refuse.players_or_seats", `give "players" (names) or "seats" (a number), not both`)
	case len(req.Players) > 0:
		s.Players = req.Players
	case req.Seats > 0:
		s.Players = nil
		for i := range req.Seats {
			s.Players = append(s.Players, catalog.Text(catalog.Lang(lang), "ij.seat_name", map[string]any{"n": i + 1}))
		}
	case prev == nil:
		return s, engine.Refuse(rules.ErrSetup, "ij.refuse.players_needed", `name the players in seat order, clockwise: {"players":["Ada","Bob","Cy"]} (2 to 5; 2 play with Larry), or give their number: {"seats":4}`)
	}
	// Every name as every screen shows it (textrule): invisible characters
	// out, widths folded; two names that look alike are refused.
	typed := s.Players
	for i, p := range typed {
		p, err := textrule.Check(rules.ErrSetup, catalog.M("text.field.player", "n", i+1), p)
		if err != nil {
			return s, err
		}
		if len([]rune(p)) > maxName {
			return s, engine.Refuse(rules.ErrSetup, "ij.refuse.player_name", fmt.Sprintf("\"players\": player %d: a name of at most %d characters, on one line", i+1, maxName), "n", i+1, "max", maxName)
		}
		if i == 0 {
			s.Players = slices.Clone(s.Players)
		}
		s.Players[i] = p
	}
	if i, j, ok := textrule.Distinct(s.Players); !ok && typed[i] == typed[j] {
		return s, engine.Refuse(rules.ErrSetup, "ij.refuse.player_twice", fmt.Sprintf("\"players\": %q twice; every player needs a different name", typed[i]), "name", typed[i])
	} else if !ok {
		return s, engine.Refuse(rules.ErrSetup, "text.alike_players", fmt.Sprintf("\"players\": players %d and %d, %+q and %+q, look the same; change one", i+1, j+1, typed[i], typed[j]), "i", i+1, "j", j+1, "a", typed[i], "b", typed[j])
	}
	if len(s.Players) == 2 {
		for _, p := range s.Players {
			if textrule.Alike(p, rules.LarryName) {
				return s, engine.Refuse(rules.ErrSetup, "ij.refuse.player_larry", fmt.Sprintf("\"players\": %q is the virtual third player's name in a 2-player game; call the player something else", p), "name", p)
			}
		}
	}
	n := len(s.Players)
	if _, err := rules.RulesFor(n, false); err != nil {
		return s, err
	}
	if req.Wagers != nil {
		s.Wagers = *req.Wagers
	}
	if req.Specials != nil {
		specials = nil
		for _, name := range req.Specials {
			role, err := rules.ParseRole(name)
			if err != nil || !role.Special() {
				return s, engine.Refuse(rules.ErrSetup, "ij.refuse.not_special", fmt.Sprintf("\"specials\": %q is not a special role; choose from wiretapped, paranoid, risk_taking, decoy, accomplice, shady, sleeper, professor_no, blank", name), "name", name)
			}
			if slices.Contains(specials, role) {
				return s, engine.Refuse(rules.ErrSetup, "ij.refuse.special_twice", fmt.Sprintf("\"specials\": %s twice; the box has one card of each special role", role), "role", role.Term())
			}
			specials = append(specials, role)
		}
	}
	if req.Specials == nil && n < 4 {
		specials = nil // a rematch with fewer players drops the special roles
	}
	s.Risky = slices.Contains(specials, rules.RiskTaking) || (prev != nil && req.Specials == nil && s.Risky)
	if req.Risky != nil {
		s.Risky = *req.Risky
	}
	if req.Printed != nil {
		printed = *req.Printed
	}
	// The dealer: named, or the next player after the last game's, or the
	// last player (2 players: at random, 002:L457).
	s.Dealer = rules.Seat(n - 1)
	switch {
	case req.Dealer != "":
		i := slices.IndexFunc(s.Players, func(p string) bool { return textrule.Alike(p, req.Dealer) })
		if i < 0 {
			return s, engine.Refuse(rules.ErrSetup, "ij.refuse.dealer_name", fmt.Sprintf("\"dealer\": %q is not one of the players (%s)", req.Dealer, strings.Join(s.Players, ", ")), "name", req.Dealer)
		}
		s.Dealer = rules.Seat(i)
	case n == 2:
		s.Dealer = rules.Seat(r.IntN(2))
	case prev != nil && len(prev.Players) == n:
		s.Dealer = (prev.Dealer + 1) % rules.Seat(n)
	}
	// The role deal: the Insider (or Professor No), the special roles and
	// Agents for the rest, one card per seat (2 players: Larry too).
	seats := n
	if n == 2 {
		seats = 3
	}
	mole := rules.Insider
	var deal []rules.Role
	for _, role := range specials {
		if role == rules.ProfessorNo {
			mole = rules.ProfessorNo
			continue
		}
		deal = append(deal, role)
	}
	if len(specials) > 0 && n < 4 {
		return s, engine.Refuse(rules.ErrSetup, "ij.refuse.specials_few", fmt.Sprintf("\"specials\": %s: special roles are for 4-5 players only (002:L292)", roleList(specials)), "roles", roleWords(specials))
	}
	deal = append(deal, mole)
	for len(deal) < seats {
		deal = append(deal, rules.Agent)
	}
	if len(deal) > seats {
		return s, engine.Refuse(rules.ErrSetup, "ij.refuse.specials_seats", fmt.Sprintf("\"specials\": %s: %d roles for %d players", roleList(specials), len(deal), seats), "roles", roleWords(specials), "n", len(deal), "players", seats)
	}
	r.Shuffle(len(deal), func(i, j int) { deal[i], deal[j] = deal[j], deal[i] })
	s.Roles = deal
	if !printed {
		s.Deck = rules.Deck(s.Wagers, s.Risky)
		r.Shuffle(len(s.Deck), func(i, j int) { s.Deck[i], s.Deck[j] = s.Deck[j], s.Deck[i] })
	}
	if err := s.Validate(); err != nil {
		if len(specials) > 0 {
			return s, fmt.Errorf("special roles %s: %w", roleList(specials), err)
		}
		return s, err
	}
	return s, nil
}

// roleWords returns the roles as a list in words, for a message.
func roleWords(rs []rules.Role) any {
	ts := make([]engine.Term, len(rs))
	for i, r := range rs {
		ts[i] = r.Term()
	}
	return rules.And(ts)
}

func roleList(rs []rules.Role) string {
	names := make([]string, len(rs))
	for i, r := range rs {
		names[i] = r.String()
	}
	return strings.Join(names, " and ")
}
