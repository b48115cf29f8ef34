// Package insidejob holds the rules of Inside Job ("Krecia robota", KOSMOS 2022)
// as pure transitions on value state, for a real table with a companion: the
// 3-5 player game with every special role and the risky missions, and the
// 2-player game with Larry.
//
// A game is a value: Game. Legal(event) says whether an event may happen now and
// why not; Apply(event) returns the next state and leaves the receiver as it was.
// Nothing inside reads a clock or draws random numbers: the role deal, the
// mission deck order and the first lead come in with the Setup, so a whole game
// is rebuilt from its setup and its event log (Replay).
//
// The engine never sees hands. It accepts any card not yet played in this game,
// refuses what the rules forbid in public (a wager by the lead, a second wager on
// a card, a vote for yourself, ...) and remembers who showed out of which colour,
// so that after the game it can list the provable revokes (Game.Revokes).
//
// Seats are numbered in clockwise order from 0, as the "players" of the "new"
// event list them; in a 2-player game Larry, the virtual third player, is seat 2.
//
// The JSON lines of `fieldkit referee` are read and written here too: DecodeSetup
// reads a "new" event, Setup.DecodeEvent the others, and the referee (Family)
// writes the public state line after every event.
package insidejob
