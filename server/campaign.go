package server

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	rules "fieldkit/engine/codenames"
	"fieldkit/missionmap"
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
	Results  []missionmap.Result `json:"results"`
	Ticked   []string            `json:"ticked"`   // won missions, in map order
	Playable []MissionView       `json:"playable"` // missions the team may play now
}

// MissionView is a mission the team may play.
type MissionView struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	Turns    int    `json:"turns"`
	Mistakes int    `json:"mistakes"`
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

// loadMap returns the map a code names, cached: generated maps take a moment.
func (s *Server) loadMap(code string) (*missionmap.Map, error) {
	if code == "" {
		code = "rulebook"
	}
	s.mu.Lock()
	m, ok := s.maps[strings.ToUpper(code)]
	s.mu.Unlock()
	if ok {
		return m, nil
	}
	m, err := missionmap.Load(code)
	if err != nil {
		return nil, fmt.Errorf("%w: map %q: %w", rules.ErrSetup, code, err)
	}
	s.mu.Lock()
	s.maps[strings.ToUpper(code)] = m
	s.maps[strings.ToUpper(m.Code)] = m
	s.mu.Unlock()
	return m, nil
}

// campaign reads a campaign and its map.
func (s *Server) campaign(ctx context.Context, id string) (missionmap.Campaign, *missionmap.Map, error) {
	c, code, err := s.Store.loadCampaign(ctx, id)
	if err != nil {
		return c, nil, err
	}
	m, err := s.loadMap(code)
	return c, m, err
}

func campaignView(id string, c missionmap.Campaign, m *missionmap.Map) CampaignView {
	v := CampaignView{ID: id, Team: c.Team, Map: m.Code, MapName: m.Name, Results: c.Results, Ticked: []string{}, Playable: []MissionView{}}
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
		v.Playable = append(v.Playable, MissionView{ID: ms.ID, Name: ms.Name, Turns: ms.Turns, Mistakes: ms.Mistakes})
	}
	return v
}

// createCampaign: POST /api/campaigns.
func (s *Server) createCampaign(w http.ResponseWriter, r *http.Request) {
	body, ok := readBody(w, r, maxEventBody)
	if !ok {
		return
	}
	var req NewCampaign
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		writeError(w, http.StatusBadRequest, "new campaign: %v; send e.g. {\"team\":\"Ola and Piotr\",\"map\":\"rulebook\"}", err)
		return
	}
	req.Team = strings.TrimSpace(req.Team)
	if req.Team == "" || len(req.Team) > 100 {
		writeError(w, http.StatusBadRequest, "new campaign: \"team\" must name the team in 1 to 100 bytes")
		return
	}
	m, err := s.loadMap(req.Map)
	if err != nil {
		writeError(w, http.StatusBadRequest, "%v", err)
		return
	}
	id, err := s.randomString(5)
	if err == nil {
		err = s.Store.createCampaign(r.Context(), id, req.Team, m.Code, s.Now())
	}
	if err != nil {
		writeError(w, http.StatusInternalServerError, "%v", err)
		return
	}
	w.Header().Set("Location", "/api/campaigns/"+id)
	writeJSON(w, http.StatusCreated, campaignView(id, missionmap.Campaign{Team: req.Team}, m))
}

// getCampaign: GET /api/campaigns/{id}.
func (s *Server) getCampaign(w http.ResponseWriter, r *http.Request) {
	c, m, err := s.campaign(r.Context(), r.PathValue("id"))
	if err != nil {
		writeError(w, statusOf(err), "campaign %q: %v", r.PathValue("id"), err)
		return
	}
	writeJSON(w, http.StatusOK, campaignView(r.PathValue("id"), c, m))
}

// listCampaigns: GET /api/campaigns.
func (s *Server) listCampaigns(w http.ResponseWriter, r *http.Request) {
	ids, err := s.Store.campaigns(r.Context())
	if err != nil {
		writeError(w, http.StatusInternalServerError, "%v", err)
		return
	}
	out := []CampaignView{}
	for _, id := range ids {
		c, m, err := s.campaign(r.Context(), id)
		if err != nil {
			writeError(w, statusOf(err), "campaign %s: %v", id, err)
			return
		}
		out = append(out, campaignView(id, c, m))
	}
	writeJSON(w, http.StatusOK, out)
}

// campaignMission checks that a campaign may play a mission now and returns it.
func (s *Server) campaignMission(ctx context.Context, campaign, mission string) (missionmap.Mission, error) {
	c, m, err := s.campaign(ctx, campaign)
	if errors.Is(err, errNotFound) {
		return missionmap.Mission{}, fmt.Errorf("%w: no campaign %q", rules.ErrSetup, campaign)
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
		return missionmap.Mission{}, fmt.Errorf("%w: %q is not a mission of %s", rules.ErrSetup, mission, m.Name)
	}
	return missionmap.Mission{}, fmt.Errorf("%w: %s cannot play %q now: it is ticked or not joined to a ticked mission (playable: %s)",
		rules.ErrSetup, c.Team, mission, strings.Join(c.Playable(m), ", "))
}

// finished returns the campaign result when the change from before to after
// ends a campaign game.
func (t *table) finished(before, after rules.Session, at time.Time) *campaignResult {
	if t.campaign == "" || before.View().Status == "won" || before.View().Status == "lost" {
		return nil
	}
	v := after.View()
	if v.Status != "won" && v.Status != "lost" {
		return nil
	}
	r := missionmap.Result{Mission: t.mission, Won: v.Status == "won", Date: at.UTC()}
	if r.Won && v.Score != nil {
		r.Score = *v.Score
	}
	return &campaignResult{campaign: t.campaign, game: t.id, r: r}
}

// Store: campaigns and their results.

func (s *Store) createCampaign(ctx context.Context, id, team, mapCode string, at time.Time) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO campaigns (id, team, map, created) VALUES (?, ?, ?, ?)`, id, team, mapCode, at.UTC().Format(time.RFC3339Nano))
		return err
	})
}

func (s *Store) loadCampaign(ctx context.Context, id string) (missionmap.Campaign, string, error) {
	var c missionmap.Campaign
	var code string
	err := s.db.QueryRowContext(ctx, `SELECT team, map FROM campaigns WHERE id = ?`, id).Scan(&c.Team, &code)
	if errors.Is(err, sql.ErrNoRows) {
		return c, "", errNotFound
	}
	if err != nil {
		return c, "", fmt.Errorf("database %s: %w", s.path, err)
	}
	rows, err := s.db.QueryContext(ctx, `SELECT mission, won, date, score FROM results WHERE campaign = ? ORDER BY rowid`, id)
	if err != nil {
		return c, "", fmt.Errorf("database %s: %w", s.path, err)
	}
	defer rows.Close()
	for rows.Next() {
		var r missionmap.Result
		var date string
		if err := rows.Scan(&r.Mission, &r.Won, &date, &r.Score); err != nil {
			return c, "", err
		}
		r.Date, _ = time.Parse(time.RFC3339Nano, date)
		c.Results = append(c.Results, r)
	}
	return c, code, rows.Err()
}

func (s *Store) campaigns(ctx context.Context) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id FROM campaigns ORDER BY created DESC LIMIT 100`)
	if err != nil {
		return nil, fmt.Errorf("database %s: %w", s.path, err)
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// insertResult stores a finished campaign game inside tx.
func insertResult(ctx context.Context, tx *sql.Tx, r *campaignResult) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO results (campaign, game, mission, won, date, score) VALUES (?, ?, ?, ?, ?, ?)`,
		r.campaign, r.game, r.r.Mission, r.r.Won, r.r.Date.Format(time.RFC3339Nano), r.r.Score)
	return err
}
