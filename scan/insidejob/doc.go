// Package insidejob reads an Inside Job trick from a photo or a camera frame:
// the seat tokens (and the Larry standee, a place at 2 players only: at 3 to
// 5 it marks who leads), the number card face up next to
// each seat token (the card that seat played), the intel tokens lying on
// those cards (the wagers), the mission face up in the middle, and the
// player aid (the player count). Over camera frames, Tracker counts a card,
// its wager and the mission once they hold for several frames.
//
// Privacy by construction: the reader keeps only the markers of those
// pieces. Role cards, the mission the lead rejected (any mission face not in
// the middle), number cards that lie next to no seat (a hand held low) and
// every other game's pieces are dropped right after detection, so they reach
// no observation, reading, annotation or log. The reader warns, and never
// guesses: a card between two seats, two cards by one seat, a wager it
// cannot see all give no value rather than a wrong one.
package insidejob
