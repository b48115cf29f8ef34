// Package engine is what every game's rules offer to the rest of fieldkit: a
// Referee that takes canonical JSON event lines and shows the public state, and
// a Family that names the games it starts. It holds no game: each family lives
// in a subpackage (engine/codenames for Duet and classic Codenames,
// engine/insidejob for Inside Job), and `fieldkit referee` finds them through
// the families registered in cmd/fieldkit. The table server does not use this
// contract: it plays the same rules' values through its own (server.Family,
// server.Game), registered in the same entry; docs/games.md says why.
//
// Rules are pure transitions on value state: no clock and no randomness inside,
// so a game is rebuilt from its "new" event and its event log.
package engine
