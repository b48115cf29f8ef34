package codenames

import (
	"context"
	"database/sql"
	"fmt"
	"slices"

	"fieldkit/wordlists"
)

// The words a table was dealt: the next games at a table deal words of the
// same built-in list that it was not dealt yet, until fewer than a game's 25
// remain; then the table starts the list over. What was dealt is kept in the
// database (codenames_dealt), so a restart does not forget it.

// dealtSchema is the family's table of the words dealt at each table.
const dealtSchema = `
CREATE TABLE IF NOT EXISTS codenames_dealt (
	tbl  TEXT NOT NULL REFERENCES tables(id),
	lang TEXT NOT NULL, -- the built-in list
	word TEXT NOT NULL, -- as the list spells it
	PRIMARY KEY (tbl, lang, word)
);
`

// listOf returns the built-in word list of a table that speaks lang ("" for
// none chosen): the list of its language, else English.
func listOf(lang string) string {
	if slices.Contains(wordlists.Languages(), lang) {
		return lang
	}
	return "en"
}

// dealtWords returns the words of the built-in list lang already dealt at
// table ("" for a new table: none).
func dealtWords(ctx context.Context, db *sql.DB, table, lang string) (map[string]bool, error) {
	dealt := map[string]bool{}
	if table == "" || lang == "" {
		return dealt, nil
	}
	rows, err := db.QueryContext(ctx, `SELECT word FROM codenames_dealt WHERE tbl = ? AND lang = ?`, table, lang)
	if err != nil {
		return nil, fmt.Errorf("words dealt at table %s: %w", table, err)
	}
	defer rows.Close()
	for rows.Next() {
		var w string
		if err := rows.Scan(&w); err != nil {
			return nil, err
		}
		dealt[w] = true
	}
	return dealt, rows.Err()
}

// fresh returns the words of list not dealt yet, in the list's order; when
// fewer than n remain it returns the whole list and over (the table starts
// the list over).
func fresh(list []string, dealt map[string]bool, n int) (words []string, over bool) {
	for _, w := range list {
		if !dealt[w] {
			words = append(words, w)
		}
	}
	if len(words) < n {
		return list, true
	}
	return words, false
}

// saveDealt records the words that game dealt from the built-in list lang
// at its table, in the game's transaction (after the game is stored); over
// forgets the list's earlier words first.
func saveDealt(ctx context.Context, tx *sql.Tx, game, lang string, words []string, over bool) error {
	var table string
	if err := tx.QueryRowContext(ctx, `SELECT tbl FROM table_games WHERE id = ?`, game).Scan(&table); err != nil {
		return fmt.Errorf("table of game %s: %w", game, err)
	}
	if over {
		if _, err := tx.ExecContext(ctx, `DELETE FROM codenames_dealt WHERE tbl = ? AND lang = ?`, table, lang); err != nil {
			return err
		}
	}
	for _, w := range words {
		if _, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO codenames_dealt (tbl, lang, word) VALUES (?, ?, ?)`, table, lang, w); err != nil {
			return err
		}
	}
	return nil
}
