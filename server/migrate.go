package server

import (
	"context"
	"database/sql"
	"fmt"
)

// A database of fieldkit before tables (one game per host link) has the
// tables games, events and seats. migrate moves them into tables and games
// once: each family moves the rows it knows (all of them were Codenames
// games), then the old tables go. Host and seat links stay valid: an old
// game becomes a table with the same id, host token and seat tokens.
func (s *Store) migrate(ctx context.Context, families []Family) error {
	var n int
	if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'games'`).Scan(&n); err != nil {
		return fmt.Errorf("database: %w", err)
	}
	if n == 0 {
		return nil
	}
	// The old tables refer to each other; dropping them in one
	// transaction needs the foreign key checks off (outside a transaction).
	if _, err := s.db.ExecContext(ctx, `PRAGMA foreign_keys = OFF`); err != nil {
		return fmt.Errorf("database: %w", err)
	}
	defer s.db.ExecContext(ctx, `PRAGMA foreign_keys = ON`)
	err := s.tx(ctx, func(tx *sql.Tx) error {
		for _, f := range families {
			if err := f.Migrate(ctx, tx); err != nil {
				return fmt.Errorf("moving the %s games of an older fieldkit: %w", f.Name(), err)
			}
		}
		for _, old := range []string{"events", "seats", "games"} {
			if _, err := tx.ExecContext(ctx, `DROP TABLE IF EXISTS `+old); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("%w (the database was left as it was; run the fieldkit that made it, or choose another file with --db)", err)
	}
	return nil
}
