package markers

import "fmt"

// The marker-id table: which printed piece carries which id, for every game
// fieldkit prints. It is append only: ids are printed on cards, so a range
// never moves and a kind's number never changes.
//
//	  0..799  word card faces (Codenames): face f shows word f of the deck (front
//	          of card k is face 2k, its back 2k+1); a deck uses the first
//	          len(words) ids
//	800..814  Duet agent cards (green), one id per card, the same on both sides
//	815       Duet assassin card
//	816..826  Duet timer tokens, bystander face (token t: 816+t)
//	827..837  Duet timer tokens, check face (token t: 827+t)
//	838..845  classic red agents
//	846..853  classic blue agents
//	854, 855  classic double agent: red face, blue face
//	856..862  classic innocent bystanders
//	863       classic assassin
//	864..867  guess tokens
//	868       the seat marker: a token laid at seat A's edge of the grid
//	869..920  Inside Job number cards: 869 + 13*colour + value-1, colours in the
//	          order yellow, pink, green, blue (Y1 869, P1 882, G1 895, B1 908)
//	921..944  Inside Job missions M01..M24 (920 + n)
//	945..948  Inside Job risky missions R1..R4
//	949..962  Inside Job intel tokens 1..14 (the same id on both faces)
//	963..976  Inside Job role cards: 963 Insider, 964..967 Agents 1-4, then
//	          Wiretapped, Paranoid, Risk-taking, Decoy, Accomplice, Shady type,
//	          Sleeper, Professor No, blank
//	977       Inside Job Larry standee (both faces)
//	978..982  Inside Job seat tokens 1..5
//	983..986  Inside Job player aids for 2, 3, 4, 5 players
//	987..999  reserved
//
// Ids that mean nothing to the game being played (another game's pieces, word
// faces beyond the deck, reserved ids) are ignored by a scanner.

// Marker ids of the Codenames pieces. Never renumber.
const (
	MaxFaces = 800 // word card faces: ids 0..MaxFaces-1

	DuetAgentBase     = 800 // 15 Duet agent cards
	DuetAgents        = 15
	DuetAssassinID    = 815
	TimerBase         = 816 // 11 timer tokens, bystander face
	TimerCheckBase    = 827 // 11 timer tokens, check face
	TimerTokens       = 11
	RedBase           = 838 // 8 classic red agents
	BlueBase          = 846 // 8 classic blue agents
	ClassicAgents     = 8
	DoubleRedID       = 854
	DoubleBlueID      = 855
	BystanderBase     = 856 // 7 classic innocent bystanders
	Bystanders        = 7
	ClassicAssassinID = 863
	GuessBase         = 864 // 4 guess tokens
	GuessTokens       = 4
	SeatID            = 868 // the seat marker
)

// Marker ids of the Inside Job pieces. Never renumber.
const (
	NumberBase  = 869 // 52 number cards: NumberBase + 13*colour + value-1
	NumberCards = 52
	MissionBase = 921 // missions M01..M24: MissionBase + n-1
	Missions    = 24
	RiskyBase   = 945 // risky missions R1..R4
	RiskyCards  = 4
	IntelBase   = 949 // 14 intel tokens
	IntelTokens = 14
	RoleBase    = 963 // 14 role cards
	RoleCards   = 14
	LarryID     = 977 // the Larry standee
	SeatTokBase = 978 // 5 seat tokens
	SeatTokens  = 5
	AidBase     = 983 // player aids for 2, 3, 4, 5 players: AidBase + players-2
	Aids        = 4
	FirstUnused = 987 // the first id no piece uses; 987..999 are reserved
)

// Reserved is the first id after the Codenames pieces (format 1); the Inside
// Job pieces follow it.
const Reserved = NumberBase

// Kind is what a marker id is printed on. Values are printed in JSON by name;
// append only.
type Kind uint8

// Kinds of printed pieces.
const (
	Unknown          Kind = iota // reserved, or a word face beyond the deck
	Word                         // a word card face
	DuetAgent                    // a green Duet agent card
	DuetAssassin                 // the Duet assassin card
	TimerBystander               // a timer token, bystander face up (a bystander mark on a word)
	TimerCheck                   // a timer token, check face up
	RedAgent                     // a classic red agent cover
	BlueAgent                    // a classic blue agent cover
	DoubleRed                    // the classic double agent, red face up
	DoubleBlue                   // the classic double agent, blue face up
	ClassicBystander             // a classic innocent bystander cover
	ClassicAssassin              // the classic assassin cover
	Guess                        // a guess token
	SeatMarker                   // the seat marker: lies at seat A's edge of the grid
	NumberCard                   // an Inside Job number card
	MissionCard                  // an Inside Job mission card
	RiskyMission                 // an Inside Job risky mission card
	IntelToken                   // an Inside Job intel token
	RoleCard                     // an Inside Job role card
	Larry                        // the Inside Job Larry standee
	SeatToken                    // an Inside Job seat token
	PlayerAid                    // an Inside Job player aid (the player count)
)

var kindNames = [...]string{"unknown", "word", "agent", "assassin", "timer-bystander", "timer-check", "red", "blue", "double-red", "double-blue", "bystander", "classic-assassin", "guess", "seat",
	"number", "mission", "risky-mission", "intel", "role", "larry", "seat-token", "aid"}

// String returns the kind's JSON name, e.g. "agent" or "timer-bystander".
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", k)
}

// MarshalText implements encoding.TextMarshaler.
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler.
func (k *Kind) UnmarshalText(b []byte) error {
	for i, n := range kindNames {
		if n == string(b) {
			*k = Kind(i)
			return nil
		}
	}
	return fmt.Errorf("unknown piece kind %q", b)
}

// Range is a run of marker ids of one kind: First..First+Count-1.
type Range struct {
	Kind  Kind `json:"kind"`
	First int  `json:"first"`
	Count int  `json:"count"`
}

// Codenames lists the marker id ranges of the Codenames pieces (word faces
// aside), in id order. A word deck's manifest prints it.
var Codenames = []Range{
	{DuetAgent, DuetAgentBase, DuetAgents},
	{DuetAssassin, DuetAssassinID, 1},
	{TimerBystander, TimerBase, TimerTokens},
	{TimerCheck, TimerCheckBase, TimerTokens},
	{RedAgent, RedBase, ClassicAgents},
	{BlueAgent, BlueBase, ClassicAgents},
	{DoubleRed, DoubleRedID, 1},
	{DoubleBlue, DoubleBlueID, 1},
	{ClassicBystander, BystanderBase, Bystanders},
	{ClassicAssassin, ClassicAssassinID, 1},
	{Guess, GuessBase, GuessTokens},
	{SeatMarker, SeatID, 1},
}

// InsideJob lists the marker id ranges of the Inside Job pieces, in id order.
var InsideJob = []Range{
	{NumberCard, NumberBase, NumberCards},
	{MissionCard, MissionBase, Missions},
	{RiskyMission, RiskyBase, RiskyCards},
	{IntelToken, IntelBase, IntelTokens},
	{RoleCard, RoleBase, RoleCards},
	{Larry, LarryID, 1},
	{SeatToken, SeatTokBase, SeatTokens},
	{PlayerAid, AidBase, Aids},
}

// PieceKind returns the kind of piece marker id is printed on, and its index
// within its range (token 3, red agent 5, number card 14). Word faces are not
// pieces: for ids below MaxFaces it returns Unknown; a word deck knows them.
func PieceKind(id int) (Kind, int) {
	for _, table := range [][]Range{Codenames, InsideJob} {
		for _, r := range table {
			if id >= r.First && id < r.First+r.Count {
				return r.Kind, id - r.First
			}
		}
	}
	return Unknown, 0
}
