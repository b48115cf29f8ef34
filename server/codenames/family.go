// Package codenames is Codenames (Duet and classic) at fieldkit's table
// server: how a game starts (key cards, words, printed decks, campaign
// missions), what each seat's phone may send and sees (a Duet key card side,
// the classic spymasters' key), the camera referee that turns photos and
// frames into guesses, covers and warnings, the Duet campaigns, and the
// pages. It plugs into package server as a server.Family.
package codenames

import (
	"context"
	"embed"
	"errors"
	"fieldkit/catalog"
	"io/fs"
	"net/http"
	"strings"
	"sync"

	"fieldkit/deck"
	rules "fieldkit/engine/codenames"
	"fieldkit/missionmap"
	"fieldkit/server"
)

// assets are the Codenames pages: templates and static files, built in.
//
//go:embed assets
var assets embed.FS

// Family is Codenames as the table server plays it.
type Family struct {
	// Scanner reads photos of the table (camera/codenames.Photos); nil for a
	// server without one, which answers uploads with 501.
	Scanner Scanner
	// Track returns a tracker of the camera's frames for a game played
	// with deck d (camera/codenames.NewTracker); nil for a server whose
	// camera does not referee Codenames.
	Track func(d *deck.Deck, hold int) Tracker
	// Boxed reads photos of a table laid with the boxed game's own word
	// cards, which carry no markers, by their words
	// (camera/codenames.RetailPhotos): the deck it is handed holds the
	// board's 25 words, row by row from seat A, and their language. nil for
	// a server without it.
	Boxed Scanner
	// TrackBoxed returns a tracker of the camera's frames for a boxed
	// set's table (camera/codenames.NewRetailTracker), with a deck as
	// Boxed's; nil for a server whose camera does not read boxed sets.
	TrackBoxed func(d *deck.Deck, hold int) (Tracker, error)

	mu   sync.Mutex
	maps map[string]*missionmap.Map // loaded mission maps by upper-case code
	env  *server.Env                // set by Routes, which the server calls first
}

// New returns the Codenames family with a scanner (or nil for none).
func New(sc Scanner) *Family {
	return &Family{Scanner: sc, maps: map[string]*missionmap.Map{}}
}

var _ server.Family = (*Family)(nil)

// Name implements server.Family.
func (f *Family) Name() string { return "codenames" }

// Games implements server.Family.
func (f *Family) Games() []string { return []string{"duet", "classic"} }

// Assets implements server.Family.
func (f *Family) Assets() fs.FS {
	sub, err := fs.Sub(assets, "assets")
	if err != nil {
		panic("codenames: assets: " + err.Error()) // the folder is embedded
	}
	return sub
}

// Status implements server.Family: 400 for a malformed event or setup, 409
// for an event the rules refuse now (a photo's errors are the server's).
func (f *Family) Status(err error) int {
	switch {
	case errors.Is(err, errNotOwner):
		return http.StatusForbidden
	case errors.Is(err, rules.ErrEvent), errors.Is(err, rules.ErrSetup):
		return http.StatusBadRequest
	case errors.Is(err, rules.ErrOver), errors.Is(err, rules.ErrOrder), errors.Is(err, rules.ErrTurn),
		errors.Is(err, rules.ErrCovered), errors.Is(err, rules.ErrKnown), errors.Is(err, rules.ErrNoAgent),
		errors.Is(err, rules.ErrNoGreens):
		return http.StatusConflict
	}
	return 0
}

// homeData is the data of the "home-codenames" template.
type homeData struct {
	Missions  []MissionView // the rulebook map's missions
	Campaigns []CampaignView
}

// Home implements server.Family.
func (f *Family) Home(ctx context.Context, env *server.Env) any {
	var d homeData
	if m, err := f.loadMap("rulebook"); err == nil {
		for _, ms := range m.Missions {
			d.Missions = append(d.Missions, MissionView{ID: ms.ID, Name: ms.Name, City: catalog.Of(ms), Turns: ms.Turns, Mistakes: ms.Mistakes})
		}
	}
	ids, err := campaigns(ctx, env.DB)
	if err != nil {
		return d
	}
	for _, id := range ids {
		if c, m, err := f.campaign(ctx, env.DB, id); err == nil {
			d.Campaigns = append(d.Campaigns, campaignView(id, c, m))
		}
	}
	return d
}

// Routes implements server.Family: the campaign API.
func (f *Family) Routes(mux *http.ServeMux, env *server.Env) {
	f.env = env
	if err := f.ownLegacyCampaigns(context.Background()); err != nil {
		env.Logf("campaigns without owners: %v", err)
	}
	mux.HandleFunc("POST /api/campaigns", f.createCampaign)
	mux.HandleFunc("GET /api/campaigns", f.listCampaigns)
	mux.HandleFunc("GET /api/campaigns/{id}", f.getCampaign)
	mux.HandleFunc("GET /k/{code}", f.sideLanding)
}

// loadMap returns the map a code names, cached: generated maps take a moment.
func (f *Family) loadMap(code string) (*missionmap.Map, error) {
	if code == "" {
		code = "rulebook"
	}
	f.mu.Lock()
	if f.maps == nil {
		f.maps = map[string]*missionmap.Map{}
	}
	m, ok := f.maps[strings.ToUpper(code)]
	f.mu.Unlock()
	if ok {
		return m, nil
	}
	m, err := missionmap.Load(code)
	if err != nil {
		return nil, err
	}
	f.mu.Lock()
	f.maps[strings.ToUpper(code)] = m
	f.maps[strings.ToUpper(m.Code)] = m
	f.mu.Unlock()
	return m, nil
}
