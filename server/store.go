package server

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fieldkit/catalog"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	_ "modernc.org/sqlite" // the pure-Go SQLite driver, registered as "sqlite"
)

// Store is the embedded SQLite database: tables and their seats, the games
// played at each table (setup and event log), and each game family's own
// tables. Every write is one transaction, committed before the caller goes
// on: an event that was acknowledged survives a crash of the process.
type Store struct {
	db   *sql.DB
	path string
	lock *os.File // held open with an exclusive lock while the store is open
	opts StoreOptions

	// Group commit (opts.EachCommit false): tx hands its change to the
	// writer goroutine, which commits every change waiting at that moment
	// in one transaction, with one sync, and only then answers each.
	commits    chan *commitReq
	closing    sync.RWMutex // held for reading while sending to commits
	closed     bool         // commits is closed; guarded by closing
	writerDone chan struct{}
	batches    atomic.Int64 // transactions the writer committed (tests)
	changes    atomic.Int64 // changes in them

	known known // tokens and games already looked up
}

// StoreOptions choose how a Store syncs. The zero value is what fieldkit
// serves with: WAL mode, synchronous=FULL, group commit.
type StoreOptions struct {
	// Synchronous is SQLite's synchronous setting in WAL mode: "FULL" (the
	// default) syncs the log at every commit, so a commit survives a power
	// cut or an operating system crash; "NORMAL" syncs only at checkpoints,
	// so a commit survives a kill -9 of the process (it is in the operating
	// system's cache) but the last ones may be lost to a power cut.
	Synchronous string
	// EachCommit commits every change in its own transaction with its own
	// sync, as fieldkit did before group commit (for measurements).
	EachCommit bool
}

// schema is applied on every open; every statement is idempotent.
const schema = `
CREATE TABLE IF NOT EXISTS fieldkit_meta (
	key   TEXT PRIMARY KEY,
	value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS tables (
	id         TEXT PRIMARY KEY,
	host_token TEXT NOT NULL UNIQUE,
	created    TEXT NOT NULL,
	lang       TEXT NOT NULL DEFAULT '' -- the table's language (catalog.Langs), '' when none was chosen
);
CREATE TABLE IF NOT EXISTS table_seats (
	tbl    TEXT NOT NULL REFERENCES tables(id),
	seat   INTEGER NOT NULL,     -- 1, 2, ... in the order the seats were made
	token  TEXT NOT NULL UNIQUE, -- in the seat's link
	device TEXT NOT NULL,        -- the claiming device's cookie, "" while free
	PRIMARY KEY (tbl, seat)
);
CREATE TABLE IF NOT EXISTS table_games (
	id      TEXT PRIMARY KEY,
	tbl     TEXT NOT NULL REFERENCES tables(id),
	n       INTEGER NOT NULL, -- 1, 2, ... per table: the newest is the table's current game
	family  TEXT NOT NULL,
	setup   TEXT NOT NULL,    -- the family's setup, key card or roles included: never served
	parts   TEXT NOT NULL,    -- JSON: the part each seat plays, seat 1 first
	created TEXT NOT NULL,
	UNIQUE (tbl, n)
);
CREATE TABLE IF NOT EXISTS abandoned_games (
	game   TEXT PRIMARY KEY REFERENCES table_games(id), -- a game left unfinished for its table's next game
	events INTEGER NOT NULL, -- events played when it was left
	at     TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS game_events (
	game  TEXT NOT NULL REFERENCES table_games(id),
	seq   INTEGER NOT NULL, -- 1, 2, ... per game
	event TEXT NOT NULL,    -- the event's canonical JSON
	at    TEXT NOT NULL,
	PRIMARY KEY (game, seq)
);
`

// OpenStore opens (creating if needed) the database file at path, with the
// tables of the given game families. SQLite runs in WAL mode with
// synchronous=FULL: a commit is on disk when it returns. Changes that arrive
// together are committed together (group commit): one transaction and one
// sync for all of them, each acknowledged only after that sync. A database
// of an older fieldkit is migrated once, in one transaction.
//
// It refuses, with a message that says what to do, a file another server
// has open (ErrInUse), a missing folder, a file it cannot write, and a file
// that is not a fieldkit database (another program's SQLite file included).
func OpenStore(path string, families ...Family) (*Store, error) {
	return OpenStoreWith(path, StoreOptions{}, families...)
}

// OpenStoreWith is OpenStore with other options (benchmarks compare them).
func OpenStoreWith(path string, opts StoreOptions, families ...Family) (*Store, error) {
	switch opts.Synchronous {
	case "":
		opts.Synchronous = "FULL"
	case "FULL", "NORMAL":
	default:
		return nil, fmt.Errorf("database %s: synchronous %q: choose FULL or NORMAL", path, opts.Synchronous)
	}
	if dir := filepath.Dir(path); dir != "" {
		if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
			return nil, fmt.Errorf("database %s: the folder %s does not exist: create it, or choose another file with --db", path, dir)
		}
	}
	lock, err := lockFile(path)
	if errors.Is(err, errInUse) {
		return nil, fmt.Errorf("database %s: %w: stop that fieldkit serve first, or choose another file with --db", path, errInUse)
	}
	if err != nil {
		return nil, fmt.Errorf("database %s cannot be opened (%v): check that the file and its folder may be written, or choose another file with --db", path, err)
	}
	q := url.Values{}
	for _, p := range []string{"busy_timeout(10000)", "journal_mode(WAL)", "synchronous(" + opts.Synchronous + ")", "foreign_keys(1)"} {
		q.Add("_pragma", p)
	}
	db, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		lock.Close()
		return nil, fmt.Errorf("database %s: %w", path, err)
	}
	// One connection while it is set up (migrate turns foreign keys off
	// on its connection), and with EachCommit always: SQLite has one writer
	// anyway, and this way no write ever waits on a lock held by another
	// connection of ours. Group commit adds readers below.
	db.SetMaxOpenConns(1)
	s := &Store{db: db, path: path, lock: lock, opts: opts}
	fail := func(err error) (*Store, error) {
		db.Close()
		lock.Close()
		return nil, err
	}
	if err := checkOurs(db); err != nil {
		return fail(fmt.Errorf("database %s: %w", path, err))
	}
	ddl := schema
	for _, f := range families {
		ddl += f.Schema()
	}
	if _, err := db.Exec(ddl); err != nil {
		return fail(fmt.Errorf("database %s: %s", path, openFault(err)))
	}
	// A write at every start: a file that cannot be written is refused now,
	// not with an error on every change of the first game.
	if _, err := db.Exec(`INSERT OR REPLACE INTO fieldkit_meta (key, value) VALUES ('opened', ?)`, timeText(time.Now())); err != nil {
		return fail(fmt.Errorf("database %s: %s", path, openFault(err)))
	}
	if err := s.upgrade(context.Background()); err != nil {
		return fail(fmt.Errorf("database %s: %w", path, err))
	}
	if err := s.migrate(context.Background(), families); err != nil {
		return fail(err)
	}
	if !opts.EachCommit {
		// The writer goroutine is the only writer from now on, so more
		// connections cannot make writes wait on each other's locks; in
		// WAL mode they let reads (a phone's token, a table loaded) go on
		// while a commit syncs, instead of queueing behind it.
		db.SetMaxOpenConns(1 + readers)
		db.SetMaxIdleConns(1 + readers)
		s.commits = make(chan *commitReq)
		s.writerDone = make(chan struct{})
		go s.writer()
	}
	return s, nil
}

// errInUse refuses a database another server has open.
var errInUse = errors.New("another fieldkit serve is using this database")

// ErrInUse is returned by OpenStore for a database another server has open.
var ErrInUse = errInUse

// checkOurs refuses an SQLite file that holds tables but none of
// fieldkit's: another program's database, which fieldkit must not add to.
func checkOurs(db *sql.DB) error {
	rows, err := db.Query(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)
	if err != nil {
		return errors.New(openFault(err))
	}
	defer rows.Close()
	var names []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return err
		}
		switch n {
		case "fieldkit_meta", "tables", "table_games", "games": // fieldkit's, or an older fieldkit's
			return nil
		}
		names = append(names, n)
	}
	if err := rows.Err(); err != nil {
		return errors.New(openFault(err))
	}
	if len(names) > 0 {
		return fmt.Errorf("this is another program's SQLite database (tables %s), not a fieldkit database: choose another file with --db", strings.Join(names, ", "))
	}
	return nil
}

// openFault says what is wrong with a database that does not open, and
// what to do.
func openFault(err error) string {
	msg := err.Error()
	switch {
	case strings.Contains(msg, "readonly") || strings.Contains(msg, "read-only") || strings.Contains(msg, "(8)"):
		return "the file cannot be written (read-only file or folder): make both writable, or choose another file with --db"
	case strings.Contains(msg, "full"):
		return "the disk is full: free some space and start again"
	case strings.Contains(msg, "not a database") || strings.Contains(msg, "malformed") || strings.Contains(msg, "(26)") || strings.Contains(msg, "(11)"):
		return msg + " (is it a fieldkit database? choose another file with --db)"
	case strings.Contains(msg, "(14)"), strings.Contains(msg, "unable to open"):
		return "the file cannot be opened: check that its folder exists and may be written, or choose another file with --db"
	}
	return msg + " (is it a fieldkit database? choose another file with --db)"
}

// Fault says what a failed change's storage error means for the people at
// the table, without the database's file name or SQL: the change did not
// happen, and what to do. The full error goes to the server's log.
func Fault(err error) string { return FaultMsg(err).In("en") }

// FaultMsg is Fault as a message of the catalog.
func FaultMsg(err error) catalog.Msg {
	msg := err.Error()
	switch {
	case strings.Contains(msg, "readonly") || strings.Contains(msg, "read-only"):
		return catalog.M("fault.readonly")
	case strings.Contains(msg, "full"):
		return catalog.M("fault.full")
	case strings.Contains(msg, "malformed") || strings.Contains(msg, "not a database"):
		return catalog.M("fault.damaged")
	}
	return catalog.M("fault.other")
}

// Path returns the database file's path.
func (s *Store) Path() string { return s.path }

// DB returns the database, for reading (tests and tools).
func (s *Store) DB() *sql.DB { return s.db }

// CommitStats returns how many transactions the writer committed and how many
// changes they held (group commit; both 0 with EachCommit).
func (s *Store) CommitStats() (batches, changes int64) {
	return s.batches.Load(), s.changes.Load()
}

// Close closes the database and lets go of its lock. Changes already handed
// to the writer are committed first.
func (s *Store) Close() error {
	if s.commits != nil {
		s.closing.Lock()
		if !s.closed {
			s.closed = true
			close(s.commits)
		}
		s.closing.Unlock()
		<-s.writerDone
	}
	err := s.db.Close()
	if s.lock != nil {
		s.lock.Close()
	}
	return err
}

// errNotFound is returned for an unknown table, game or seat.
var errNotFound = errors.New("not found")

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

func timeText(t time.Time) string { return t.UTC().Format(time.RFC3339Nano) }

func parseTime(s string) time.Time {
	t, _ := time.Parse(time.RFC3339Nano, s)
	return t
}

// storedTable is a table as the database holds it.
type storedTable struct {
	id, hostToken string
	created       time.Time
	lang          string       // the table's language, "" when none was chosen
	seats         []storedSeat // seat 1 first
}

type storedSeat struct {
	token  string
	device string
}

// storedEvent is one logged event; what it led to comes from replaying it.
type storedEvent struct {
	Event json.RawMessage
	at    time.Time
}

// createTable stores a new table with its seats.
func createTable(ctx context.Context, tx *sql.Tx, t *storedTable) error {
	if _, err := tx.ExecContext(ctx, `INSERT INTO tables (id, host_token, created, lang) VALUES (?, ?, ?, ?)`,
		t.id, t.hostToken, timeText(t.created), t.lang); err != nil {
		return err
	}
	return addSeats(ctx, tx, t.id, 0, t.seats)
}

// addSeats stores seats numbered from first+1.
func addSeats(ctx context.Context, tx *sql.Tx, table string, first int, seats []storedSeat) error {
	for i, st := range seats {
		if _, err := tx.ExecContext(ctx, `INSERT INTO table_seats (tbl, seat, token, device) VALUES (?, ?, ?, ?)`,
			table, first+i+1, st.token, st.device); err != nil {
			return err
		}
	}
	return nil
}

// createGame stores game g as number n of its table.
func createGame(ctx context.Context, tx *sql.Tx, g Stored, n int) error {
	parts, err := json.Marshal(g.Parts)
	if err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO table_games (id, tbl, n, family, setup, parts, created) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		g.ID, g.Table, n, g.Family, string(g.Setup), string(parts), timeText(g.Created))
	return err
}

// abandonGame records that game was left unfinished, after events events,
// for its table's next game: it stays in the table's list of games.
func abandonGame(ctx context.Context, tx *sql.Tx, game string, events int, at time.Time) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO abandoned_games (game, events, at) VALUES (?, ?, ?)`, game, events, timeText(at))
	return err
}

// TableGame is one game of a table's list of games (GET /api/tables/{id}).
type TableGame struct {
	ID        string    `json:"id"`
	Number    int       `json:"number"` // at the table: 1, 2, ...
	Game      string    `json:"game"`   // the "game" of its setup: duet, classic, insidejob, ...
	Created   time.Time `json:"created"`
	Events    int       `json:"events"`              // events played
	Abandoned bool      `json:"abandoned,omitempty"` // left unfinished for the table's next game
}

// tableGames lists the games of a table, oldest first.
func (s *Store) tableGames(ctx context.Context, table string) ([]TableGame, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT g.id, g.n, g.setup, g.created, (SELECT COUNT(*) FROM game_events e WHERE e.game = g.id),
		EXISTS (SELECT 1 FROM abandoned_games a WHERE a.game = g.id)
		FROM table_games g WHERE g.tbl = ? ORDER BY g.n`, table)
	if err != nil {
		return nil, fmt.Errorf("database: %w", err)
	}
	defer rows.Close()
	out := []TableGame{}
	for rows.Next() {
		var tg TableGame
		var setup, created string
		if err := rows.Scan(&tg.ID, &tg.Number, &setup, &created, &tg.Events, &tg.Abandoned); err != nil {
			return nil, err
		}
		var head struct {
			Game string `json:"game"`
		}
		if json.Unmarshal([]byte(setup), &head) == nil {
			tg.Game = head.Game
		}
		tg.Created = parseTime(created)
		out = append(out, tg)
	}
	return out, rows.Err()
}

// appendEvents commits events as numbers first, first+1, ... of a game.
func appendEvents(ctx context.Context, tx *sql.Tx, game string, first int, events []LoggedEvent, at time.Time) error {
	for i, e := range events {
		if _, err := tx.ExecContext(ctx, `INSERT INTO game_events (game, seq, event, at) VALUES (?, ?, ?, ?)`,
			game, first+i, string(e.Event), timeText(at)); err != nil {
			return err
		}
	}
	return nil
}

// replaceSetup stores a new setup of a game.
func replaceSetup(ctx context.Context, tx *sql.Tx, game string, setup []byte) error {
	_, err := tx.ExecContext(ctx, `UPDATE table_games SET setup = ? WHERE id = ?`, string(setup), game)
	return err
}

// deleteEvent removes event number seq of a game (undo).
func deleteEvent(ctx context.Context, tx *sql.Tx, game string, seq int) error {
	r, err := tx.ExecContext(ctx, `DELETE FROM game_events WHERE game = ? AND seq = ?`, game, seq)
	if err != nil {
		return err
	}
	if n, _ := r.RowsAffected(); n != 1 {
		return fmt.Errorf("undo: game %s has no event %d", game, seq)
	}
	return nil
}

// setTableLang records a table's language.
func setTableLang(ctx context.Context, tx *sql.Tx, table, lang string) error {
	r, err := tx.ExecContext(ctx, `UPDATE tables SET lang = ? WHERE id = ?`, lang, table)
	if err != nil {
		return err
	}
	if n, _ := r.RowsAffected(); n != 1 {
		return fmt.Errorf("table %s: %w", table, errNotFound)
	}
	return nil
}

// setDevice records which device holds a seat ("" frees it).
func setDevice(ctx context.Context, tx *sql.Tx, table string, seat int, device string) error {
	_, err := tx.ExecContext(ctx, `UPDATE table_seats SET device = ? WHERE tbl = ? AND seat = ?`, device, table, seat)
	return err
}

// loadTable reads a table and its seats; errNotFound for an unknown id.
func (s *Store) loadTable(ctx context.Context, id string) (*storedTable, error) {
	t := &storedTable{id: id}
	var created string
	err := s.db.QueryRowContext(ctx, `SELECT host_token, created, lang FROM tables WHERE id = ?`, id).Scan(&t.hostToken, &created, &t.lang)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("database: table %s: %w", id, err)
	}
	t.created = parseTime(created)
	rows, err := s.db.QueryContext(ctx, `SELECT seat, token, device FROM table_seats WHERE tbl = ? ORDER BY seat`, id)
	if err != nil {
		return nil, fmt.Errorf("database: seats of %s: %w", id, err)
	}
	defer rows.Close()
	for rows.Next() {
		var n int
		var st storedSeat
		if err := rows.Scan(&n, &st.token, &st.device); err != nil {
			return nil, err
		}
		if n != len(t.seats)+1 {
			return nil, fmt.Errorf("database: table %s: seat %d follows seat %d", id, n, len(t.seats))
		}
		t.seats = append(t.seats, st)
	}
	return t, rows.Err()
}

// currentGame returns the id and number of a table's newest game, or "" and 0.
func (s *Store) currentGame(ctx context.Context, table string) (string, int, error) {
	var id string
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT id, n FROM table_games WHERE tbl = ? ORDER BY n DESC LIMIT 1`, table).Scan(&id, &n)
	if errors.Is(err, sql.ErrNoRows) {
		return "", 0, nil
	}
	if err != nil {
		return "", 0, fmt.Errorf("database: %w", err)
	}
	return id, n, nil
}

// loadGame reads a game and its events; errNotFound for an unknown id.
func (s *Store) loadGame(ctx context.Context, id string) (Stored, []storedEvent, error) {
	g := Stored{ID: id}
	var setup, parts, created string
	err := s.db.QueryRowContext(ctx, `SELECT tbl, family, setup, parts, created FROM table_games WHERE id = ?`, id).
		Scan(&g.Table, &g.Family, &setup, &parts, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return g, nil, errNotFound
	}
	if err != nil {
		return g, nil, fmt.Errorf("database: game %s: %w", id, err)
	}
	g.Setup, g.Created = []byte(setup), parseTime(created)
	if err := json.Unmarshal([]byte(parts), &g.Parts); err != nil {
		return g, nil, fmt.Errorf("database: game %s: parts %s: %w", id, parts, err)
	}
	rows, err := s.db.QueryContext(ctx, `SELECT seq, event, at FROM game_events WHERE game = ? ORDER BY seq`, id)
	if err != nil {
		return g, nil, fmt.Errorf("database: events of %s: %w", id, err)
	}
	defer rows.Close()
	var events []storedEvent
	for rows.Next() {
		var seq int
		var text, at string
		var e storedEvent
		if err := rows.Scan(&seq, &text, &at); err != nil {
			return g, nil, err
		}
		if seq != len(events)+1 {
			return g, nil, fmt.Errorf("database: game %s: event %d follows event %d", id, seq, len(events))
		}
		e.Event, e.at = json.RawMessage(text), parseTime(at)
		events = append(events, e)
	}
	return g, events, rows.Err()
}

// byToken returns the table whose host token or seat token is token, and the
// seat (0 for the host token). Tokens never change once stored: a token found
// is remembered, and the phone's next request does not read the database.
func (s *Store) byToken(ctx context.Context, token string) (string, int, error) {
	if hit, ok := s.known.token(token); ok {
		return hit.table, hit.seat, nil
	}
	var id string
	err := s.db.QueryRowContext(ctx, `SELECT id FROM tables WHERE host_token = ?`, token).Scan(&id)
	if err == nil {
		s.known.addToken(token, tokenHit{id, 0})
		return id, 0, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return "", 0, fmt.Errorf("database: %w", err)
	}
	var seat int
	err = s.db.QueryRowContext(ctx, `SELECT tbl, seat FROM table_seats WHERE token = ?`, token).Scan(&id, &seat)
	if errors.Is(err, sql.ErrNoRows) {
		return "", 0, errNotFound
	}
	if err != nil {
		return "", 0, fmt.Errorf("database: %w", err)
	}
	s.known.addToken(token, tokenHit{id, seat})
	return id, seat, nil
}

// tableOf returns the table of a game; errNotFound for an unknown game. A
// game never moves to another table: the answer is remembered.
func (s *Store) tableOf(ctx context.Context, game string) (string, error) {
	if id, ok := s.known.game(game); ok {
		return id, nil
	}
	var id string
	err := s.db.QueryRowContext(ctx, `SELECT tbl FROM table_games WHERE id = ?`, game).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", errNotFound
	}
	if err != nil {
		return "", fmt.Errorf("database: %w", err)
	}
	s.known.addGame(game, id)
	return id, nil
}

// known remembers what the database said about tokens and games that exist
// (never an unknown one: a guess costs a read, as before). What it holds
// never changes in the database, so it is never stale. It is bounded: when
// full it starts again empty.
type known struct {
	mu     sync.Mutex
	tokens map[string]tokenHit
	games  map[string]string
}

// tokenHit is the table and seat (0: the host) of a token.
type tokenHit struct {
	table string
	seat  int
}

// knownMax bounds each of known's maps.
const knownMax = 8192

func (k *known) token(t string) (tokenHit, bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	h, ok := k.tokens[t]
	return h, ok
}

func (k *known) addToken(t string, h tokenHit) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.tokens == nil || len(k.tokens) >= knownMax {
		k.tokens = map[string]tokenHit{}
	}
	k.tokens[t] = h
}

func (k *known) game(g string) (string, bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	id, ok := k.games[g]
	return id, ok
}

func (k *known) addGame(g, table string) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.games == nil || len(k.games) >= knownMax {
		k.games = map[string]string{}
	}
	k.games[g] = table
}

// GameSummary is one line of the game list.
type GameSummary struct {
	ID      string    `json:"id"`
	Table   string    `json:"table"`
	Game    string    `json:"game"`
	Created time.Time `json:"created"`
	Events  int       `json:"events"`
}

// games lists the games, newest first, at most limit. game names the game
// by the "game" field of its setup.
func (s *Store) games(ctx context.Context, limit int) ([]GameSummary, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT g.id, g.tbl, g.setup, g.created, (SELECT COUNT(*) FROM game_events e WHERE e.game = g.id)
		FROM table_games g ORDER BY g.created DESC, g.rowid DESC LIMIT ?`, limit)
	if err != nil {
		return nil, fmt.Errorf("database: %w", err)
	}
	defer rows.Close()
	var out []GameSummary
	for rows.Next() {
		var gs GameSummary
		var setup, created string
		if err := rows.Scan(&gs.ID, &gs.Table, &setup, &created, &gs.Events); err != nil {
			return nil, err
		}
		var head struct {
			Game string `json:"game"`
		}
		if json.Unmarshal([]byte(setup), &head) == nil {
			gs.Game = head.Game
		}
		gs.Created = parseTime(created)
		out = append(out, gs)
	}
	return out, rows.Err()
}

// current lists the current game of each table, newest first, at most limit.
func (s *Store) current(ctx context.Context, limit int) ([]Stored, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT g.id, g.tbl, g.family, g.setup, g.parts, g.created FROM table_games g
		WHERE g.n = (SELECT MAX(n) FROM table_games h WHERE h.tbl = g.tbl) ORDER BY g.created DESC, g.rowid DESC LIMIT ?`, limit)
	if err != nil {
		return nil, fmt.Errorf("database %s: %w", s.path, err)
	}
	defer rows.Close()
	var out []Stored
	for rows.Next() {
		var g Stored
		var setup, parts, created string
		if err := rows.Scan(&g.ID, &g.Table, &g.Family, &setup, &parts, &created); err != nil {
			return nil, err
		}
		g.Setup, g.Created = []byte(setup), parseTime(created)
		if err := json.Unmarshal([]byte(parts), &g.Parts); err != nil {
			return nil, fmt.Errorf("database %s: game %s: parts: %w", s.path, g.ID, err)
		}
		out = append(out, g)
	}
	return out, rows.Err()
}
