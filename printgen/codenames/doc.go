// Package codenames prints a home-made Codenames set (Duet and classic) with
// printgen's shared machinery: word cards (WordCards), Duet and classic key
// cards, cover cards and tokens (PieceSections), the deck sheet, mission-map
// sheets, and the whole set (Set). Sizes and marker places come from package
// geometry/codenames, where the scanner reads them too.
package codenames
