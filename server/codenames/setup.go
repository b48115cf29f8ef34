package codenames

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fieldkit/catalog"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"fieldkit/deck"
	rules "fieldkit/engine/codenames"
	"fieldkit/keycards"
	"fieldkit/server"
	"fieldkit/textrule"
	"fieldkit/wordlists"
)

// NewGame is a request to start a Codenames game: the body of POST
// /api/games and POST /api/tables/{id}/games.
type NewGame struct {
	Game    string   `json:"game,omitempty"`    // "duet" or "classic"; empty for a rematch of the table's game
	Key     string   `json:"key,omitempty"`     // a key card code, or a printed Duet card's two side codes (in either order); empty draws a fresh card
	Mission *Mission `json:"mission,omitempty"` // Duet: the mission; default 9-9
	Loose   bool     `json:"loose,omitempty"`   // Duet: the looser turn order
	Variant string   `json:"variant,omitempty"` // classic: "teams" (default) or "solo"
	Words   []string `json:"words,omitempty"`   // the 25 words row by row (Duet: seen from seat A)
	Lang    string   `json:"lang,omitempty"`    // without words: draw 25 from this built-in list (by default the table's language's, else "en"; "none" for no words)
	// Deck is the printed deck the game is played with: its code from the
	// deck sheet ("W4NQR-FBS8W-UA", built-in word lists) or its manifest
	// (deck.json, any list). The scanner then reads words, not only places;
	// without "words" the game takes its words from the first scan that reads
	// all 25 cards.
	Deck json.RawMessage `json:"deck,omitempty"`
	// Boxed says the table lays the boxed game's own word cards (no
	// markers), whose words are in this language ("pl", "cs", "pt", "en"):
	// the camera reads them by their words, so the game needs its 25
	// words, typed ("words", row by row from seat A) or drawn from a list.
	// Not with a printed "deck".
	Boxed string `json:"boxed,omitempty"`
	// Campaign makes the game count for a campaign; the mission is then named
	// by its id on the campaign's map ({"id":"kahira"}) and must be playable.
	Campaign string `json:"campaign,omitempty"`
	// CampaignToken is the campaign's owner token: only its holder starts
	// the campaign's games.
	CampaignToken string `json:"campaign_token,omitempty"`
}

// Mission is a Duet mission in a new game request: turns and mistakes, or a
// mission id of the campaign's map.
type Mission struct {
	ID       string `json:"id,omitempty"`
	Turns    int    `json:"turns,omitempty"`
	Mistakes int    `json:"mistakes,omitempty"`
}

// Start implements server.Family: it checks the request, draws what it
// leaves open (the key card, the words) and returns the setup. A request
// without "game" at a table is a rematch: the table's game with the same
// options (mission, variant, turn order, word list, printed deck) and a
// fresh key card and words.
func (f *Family) Start(ctx context.Context, env *server.Env, sr server.StartRequest) (*server.Start, error) {
	var req NewGame
	dec := json.NewDecoder(bytes.NewReader(sr.Body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		return nil, refuse(rules.ErrSetup, "cn.setup.json", fmt.Sprintf("new game: %v; send e.g. {\"game\":\"duet\",\"mission\":{\"turns\":9,\"mistakes\":9}}", err))
	}
	if dec.More() {
		return nil, refuse(rules.ErrSetup, "cn.setup.json", "new game: more after the JSON object; send one object")
	}
	if sr.Previous != nil && sr.Previous.Family == f.Name() {
		var err error
		if req, err = f.rematch(ctx, env, sr, req); err != nil {
			return nil, err
		}
	}
	req.Game = sr.Game
	// The words as every screen shows them (textrule); the engine then
	// refuses two that are the same word.
	if req.Words != nil {
		words := make([]string, len(req.Words))
		for i, w := range req.Words {
			if strings.TrimSpace(w) == "" {
				continue // a cell without a word
			}
			var err error
			if words[i], err = textrule.Check(rules.ErrSetup, catalog.M("text.field.word", "n", i+1), w); err != nil {
				return nil, err
			}
		}
		req.Words = words
	}
	info := gameInfo{campaign: req.Campaign}
	if req.Campaign != "" {
		if req.Game != "duet" || req.Mission == nil || req.Mission.ID == "" {
			return nil, refuse(rules.ErrSetup, "cn.setup.campaign_duet", "a campaign game is Duet with a mission of the map: {\"game\":\"duet\",\"campaign\":\"ID\",\"mission\":{\"id\":\"praha\"}}")
		}
		ms, err := f.campaignMission(ctx, env.DB, req.Campaign, req.CampaignToken, req.Mission.ID)
		if err != nil {
			return nil, err
		}
		info.mission = ms.ID
		req.Mission = &Mission{Turns: ms.Turns, Mistakes: ms.Mistakes}
	} else if req.Mission != nil && req.Mission.ID != "" {
		return nil, refuse(rules.ErrSetup, "cn.setup.mission_campaign", "a mission id needs a \"campaign\"; without one give turns and mistakes")
	}
	d, err := deckOf(req.Deck)
	if err != nil {
		return nil, err
	}
	if d != nil && req.Words == nil {
		if req.Lang != "" {
			return nil, refuse(rules.ErrSetup, "cn.setup.deck_lang", "with a \"deck\" the words are the cards on the table: leave out \"lang\" (the first scan reads them) or give the 25 \"words\"")
		}
		req.Lang = "none"
	}
	info.deck = d
	if info.boxed, err = boxedOf(req, d); err != nil {
		return nil, err
	}
	if req.Words == nil && req.Lang == "" {
		req.Lang = listOf(sr.Lang) // the table's language picks the words
	}
	// The words the table was dealt from this list stay out until it is used up.
	dealt, err := dealtWords(ctx, env.DB, sr.Table, req.Lang)
	if err != nil {
		return nil, err
	}
	setup, err := setupOf(env, req, dealt)
	if err != nil {
		return nil, err
	}
	sess, err := rules.Replay(setup, nil)
	if err != nil {
		return nil, err
	}
	if req.Words == nil && req.Lang != "none" {
		info.lang = req.Lang
		if info.lang == "" {
			info.lang = "en"
		}
	}
	over := false
	if info.lang != "" {
		if l, err := wordlists.Builtin(info.lang); err == nil {
			_, over = fresh(l.Words, dealt, len(setup.Words))
		}
	}
	b, err := json.Marshal(rules.New(setup))
	if err != nil {
		return nil, err
	}
	return &server.Start{
		Game:    game{fam: f, id: sr.ID, setup: setup, sess: sess, info: info},
		Setup:   b,
		Parts:   partsOf(setup.Game),
		Summary: setup.Game.String(),
		Commit: func(ctx context.Context, tx *sql.Tx, id string) error {
			if err := saveGame(ctx, tx, id, info); err != nil {
				return err
			}
			if info.lang == "" {
				return nil
			}
			return saveDealt(ctx, tx, id, info.lang, setup.Words, over)
		},
	}, nil
}

// rematch fills what a request leaves open from the table's previous game:
// the words come from the same printed deck, or the same built-in list (the
// one of the table's language, when the table has one), and a request without
// "game" (a rematch) also keeps the mission, variant and turn order.
func (f *Family) rematch(ctx context.Context, env *server.Env, sr server.StartRequest, req NewGame) (NewGame, error) {
	prev := *sr.Previous
	e, err := rules.DecodeEvent(prev.Setup)
	if err != nil || e.Setup == nil {
		return req, fmt.Errorf("game %s: setup: %v", prev.ID, err)
	}
	info, err := loadInfo(ctx, env.DB, prev.ID)
	if err != nil {
		return req, err
	}
	old := e.Setup
	same := req.Game == ""
	if same && old.Game == keycards.Duet && req.Mission == nil && req.Campaign == "" {
		req.Mission = &Mission{Turns: old.Mission.Turns, Mistakes: old.Mission.Mistakes}
		req.Loose = req.Loose || old.Loose
	}
	if same && old.Game == keycards.Classic && req.Variant == "" {
		req.Variant = old.Variant.String()
	}
	if req.Boxed == "" && len(req.Deck) == 0 && info.boxed != "" && req.Lang != "none" {
		// The same box, new words. The words of a boxed set are the cards
		// dealt from the box, which only the host knows (unless the table
		// draws them from a list).
		if req.Words == nil && req.Lang == "" && info.lang == "" {
			return req, errBoxedRematch
		}
		req.Boxed = info.boxed
	}
	if req.Words == nil && req.Lang == "" && len(req.Deck) == 0 {
		switch {
		case info.deck != nil:
			b, err := json.Marshal(info.deck)
			if err != nil {
				return req, err
			}
			req.Deck = b
		case info.lang != "" && !slices.Contains(wordlists.Languages(), sr.Lang):
			req.Lang = info.lang // a table without a language of its own keeps its list
		case info.lang != "":
			// The table's language picks the list (Start), also after
			// the host changed it.
		default:
			req.Lang = "none"
		}
	}
	return req, nil
}

// errBoxedRematch refuses the next game of a boxed set's table without its
// words.
var errBoxedRematch = refuse(rules.ErrSetup, "cn.setup.boxed_next", "the table plays with a boxed set: deal 25 cards from the box and send their words (\"words\", row by row from seat A) for the next game")

// boxedOf checks the "boxed" of a request (whose words are cleaned, and
// whose "lang" is settled when it deals words) and returns the language
// of the box's cards, "" for none.
func boxedOf(req NewGame, d *deck.Deck) (string, error) {
	if req.Boxed == "" {
		return "", nil
	}
	if !slices.Contains(wordlists.Languages(), req.Boxed) {
		return "", refuse(rules.ErrSetup, "cn.setup.lang", fmt.Sprintf("\"boxed\": the cards' language is one of %v, not %q", wordlists.Languages(), req.Boxed), "lang", req.Boxed)
	}
	if d != nil {
		return "", refuse(rules.ErrSetup, "cn.setup.boxed_deck", "\"boxed\" is for the boxed game's own cards, \"deck\" for a printed fieldkit deck: give one of them")
	}
	n := 0
	for _, w := range req.Words {
		if w != "" {
			n++
		}
	}
	if req.Words == nil && req.Lang == "none" || req.Words != nil && n != 25 {
		return "", refuse(rules.ErrSetup, "cn.setup.boxed_words", fmt.Sprintf("the boxed game's cards are read by their words: give all 25 (\"words\", row by row from seat A), not %d", n), "n", n)
	}
	return req.Boxed, nil
}

// setupOf turns a new game request into the engine's setup. Words drawn
// from a built-in list leave out those dealt (at the table) while the list
// has 25 others.
func setupOf(env *server.Env, req NewGame, dealt map[string]bool) (rules.Setup, error) {
	bad := func(id string, pairs ...any) func(format string, args ...any) (rules.Setup, error) {
		return func(format string, args ...any) (rules.Setup, error) {
			return rules.Setup{}, refuse(rules.ErrSetup, id, fmt.Sprintf(format, args...), pairs...)
		}
	}
	game, err := keycards.ParseGame(req.Game)
	if err != nil {
		return bad("cn.refuse.game", "game", req.Game)("\"game\": %v", err)
	}
	setup := rules.Setup{Game: game, Loose: req.Loose}
	if req.Key != "" {
		card, err := keycards.Read(req.Key)
		if err != nil {
			return rules.Setup{}, rules.Within(rules.ErrSetup, fmt.Errorf("\"key\": %w", err))
		}
		if card.Game() != game {
			return bad(keyGameIDs[game], "code", req.Key)("\"key\": %s is a %s key card; this is a %s game", req.Key, card.Game(), game)
		}
		setup.Key = card.Code()
	}
	switch game {
	case keycards.Duet:
		if req.Variant != "" {
			return bad("cn.refuse.variant_duet")("\"variant\" is for classic games; Duet takes \"mission\" and \"loose\"")
		}
		setup.Mission = rules.Standard
		if req.Mission != nil {
			setup.Mission = rules.Mission{Turns: req.Mission.Turns, Mistakes: req.Mission.Mistakes}
		}
	case keycards.Classic:
		if req.Mission != nil || req.Loose {
			return bad("cn.refuse.mission_classic")("\"mission\" and \"loose\" are for Duet; classic takes \"variant\"")
		}
		if req.Variant != "" {
			if setup.Variant, err = rules.ParseVariant(req.Variant); err != nil {
				return rules.Setup{}, err
			}
		}
	}
	if setup.Key == "" {
		src := keycards.NewSource()
		if game == keycards.Duet {
			setup.Key = keycards.NewDuet(src).Code()
		} else {
			setup.Key = keycards.NewClassic(src).Code()
		}
	}
	switch {
	case req.Words != nil && req.Lang != "":
		return bad("cn.setup.words_lang")("give \"words\" or \"lang\", not both")
	case req.Words != nil:
		setup.Words = req.Words
	case req.Lang != "none":
		lang := req.Lang
		if lang == "" {
			lang = "en"
		}
		l, err := wordlists.Builtin(lang)
		if err != nil {
			return bad("cn.setup.lang", "lang", lang)("\"lang\": %v", err)
		}
		pool, _ := fresh(l.Words, dealt, 25)
		if setup.Words, err = draw(env, pool, 25); err != nil {
			return rules.Setup{}, err
		}
	}
	return setup, nil
}

// deckOf reads the "deck" of a new game request: a deck code of a built-in
// word list, or a deck manifest. It returns nil for none.
func deckOf(raw json.RawMessage) (*deck.Deck, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	if raw[0] == '{' {
		d := new(deck.Deck)
		if err := json.Unmarshal(raw, d); err != nil {
			return nil, refuse(rules.ErrSetup, "cn.setup.deck_manifest", fmt.Sprintf("\"deck\": %v", err))
		}
		return d, nil
	}
	var code string
	if err := json.Unmarshal(raw, &code); err != nil {
		return nil, refuse(rules.ErrSetup, "cn.setup.deck", "\"deck\" is a deck code (\"W4NQR-FBS8W-UA\") or a deck manifest object")
	}
	info, err := deck.ParseCode(code)
	if err != nil {
		return nil, rules.Within(rules.ErrSetup, fmt.Errorf("\"deck\": %w", err))
	}
	if info.Lang == "" {
		return nil, refuse(rules.ErrSetup, "cn.deck.custom", fmt.Sprintf("\"deck\": %s is a deck of a custom word list, which its code does not carry: send the deck's manifest (deck.json) as \"deck\" instead", code))
	}
	l, err := wordlists.Builtin(info.Lang)
	if err != nil {
		return nil, refuse(rules.ErrSetup, "cn.setup.lang", fmt.Sprintf("\"deck\": %v", err), "lang", info.Lang)
	}
	d, err := deck.FromCode(info, l.Name, l.Words)
	if err != nil {
		return nil, rules.Within(rules.ErrSetup, fmt.Errorf("\"deck\": %w", err))
	}
	return d, nil
}

// draw returns n different words of list in random order.
func draw(env *server.Env, list []string, n int) ([]string, error) {
	b, err := env.Rand(32)
	if err != nil {
		return nil, err
	}
	r := rand.New(rand.NewChaCha8([32]byte(b)))
	p := r.Perm(len(list))[:n]
	out := make([]string, n)
	for i, j := range p {
		out[i] = list[j]
	}
	return out, nil
}

// partsOf returns the parts of a game: a and b (Duet), red and blue (classic spymasters).
func partsOf(g keycards.Game) []string {
	if g == keycards.Classic {
		return []string{rules.Red.String(), rules.Blue.String()}
	}
	return []string{rules.A.String(), rules.B.String()}
}

// Load implements server.Family.
func (f *Family) Load(ctx context.Context, env *server.Env, st server.Stored) (server.Game, error) {
	e, err := rules.DecodeEvent(st.Setup)
	if err != nil || e.Setup == nil {
		return nil, fmt.Errorf("setup %s: %v", st.Setup, err)
	}
	info, err := loadInfo(ctx, env.DB, st.ID)
	if err != nil {
		return nil, err
	}
	sess, err := rules.Replay(*e.Setup, nil)
	if err != nil {
		return nil, err
	}
	return game{fam: f, id: st.ID, setup: *e.Setup, sess: sess, info: info}, nil
}

// keyGameIDs are the refusals of a key card of the other game, by the game
// being set up.
var keyGameIDs = map[keycards.Game]string{
	keycards.Duet:    "cn.setup.key_classic",
	keycards.Classic: "cn.setup.key_duet",
}
