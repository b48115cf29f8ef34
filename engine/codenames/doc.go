// Package codenames holds the rules of Codenames Duet (with mission maps) and classic
// Codenames as pure transitions on value state.
//
// A game is a value: Duet or Classic. Legal(event) says whether an event may happen
// now and why not; Apply(event) returns the next state and leaves the receiver as it
// was. Nothing inside reads a clock or draws random numbers, so a whole game is
// reconstructed from its key card, its setup (mission, variant) and its event log.
//
// Duet cells are numbered row-major as seen from seat A (row*5+col); seat B sees
// table cell i as keycards.Turn(i). Classic cells are numbered as the key card lies.
//
// Refusals never tell a secret: Legal answers from what the whole table sees (the
// status, the phase, whose turn it is, the clue, the covers and timer tokens on the
// table, the tokens in the bank, which Duet sides are done), never from the key
// card. The one exception is a classic spymaster's cover, which only the
// spymaster (who holds the key) sends; it consults the key after every public
// check. TestRefusalOracle compares every answer on key cards that no public view
// tells apart.
//
// Session wraps either game with its words and speaks the JSON event and state
// lines of `fieldkit referee`.
package codenames
