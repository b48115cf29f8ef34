package server

import (
	"context"
	"database/sql"
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
