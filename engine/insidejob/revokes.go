package insidejob

// Revoke is a provable revoke: a player showed out of a colour (played another
// colour when it was led) and later played that colour anyway. Only the Insider
// and Professor No may do so (002:L225-227, 002:L400): theirs is marked Free, a
// permitted off-colour play and no revoke; for anyone else it is a slip. Larry's
// plays never count: he follows suit among 3 cards just drawn.
type Revoke struct {
	Player    Seat
	Colour    Colour
	ShowedOut int  // the trick (1-based) where the player did not follow Colour
	Played    int  // the first later trick where the player played Colour
	Free      bool // the player need not follow colour (the Insider, Professor No)
}

// Revokes lists the provable revokes of the game so far, by seat and colour. The
// table must not see it during play (the rules forbid looking back at played
// cards, 002:L280); the referee shows it once the game is over.
func (g Game) Revokes() []Revoke {
	var out []Revoke
	for s := range Seat(g.rules.Seats) {
		for c := range Colour(Colours) {
			if p := g.revoked[s][c]; p != 0 {
				out = append(out, Revoke{Player: s, Colour: c, ShowedOut: int(g.showedOut[s][c]), Played: int(p), Free: g.roles[s].Mole()})
			}
		}
	}
	return out
}

// ProvableRevokes lists the provable revokes in a sequence of complete tricks
// in play order, by seat and colour: the same rule as Game.Revokes, for a
// replayed or stored game. larry is Larry's seat in a 2-player game, or NoSeat;
// free[s] says that seat s need not follow colour (nil: everyone must).
func ProvableRevokes(tricks []Trick, larry Seat, free []bool) []Revoke {
	var showed, played [MaxSeats][Colours]int
	for n, t := range tricks {
		for i := range int(t.N) {
			p := t.Plays[i]
			if p.By == larry || p.By < 0 || p.By >= MaxSeats || !p.Card.Valid() {
				continue
			}
			col := p.Card.Colour()
			if o := showed[p.By][col]; o != 0 && o <= n && played[p.By][col] == 0 {
				played[p.By][col] = n + 1
			}
			if i > 0 && col != t.Led() && showed[p.By][t.Led()] == 0 {
				showed[p.By][t.Led()] = n + 1
			}
		}
	}
	var out []Revoke
	for s := range Seat(MaxSeats) {
		for c := range Colour(Colours) {
			if played[s][c] != 0 {
				out = append(out, Revoke{Player: s, Colour: c, ShowedOut: showed[s][c], Played: played[s][c], Free: int(s) < len(free) && free[s]})
			}
		}
	}
	return out
}
