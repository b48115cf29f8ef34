package insidejob

// MaxSeats is the largest number of seats at a table: 5 players, or 2 players
// and Larry.
const MaxSeats = 5

// Seat is a place at the table, 0 to 4 in clockwise order as the "new" event
// lists the players; in a 2-player game Larry is seat 2.
type Seat int8

// NoSeat is "nobody".
const NoSeat Seat = -1

// LarrySeat is Larry's seat in a 2-player game.
const LarrySeat Seat = 2

// LarryName is Larry's name in events and state lines.
const LarryName = "Larry"

// Play is one card in a trick: who played it, the card, and whether an intel
// token lies on it (the card then counts as trump).
type Play struct {
	By    Seat
	Card  Card
	Wager bool
}

// Trick is the cards of one trick in play order, with the trump of its mission.
// A complete trick has one play per seat.
type Trick struct {
	Plays [MaxSeats]Play
	N     uint8  // plays so far
	Trump Colour // the mission's trump
}

// Add appends a play.
func (t *Trick) Add(p Play) {
	t.Plays[t.N] = p
	t.N++
}

// Led returns the led colour: the printed colour of the first card (the lead
// may not wager, so its card keeps its colour).
func (t *Trick) Led() Colour { return t.Plays[0].Card.Colour() }

// Effective returns the colour play i counts as for winning and for missions:
// the trump when an intel token lies on it, else its printed colour.
func (t *Trick) Effective(i int) Colour {
	if t.Plays[i].Wager {
		return t.Trump
	}
	return t.Plays[i].Card.Colour()
}

// Winner returns the index of the winning play: the highest effective trump,
// the later card on a tie (002:L251); without trumps, the highest card of the
// led colour.
func (t *Trick) Winner() int {
	best, bestV, trump := 0, 0, false
	led := t.Led()
	for i := range int(t.N) {
		v := t.Plays[i].Card.Value()
		switch e := t.Effective(i); {
		case e == t.Trump:
			if !trump || v >= bestV {
				best, bestV, trump = i, v, true
			}
		case !trump && e == led && v > bestV:
			best, bestV = i, v
		}
	}
	return best
}

func (t *Trick) trumps() (n int) {
	for i := range int(t.N) {
		if t.Effective(i) == t.Trump {
			n++
		}
	}
	return n
}

func (t *Trick) wagers() (n int) {
	for i := range int(t.N) {
		if t.Plays[i].Wager {
			n++
		}
	}
	return n
}

func (t *Trick) sum() (s int) {
	for i := range int(t.N) {
		s += t.Plays[i].Card.Value()
	}
	return s
}
