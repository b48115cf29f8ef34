package insidejob

import "fmt"

// EventType says what an event is. Values appear in JSON: append only.
type EventType uint8

// Event types.
const (
	NoEvent       EventType = iota
	NewEvent                // start a game ("new"; the referee's business)
	PartnerChosen           // the Accomplice picks a partner ("partner")
	MissionChosen           // the lead keeps a mission ("mission")
	CardPlayed              // a card is played ("play")
	Wagered                 // an intel token on the card just played ("wager")
	TrickResolved           // the complete trick is scored ("resolve")
	VoteCast                // a vote at the end ("vote")
)

var eventNames = [...]string{"", "new", "partner", "mission", "play", "wager", "resolve", "vote"}

// String returns the event type's JSON name.
func (t EventType) String() string {
	if int(t) < len(eventNames) {
		return eventNames[t]
	}
	return fmt.Sprintf("EventType(%d)", t)
}

// Event is one thing that happens at the table, with players named by seat. Build
// events with Partner, Choose, PlayCard, Wager, Resolve and Vote; Setup.DecodeEvent
// reads them from JSON.
type Event struct {
	Type     EventType
	By       Seat    // who acts (partner, play, wager, vote)
	Partner  Seat    // partner: the chosen partner
	Mission  Mission // mission: the card kept
	Rejected Mission // mission: the other card drawn, when known (never shown)
	Card     Card    // play: the card
	For      [2]Seat // vote: one or two names; NoSeat when absent
}

// Partner returns the event "the Accomplice by picks partner".
func Partner(by, partner Seat) Event {
	return Event{Type: PartnerChosen, By: by, Partner: partner, For: noVotes}
}

// Choose returns the event "the lead keeps mission m"; rejected is the other card
// drawn, or NoMission when the table does not say.
func Choose(m, rejected Mission) Event {
	return Event{Type: MissionChosen, By: NoSeat, Partner: NoSeat, Mission: m, Rejected: rejected, For: noVotes}
}

// PlayCard returns the event "by plays card c".
func PlayCard(by Seat, c Card) Event {
	return Event{Type: CardPlayed, By: by, Partner: NoSeat, Card: c, For: noVotes}
}

// Wager returns the event "by puts an intel token on the card it just played".
func Wager(by Seat) Event { return Event{Type: Wagered, By: by, Partner: NoSeat, For: noVotes} }

// Resolve returns the event "score the complete trick now".
func Resolve() Event { return Event{Type: TrickResolved, By: NoSeat, Partner: NoSeat, For: noVotes} }

// Vote returns the event "by votes for the players in targets" (one, or two for
// the Paranoid agent).
func Vote(by Seat, targets ...Seat) Event {
	e := Event{Type: VoteCast, By: by, Partner: NoSeat, For: noVotes}
	copy(e.For[:], targets)
	return e
}

var noVotes = [2]Seat{NoSeat, NoSeat}

// votes returns how many names a vote event gives.
func (e Event) votes() int {
	n := 0
	for _, s := range e.For {
		if s != NoSeat {
			n++
		}
	}
	return n
}
