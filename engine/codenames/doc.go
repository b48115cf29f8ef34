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
// Session wraps either game with its words and speaks the JSON event and state
// lines of `fieldkit referee`.
package codenames
