package server

import (
	"context"
	"database/sql"
	"encoding/json"
	"fieldkit/catalog"
	"io/fs"
	"net/http"
	"time"
)

// A Family is a game family as the table server plays it. server/codenames
// is one; cmd/fieldkit registers each family with one line. The server owns
// tables, seats, tokens, storage, streams, uploads and the camera; a family
// owns its rules, what a seat may send, what a seat sees, its pages and its
// own tables in the database.
type Family interface {
	// Name names the family in URLs and the database, e.g. "codenames".
	Name() string
	// Games lists the game names the family starts, e.g. "duet", "classic".
	Games() []string
	// Schema is the family's own SQL tables: idempotent statements, applied
	// when the store opens. Migrate moves rows of an older fieldkit's
	// tables into them (it runs once, inside the store's migration).
	Schema() string
	Migrate(ctx context.Context, tx *sql.Tx) error
	// Start checks a new-game request and returns what the server stores.
	Start(ctx context.Context, env *Env, req StartRequest) (*Start, error)
	// Undo takes back the family's rows that a game's last event may have
	// written (a campaign result), in the undo's transaction.
	Undo(ctx context.Context, tx *sql.Tx, game string) error
	// Load rebuilds a stored game, before its events are applied.
	Load(ctx context.Context, env *Env, g Stored) (Game, error)
	// Status maps one of the family's errors to an HTTP status (400 for a
	// malformed request, 409 for a refused event), or 0 when it is not the
	// family's.
	Status(err error) int
	// Assets holds the family's pages: templates at the top (host.html,
	// seat.html and home.html, which defines "home-NAME"), and files under
	// static/, served at /static/NAME/.
	Assets() fs.FS
	// Home returns the data of the family's part of the home page.
	Home(ctx context.Context, env *Env) any
	// Routes adds the family's own endpoints (e.g. campaigns) to mux.
	Routes(mux *http.ServeMux, env *Env)
}

// StartRequest is a request to start a game at a table.
type StartRequest struct {
	ID   string          // the new game's id
	Game string          // one of the family's Games
	Body json.RawMessage // the whole request, as the client sent it
	// Previous is the table's current game, if any, for defaults such as a
	// rematch's options; nil at a new table.
	Previous *Stored
	// Table is the table's id, "" for a new table (nothing was played at it).
	Table string
	// Lang is the table's language (catalog.Langs, or catalog.Pseudo on a
	// test server), "" when none was chosen: the default language of what
	// the game deals (Codenames: its built-in word list).
	Lang string
}

// Start is a game ready to be stored: its setup and its parts.
type Start struct {
	// Setup is the family's canonical setup (the "new" event with the key
	// card, roles, ...). It is stored and never served.
	Setup []byte
	// Parts names the parts the game's seats play, e.g. "a", "b" (Duet) or
	// "red", "blue" (classic spymasters). Part i is played by the table's
	// seat i+1 unless the request says otherwise.
	Parts []string
	// Summary is a short public description for logs.
	Summary string
	// Game is the new game, ready to play: what Load will rebuild from
	// the stored setup and the rows Commit writes.
	Game Game
	// Commit stores the family's own rows for the new game (a deck, a
	// campaign mission) in the same transaction as the game; may be nil.
	Commit func(ctx context.Context, tx *sql.Tx, gameID string) error
}

// Stored is a game as the store holds it.
type Stored struct {
	ID      string
	Table   string
	Family  string
	Setup   []byte
	Parts   []string
	Created time.Time
}

// Game is one game's state in memory. It is a value: Apply returns the next
// state and leaves the receiver as it was, so a refused change and a failed
// commit leave the table untouched. The server serialises every call to a
// table's game under the table's lock.
type Game interface {
	// Apply applies one event line, sent by the host (part "") or by the
	// phone of the seat that plays part. It returns the next state and
	// the step to record.
	Apply(event []byte, part string, at time.Time) (Game, Step, error)
	// Public returns the family's part of the public state: a JSON
	// object's fields (encoded by encoding/json), merged into the state that
	// every screen gets. It must not depend on any secret.
	Public() any
	// Secret returns what the seat that plays part sees beyond the public
	// state (a key card side, a role): a JSON object's fields, merged into
	// that seat's state. part is "" for a seat without a part in this game.
	Secret(part string) any
	// Playing reports whether the game goes on (not won or lost).
	Playing() bool
}

// SealedLog is implemented by a Game whose event log must not be shown while
// it is played (the rules forbid looking back at earlier plays, or votes stay
// sealed until all are in): while HistorySealed reports true, the public state
// carries an empty history; "seq" still counts the events.
type SealedLog interface {
	HistorySealed() bool
}

// Replayer is implemented by a Game whose host may not send every event its
// log holds (a spymaster's cover, which needs the key): the server rebuilds
// a stored game with Replay, which applies an event the game accepted before,
// whoever sent it then, instead of Apply(event, "", at).
type Replayer interface {
	Replay(event []byte, at time.Time) (Game, Step, error)
}

// Step is what an accepted change records: the events to log, with what
// each led to, and the family's own rows to commit with them.
type Step struct {
	Events  []LoggedEvent
	Commit  func(ctx context.Context, tx *sql.Tx) error // may be nil
	Replace []byte                                      // a new setup to store (e.g. words read off the table), or nil
}

// LoggedEvent is one event in a game's log.
type LoggedEvent struct {
	Event  json.RawMessage // its canonical JSON
	Result string          // what it led to, shown in the history (e.g. what a guess found)
}

// Env is what the server offers a family: its randomness, clock, log, the
// store, and the games it holds in memory.
type Env struct {
	Rand    func(n int) ([]byte, error) // n random bytes (crypto/rand unless a test seeds it)
	Now     func() time.Time
	Logf    func(format string, args ...any)
	BaseURL string
	// Tx runs fn in one transaction of the store.
	Tx func(ctx context.Context, fn func(*sql.Tx) error) error
	// DB reads the store (family tables included).
	DB *sql.DB
	// HostOf checks that a request carries the host token of the table of
	// game id; on failure it has answered the request.
	HostOf func(w http.ResponseWriter, r *http.Request, gameID string) bool
	// Start starts a game at a table as POST /api/tables/{id}/games does
	// ("" starts a new table).
	StartGame func(ctx context.Context, table string, body []byte) (Created, error)
	// Current lists the current game of each table, newest first, at most limit.
	Current func(ctx context.Context, limit int) ([]Stored, error)
	// SeatLink returns the link of the seat that plays part in game, which
	// must be its table's current game.
	SeatLink func(ctx context.Context, game, part string) (string, error)
	// Message answers with a page that says one thing.
	Message func(w http.ResponseWriter, r *http.Request, code int, title, text catalog.Msg)
	// AllowCreate checks that the client of r may create something now
	// (a campaign): creations are rate limited by client address. On
	// refusal it has answered 429.
	AllowCreate func(w http.ResponseWriter, r *http.Request) bool
}

// Photos is implemented by a Game that reads photos of its table.
type Photos interface {
	// ReadsPhotos reports whether photos can be read (a server started
	// without the scanner cannot).
	ReadsPhotos() bool
	// ReadPhoto reads a photo whose type and size the server has checked.
	// It runs outside the table's lock, so it may use only what never
	// changes during a game (the printed deck).
	ReadPhoto(ctx context.Context, photo []byte) (Sight, error)
}

// Sight is what a photo or the camera saw on the table.
type Sight interface {
	// Unreadable returns the body of a 422 answer when the picture shows
	// nothing the game can use.
	Unreadable() (body any, unreadable bool)
	// Referee applies the sight to the current game (under the table's
	// lock): the next state, the step to record, and the report that the
	// upload's answer carries. source is "upload" or "camera"; part is the
	// part of the seat whose phone sent the photo, "" for the host and the
	// camera: a photo may cause only what its sender may do by hand.
	Referee(g Game, source, part string, at time.Time) (Game, Step, any, error)
	// Picture draws what was seen, for the host's camera view; may be nil.
	Picture() Picture
}

// Picture is an image of the table with what the scanner saw drawn on it.
type Picture interface {
	// JPEG returns the annotated image as a JPEG, its labels in lang,
	// scaled down to at most maxSide pixels wide and high.
	JPEG(lang string, maxSide int) ([]byte, error)
}

// Camera is the server's webcam (`fieldkit serve --camera N`) or, in tests, a
// video: frames as opaque values for the watched game's Watcher.
type Camera interface {
	// Next returns the next frame, valid until the next call; false when
	// there is none (the end of a video, a camera that stopped).
	Next() (Frame, bool)
}

// Frame is one camera frame; only the family's Watcher looks inside.
type Frame = any

// Watchable is implemented by a Game the camera can referee.
type Watchable interface {
	// Watch returns a watcher for this game; a change must hold over hold
	// consecutive frames before it counts.
	Watch(hold int) Watcher
}

// Watcher follows one game's table through the camera's frames.
type Watcher interface {
	// See reads one frame; a non-nil Sight is a change that held and is to
	// be refereed.
	See(f Frame) (Sight, error)
	// Seen is what the last frame kept for the view showed.
	Seen() Seen
	// View draws the last frame kept, its labels in lang, or returns nil.
	View(lang string, maxSide int) ([]byte, error)
	// Close lets go of what the watcher holds.
	Close()
}

// Seen is what the last frame a Watcher kept for the view showed, for the
// host page's camera status.
type Seen struct {
	// Kept is true once a frame was kept (the view has a picture).
	Kept bool
	// Read is true when the game's reader read the table in it.
	Read bool
	// Reason is why it was not read, in English (logs, tools); Why is the
	// same as a message of the catalog that a page says in its language.
	// Both are empty when the frame was read.
	Reason string
	Why    catalog.Msg
}

// Status is what the camera status says of s: "" before a frame was kept,
// "read" when the last frame was read, else the reader's reason, or "the
// table is not readable" when it gave none.
func (s Seen) Status() string {
	switch {
	case !s.Kept:
		return ""
	case s.Read:
		return "read"
	case s.Reason != "":
		return s.Reason
	}
	return "the table is not readable"
}
