package server

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// The writer: every change to the database goes through tx, which with group
// commit hands it to one goroutine that commits changes arriving together.

// tx runs fn in a transaction and commits it: when tx returns nil, the
// change is committed (and synced, with synchronous=FULL). With group
// commit, fn runs on the writer goroutine, in a transaction shared with the
// changes that arrived at the same time, inside a savepoint of its own: an
// error of fn undoes only fn's change.
func (s *Store) tx(ctx context.Context, fn func(*sql.Tx) error) error {
	if s.commits == nil {
		return s.txOne(ctx, fn)
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("database: %w", err)
	}
	r := &commitReq{ctx: ctx, fn: fn, done: make(chan error, 1)}
	s.closing.RLock()
	if s.closed {
		s.closing.RUnlock()
		return errors.New("database: the store is closed")
	}
	s.commits <- r
	s.closing.RUnlock()
	// Wait whatever ctx says: the caller must know whether it was committed.
	return <-r.done
}

// commitReq is one change waiting for the writer.
type commitReq struct {
	ctx  context.Context
	fn   func(*sql.Tx) error
	done chan error // the outcome, once committed (or not)
}

// readers is how many connections read while the writer commits (group
// commit only).
const readers = 3

// maxBatch bounds the changes committed in one transaction.
const maxBatch = 256

// writer commits the changes handed to tx: every change waiting when it
// is free goes into the next transaction. It does not wait for more to
// arrive: a change alone is committed at once, and the changes that arrive
// during a commit's sync form the next batch.
func (s *Store) writer() {
	defer close(s.writerDone)
	for r := range s.commits {
		batch := []*commitReq{r}
	more:
		for len(batch) < maxBatch {
			select {
			case r, ok := <-s.commits:
				if !ok {
					break more
				}
				batch = append(batch, r)
			default:
				break more
			}
		}
		s.commitBatch(batch)
	}
}

// commitBatch commits batch in one transaction, each change in its own
// savepoint, and answers each change after the commit. If the transaction
// itself fails, each change is tried again alone, so that each gets its own
// outcome.
func (s *Store) commitBatch(batch []*commitReq) {
	s.batches.Add(1)
	s.changes.Add(int64(len(batch)))
	if len(batch) == 1 {
		batch[0].done <- s.txOne(batch[0].ctx, batch[0].fn)
		return
	}
	alone := func() {
		s.batches.Add(int64(len(batch)) - 1)
		for _, r := range batch {
			r.done <- s.txOne(r.ctx, r.fn)
		}
	}
	// The transaction is the batch's, not one request's: a request that
	// goes away must not roll back the others' changes.
	tx, err := s.db.BeginTx(context.Background(), nil)
	if err != nil {
		alone()
		return
	}
	errs := make([]error, len(batch))
	for i, r := range batch {
		if err := r.ctx.Err(); err != nil {
			errs[i] = fmt.Errorf("database: %w", err)
			continue
		}
		if _, err := tx.Exec(`SAVEPOINT change`); err != nil {
			tx.Rollback()
			alone()
			return
		}
		if err := safely(r.fn, tx); err != nil {
			errs[i] = fmt.Errorf("database: %w", err)
			if _, err := tx.Exec(`ROLLBACK TO change`); err != nil {
				tx.Rollback()
				alone()
				return
			}
		}
		if _, err := tx.Exec(`RELEASE change`); err != nil {
			tx.Rollback()
			alone()
			return
		}
	}
	if err := tx.Commit(); err != nil {
		alone()
		return
	}
	for i, r := range batch {
		r.done <- errs[i]
	}
}

// safely runs fn, turning a panic into an error: on the writer goroutine a
// panic would end the server, where net/http would have ended one request.
func safely(fn func(*sql.Tx) error, tx *sql.Tx) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return fn(tx)
}

// txOne runs fn in a transaction of its own.
func (s *Store) txOne(ctx context.Context, fn func(*sql.Tx) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("database: %w", err)
	}
	if err := safely(fn, tx); err != nil {
		tx.Rollback()
		return fmt.Errorf("database: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("database: commit: %w", err)
	}
	return nil
}
