package server

import (
	"context"
	"database/sql"
	"errors"
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

// schemaVersion is the version of the server's own tables that this fieldkit
// writes, kept in fieldkit_meta under "schema". A database without it is
// version 1 (tables without a language) or was made by this fieldkit; the
// upgrades are idempotent, so either way they are safe to run.
var schemaVersion = 1 + len(upgrades)

// upgrades take the server's tables from version i+1 to i+2: each adds a
// column, unless the table has it already (a database made by this fieldkit,
// whose schema creates it).
var upgrades = []struct {
	table, column string
	ddl           string
}{
	// 2: a table speaks a language, chosen when it is made (issue #23).
	{"tables", "lang", `ALTER TABLE tables ADD COLUMN lang TEXT NOT NULL DEFAULT ''`},
}

// upgrade brings the server's own tables to schemaVersion, in one
// transaction. A database of a newer fieldkit is refused: this one would
// not know what it holds.
func (s *Store) upgrade(ctx context.Context) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		v := 1
		var text string
		err := tx.QueryRowContext(ctx, `SELECT value FROM fieldkit_meta WHERE key = 'schema'`).Scan(&text)
		switch {
		case err == nil:
			if _, err := fmt.Sscan(text, &v); err != nil {
				return fmt.Errorf("schema version %q: %w", text, err)
			}
		case !errors.Is(err, sql.ErrNoRows):
			return err
		}
		if v > schemaVersion {
			return fmt.Errorf("this database was made by a newer fieldkit (schema %d; this one knows %d): run that fieldkit, or choose another file with --db", v, schemaVersion)
		}
		for i := v - 1; i < len(upgrades); i++ {
			u := upgrades[i]
			has, err := hasColumn(ctx, tx, u.table, u.column)
			if err != nil {
				return err
			}
			if !has {
				if _, err := tx.ExecContext(ctx, u.ddl); err != nil {
					return fmt.Errorf("schema %d: %w", i+2, err)
				}
			}
		}
		_, err = tx.ExecContext(ctx, `INSERT OR REPLACE INTO fieldkit_meta (key, value) VALUES ('schema', ?)`, fmt.Sprint(schemaVersion))
		return err
	})
}

// hasColumn reports whether table has column.
func hasColumn(ctx context.Context, tx *sql.Tx, table, column string) (bool, error) {
	rows, err := tx.QueryContext(ctx, `SELECT name FROM pragma_table_info(?)`, table)
	if err != nil {
		return false, err
	}
	defer rows.Close()
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			return false, err
		}
		if name == column {
			return true, nil
		}
	}
	return false, rows.Err()
}
