package codenames

import (
	"bytes"
	"context"
	"crypto/subtle"
	"database/sql"
	"encoding/base32"
	"encoding/json"
	"errors"
	"fieldkit/catalog"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	rules "fieldkit/engine/codenames"
	"fieldkit/missionmap"
	"fieldkit/server"
	"fieldkit/textrule"
)

// A campaign is a team's progress on a Duet mission map, kept between
// evenings: which missions they played, when, whether they won and the score.
// A Duet game started for a campaign mission records its result in the same
// transaction as the event that ends it; undoing that event takes it back.

// CampaignView is a campaign as the API shows it.
type CampaignView struct {
	ID       string              `json:"id"`
	Team     string              `json:"team"`
	Map      string              `json:"map"` // the map's code
	MapName  string              `json:"map_name"`
	MapTitle catalog.Msg         `json:"map_title"` // the map's title, said in the reader's language
	Results  []missionmap.Result `json:"results"`
	Ticked   []string            `json:"ticked"`   // won missions, in map order
	Playable []MissionView       `json:"playable"` // missions the team may play now
	// Token is the campaign's owner token, in the answer that makes the
	// campaign only: a game counts for the campaign only when its request
	// carries it ("campaign_token"). Keep it like a host link.
	Token string `json:"token,omitempty"`
}

// MissionView is a mission the team may play.
type MissionView struct {
	ID       string      `json:"id"`
	Name     string      `json:"name"` // as the map stores it
	City     catalog.Msg `json:"city"` // the city, said in the reader's language
	Turns    int         `json:"turns"`
	Mistakes int         `json:"mistakes"`
}

// NewCampaign is the body of POST /api/campaigns.
type NewCampaign struct {
	Team string `json:"team"`
	Map  string `json:"map"` // "rulebook" (default) or a map code
}

// campaignResult is a finished campaign game, to be stored with its last event.
type campaignResult struct {
	campaign, game string
	r              missionmap.Result
}

// campaign reads a campaign and its map.
func (f *Family) campaign(ctx context.Context, db *sql.DB, id string) (missionmap.Campaign, *missionmap.Map, error) {
	c, code, err := loadCampaign(ctx, db, id)
	if err != nil {
		return c, nil, err
	}
	m, err := f.loadMap(code)
	return c, m, err
}

func campaignView(id string, c missionmap.Campaign, m *missionmap.Map) CampaignView {
	v := CampaignView{ID: id, Team: c.Team, Map: m.Code, MapName: m.Name, MapTitle: m.Title(), Results: c.Results, Ticked: []string{}, Playable: []MissionView{}}
	if v.Results == nil {
		v.Results = []missionmap.Result{}
	}
	ticked := c.Ticked(m)
	for _, ms := range m.Missions {
		if ticked[ms.ID] {
			v.Ticked = append(v.Ticked, ms.ID)
		}
	}
	for _, id := range c.Playable(m) {
		ms, _ := m.Mission(id)
		v.Playable = append(v.Playable, MissionView{ID: ms.ID, Name: ms.Name, City: catalog.Of(ms), Turns: ms.Turns, Mistakes: ms.Mistakes})
	}
	return v
}

// createCampaign: POST /api/campaigns.
func (f *Family) createCampaign(w http.ResponseWriter, r *http.Request) {
	if !f.env.AllowCreate(w, r) {
		return
	}
	body, ok := server.ReadBody(w, r, 64<<10)
	if !ok {
		return
	}
	var req NewCampaign
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		server.WriteSaid(w, http.StatusBadRequest, catalog.M("cn.campaign.json"), "new campaign: %v; send e.g. {\"team\":\"Ola and Piotr\",\"map\":\"rulebook\"}", err)
		return
	}
	if _, err := dec.Token(); err != io.EOF {
		server.WriteSaid(w, http.StatusBadRequest, catalog.M("cn.campaign.json"), "new campaign: more after the JSON object; send one object")
		return
	}
	if strings.TrimSpace(req.Team) != "" {
		team, err := textrule.Check(nil, catalog.M("text.field.team"), req.Team)
		if err != nil {
			server.WriteSaid(w, http.StatusBadRequest, catalog.Of(err.(catalog.Sayable)), "new campaign: \"team\": %v", err)
			return
		}
		req.Team = team
	}
	if strings.TrimSpace(req.Team) == "" || len(req.Team) > 100 {
		server.WriteSaid(w, http.StatusBadRequest, catalog.M("cn.campaign.team"), "new campaign: \"team\" must name the team in 1 to 100 bytes")
		return
	}
	m, err := f.loadMap(req.Map)
	if err != nil {
		server.WriteSaid(w, http.StatusBadRequest, catalog.M("cn.campaign.map", "code", req.Map), "map %q: %v", req.Map, err)
		return
	}
	id, err := f.newID()
	var token string
	if err == nil {
		token, err = f.newToken()
	}
	if err == nil {
		err = createCampaign(r.Context(), f.env.Tx, id, token, req.Team, m.Code, f.env.Now())
	}
	if err != nil {
		f.env.Logf("new campaign: %v", err)
		server.WriteSaid(w, http.StatusInternalServerError, catalog.M("cn.campaign.not_saved"), "the campaign was not saved: the database failed (the server's log says why)")
		return
	}
	w.Header().Set("Location", "/api/campaigns/"+id)
	v := campaignView(id, missionmap.Campaign{Team: req.Team}, m)
	v.Token = token
	server.WriteJSON(w, http.StatusCreated, v)
}

// getCampaign: GET /api/campaigns/{id}.
func (f *Family) getCampaign(w http.ResponseWriter, r *http.Request) {
	if len(r.PathValue("id")) > 64 {
		server.WriteSaid(w, http.StatusNotFound, catalog.M("cn.campaign.none"), "no campaign with this id")
		return
	}
	c, m, err := f.campaign(r.Context(), f.env.DB, r.PathValue("id"))
	if err != nil {
		server.WriteSaid(w, campaignStatus(err), campaignMsg(err), "campaign %q: %v", r.PathValue("id"), err)
		return
	}
	server.WriteJSON(w, http.StatusOK, campaignView(r.PathValue("id"), c, m))
}

// listCampaigns: GET /api/campaigns.
func (f *Family) listCampaigns(w http.ResponseWriter, r *http.Request) {
	ids, err := campaigns(r.Context(), f.env.DB)
	if err != nil {
		server.WriteSaid(w, http.StatusInternalServerError, catalog.M("cn.campaign.failed"), "%v", err)
		return
	}
	out := []CampaignView{}
	for _, id := range ids {
		c, m, err := f.campaign(r.Context(), f.env.DB, id)
		if err != nil {
			server.WriteSaid(w, campaignStatus(err), campaignMsg(err), "campaign %s: %v", id, err)
			return
		}
		out = append(out, campaignView(id, c, m))
	}
	server.WriteJSON(w, http.StatusOK, out)
}

// errNotOwner refuses a campaign game whose request lacks the campaign's
// owner token (403).
var errNotOwner = errors.New("a game counts for a campaign only with the campaign's owner token")

// campaignMsg is the message of a campaign that cannot be read.
func campaignMsg(err error) catalog.Msg {
	if errors.Is(err, errNoCampaign) {
		return catalog.M("cn.campaign.none")
	}
	return catalog.M("cn.campaign.failed")
}

// campaignMission checks that the owner of a campaign (token) may play a
// mission now and returns it.
func (f *Family) campaignMission(ctx context.Context, db *sql.DB, campaign, token, mission string) (missionmap.Mission, error) {
	if len(campaign) > 64 {
		return missionmap.Mission{}, refuse(rules.ErrSetup, "cn.campaign.none", fmt.Sprintf("no campaign %.64q", campaign))
	}
	owner, err := campaignOwner(ctx, db, campaign)
	if errors.Is(err, errNoCampaign) {
		return missionmap.Mission{}, refuse(rules.ErrSetup, "cn.campaign.none", fmt.Sprintf("no campaign %q", campaign))
	}
	if err != nil {
		return missionmap.Mission{}, err
	}
	if !ownerToken(token, owner) {
		return missionmap.Mission{}, refuse(errNotOwner, "cn.campaign.not_owner", "send its \"campaign_token\", which the answer that made the campaign gave (the home page of the browser that made it keeps it)")
	}
	c, m, err := f.campaign(ctx, db, campaign)
	if errors.Is(err, errNoCampaign) {
		return missionmap.Mission{}, refuse(rules.ErrSetup, "cn.campaign.none", fmt.Sprintf("no campaign %q", campaign))
	}
	if err != nil {
		return missionmap.Mission{}, err
	}
	for _, id := range c.Playable(m) {
		if id == mission {
			ms, _ := m.Mission(id)
			return ms, nil
		}
	}
	if _, ok := m.Mission(mission); !ok {
		return missionmap.Mission{}, refuse(rules.ErrSetup, "cn.campaign.no_mission", fmt.Sprintf("%q is not a mission of %s", mission, m.Name), "mission", mission)
	}
	return missionmap.Mission{}, refuse(rules.ErrSetup, "cn.campaign.not_playable", fmt.Sprintf("%s cannot play %q now: it is ticked or not joined to a ticked mission (playable: %s)",
		c.Team, mission, strings.Join(c.Playable(m), ", ")), "mission", mission)
}

// finished returns the campaign result when the change from before to after
// ends a campaign game.
func (g game) finished(before, after rules.Session, at time.Time) *campaignResult {
	if g.info.campaign == "" || before.View().Status == "won" || before.View().Status == "lost" {
		return nil
	}
	v := after.View()
	if v.Status != "won" && v.Status != "lost" {
		return nil
	}
	r := missionmap.Result{Mission: g.info.mission, Won: v.Status == "won", Date: at.UTC()}
	if r.Won && v.Score != nil {
		r.Score = *v.Score
	}
	return &campaignResult{campaign: g.info.campaign, game: g.id, r: r}
}

// campaignStatus is the HTTP status of a campaign lookup's error.
func campaignStatus(err error) int {
	if errors.Is(err, errNoCampaign) {
		return http.StatusNotFound
	}
	return http.StatusInternalServerError
}

// ownerToken reports whether token is a campaign's owner token, in
// constant time.
func ownerToken(token, owner string) bool {
	return token != "" && owner != "" && subtle.ConstantTimeCompare([]byte(token), []byte(owner)) == 1
}

// newToken draws a fresh owner token: 160 bits in 32 base32 characters.
func (f *Family) newToken() (string, error) {
	b, err := f.env.Rand(20)
	if err != nil {
		return "", err
	}
	return strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b)), nil
}

// ownLegacyCampaigns gives every campaign made before campaigns had owners
// a token, and logs it for whoever runs the server: the only place where a
// token of an existing campaign is ever shown.
func (f *Family) ownLegacyCampaigns(ctx context.Context) error {
	ids, err := ownerless(ctx, f.env.DB)
	if err != nil {
		return err
	}
	for _, id := range ids {
		token, err := f.newToken()
		if err != nil {
			return err
		}
		if err := f.env.Tx(ctx, func(tx *sql.Tx) error { return setOwner(ctx, tx, id, token) }); err != nil {
			return err
		}
		f.env.Logf("campaign %s was made before campaigns had owners: its owner token is %s (enter it on the home page when you start its next game)", id, token)
	}
	return nil
}

// newID draws a fresh id of 8 base32 characters.
func (f *Family) newID() (string, error) {
	b, err := f.env.Rand(5)
	if err != nil {
		return "", err
	}
	return strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b)), nil
}
