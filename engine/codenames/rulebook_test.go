package codenames

import (
	"encoding/json"
	"strings"
	"testing"

	"fieldkit/keycards"
)

// A rulebook table: 25 words with their key card cells, "WORD:AB" where A is side
// A's role and B side B's (G agent, X assassin, . bystander), row by row as seen
// from seat A. The worked examples do not print the whole key card; the cells they
// name are as the text says, the others are filled in to make a valid card.
type rulebookTable []string

func (rt rulebookTable) setup(t *testing.T) (words []string, card keycards.DuetCard) {
	t.Helper()
	var layout []string
	for _, c := range rt {
		w, roles, ok := strings.Cut(c, ":")
		if !ok {
			t.Fatalf("bad cell %q", c)
		}
		words = append(words, w)
		layout = append(layout, roles)
	}
	return words, duetCard(t, strings.Join(layout, " "))
}

// Polish rulebook (000_5fdc46d0ac328186.txt, "PRZYKŁADOWA ROZGRYWKA"): you are seat A.
var polishTable = rulebookTable{
	"ZIEMNIAK:G.", "ROSJA:.G", "NAPOLEON:GG", "TRUP:.G", "MRÓWKA:G.",
	"KOLACJA:G.", "CYTRYNA:X.", "CEZAR:G.", "LALA:G.", "SOK:GG",
	"KRAJOBRAZ:GG", "METR:GX", "ZŁOTY:XG", "DŹWIĘK:XX", "FORMAT:.G",
	"ODŻYWKA:.G", "PENTAGON:.X", "PŁASKI:..", "SŁOŃ:..", "KOMAR:..",
	"LENIWIEC:..", "CHMIEL:..", "ŻÓŁW:..", "SZPIEG:.G", "WILK:..",
}

// Portuguese rulebook (004_37185028c9000f5d.txt, "EXEMPLO DE JOGO"): you are seat A.
var portugueseTable = rulebookTable{
	"SALADA:G.", "CEREJA:.G", "TORTA:GG", "COZINHA:.G", "BONECA:G.",
	"VERMELHO:G.", "MOLHO:G.", "FORMIGA:G.", "PIZZA:X.", "ELEFANTE:GG",
	"MOSQUITO:GG", "PREGUIÇA:XX", "TEMPESTADE:GX", "ARCO-ÍRIS:XG", "MOTORISTA:.X",
	"SECADOR:.G", "PENTÁGONO:.G", "HAMBÚRGUER:.G", "SEGUNDO:..", "DÓLAR:..",
	"CABELO:..", "TEXAS:..", "MEIO:..", "NOZ:..", "BARCO:..",
}

// replayStep is one event line and what the state must show after it.
type replayStep struct {
	event  string
	result string
	next   string
	tokens int
	agents int
}

func newEvent(t *testing.T, card keycards.DuetCard, words []string) string {
	b, err := json.Marshal(map[string]any{"type": "new", "game": "duet", "key": card.Code(), "words": words})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func replay(t *testing.T, rt rulebookTable, steps []replayStep) Session {
	words, card := rt.setup(t)
	var s Session
	for n, st := range append([]replayStep{{event: newEvent(t, card, words), next: "either", tokens: 9, agents: 15}}, steps...) {
		e, err := DecodeEvent([]byte(st.event))
		if err != nil {
			t.Fatalf("step %d: DecodeEvent(%s): %v", n, st.event, err)
		}
		s, err = s.Apply(e)
		if err != nil {
			t.Fatalf("step %d: %s refused: %v", n, st.event, err)
		}
		v := s.View()
		if v.Result != st.result || v.Next != st.next || *v.TokensLeft != st.tokens || v.AgentsLeft != st.agents {
			t.Fatalf("step %d: after %s: result %q, next %q, tokens %d, agents %v; want %q, %q, %d, %d",
				n, st.event, v.Result, v.Next, *v.TokensLeft, v.AgentsLeft, st.result, st.next, st.tokens, st.agents)
		}
		if v.Clue != nil && len(v.Clue.Warnings) > 0 {
			t.Errorf("step %d: the rulebook's clue %q drew warnings %v", n, v.Clue.Word, v.Clue.Warnings)
		}
	}
	return s
}

// checkRevealed checks what one cell of a session's view shows, by word.
func checkRevealed(t *testing.T, s Session, word, agentFor, bystanderFor string) {
	t.Helper()
	for _, c := range s.View().Cells {
		if c.Word != word {
			continue
		}
		if c.AgentFor != agentFor || strings.Join(c.BystanderFor, ",") != bystanderFor {
			t.Errorf("%s: agent_for %q, bystander_for %v; want %q, %q", word, c.AgentFor, c.BystanderFor, agentFor, bystanderFor)
		}
		return
	}
	t.Errorf("no cell %s", word)
}

// TestPolishRulebookExample replays the worked example of the Polish rulebook.
func TestPolishRulebookExample(t *testing.T) {
	s := replay(t, polishTable, []replayStep{
		// You open with "sałatka: 3".
		{`{"type":"clue","by":"a","word":"sałatka","count":3}`, "", "b", 9, 15},
		// Your partner touches ZIEMNIAK: green, you cover it.
		{`{"type":"guess","word":"ZIEMNIAK"}`, "agent", "b", 9, 14},
		// Then ROSJA: a bystander for you; a token, arrow to your partner; the turn ends.
		{`{"type":"guess","word":"ROSJA"}`, "bystander", "b", 8, 14},
		// Your partner: "Waterloo: 2". You touch NAPOLEON (green on both sides).
		{`{"type":"clue","by":"b","word":"Waterloo","count":2}`, "", "a", 8, 14},
		{`{"type":"guess","word":"NAPOLEON"}`, "agent", "a", 8, 13},
		// Then ROSJA: green on your partner's side; the agent card goes under the token.
		{`{"type":"guess","cell":[0,1]}`, "agent", "a", 8, 12},
		// You stop and take a token, check face up.
		{`{"type":"stop"}`, "agent", "a", 7, 12},
		// "mała: 2": MRÓWKA, KOLACJA, CEZAR, LALA all green; your partner stops.
		{`{"type":"clue","by":"a","word":"mała","count":2}`, "", "b", 7, 12},
		{`{"type":"guess","word":"mrówka"}`, "agent", "b", 7, 11},
		{`{"type":"guess","word":"KOLACJA"}`, "agent", "b", 7, 10},
		{`{"type":"guess","word":"CEZAR"}`, "agent", "b", 7, 9},
		{`{"type":"guess","word":"LALA"}`, "agent", "b", 7, 8},
		{`{"type":"stop","by":"b"}`, "agent", "b", 6, 8}, // "Macie jeszcze 6 tur"
	})
	v := s.View()
	if *v.TokensTaken != 2 || *v.MistakesLeft != 6 {
		t.Errorf("tokens taken %d, mistakes left %d; want 2, 6", *v.TokensTaken, *v.MistakesLeft)
	}
	checkRevealed(t, s, "ROSJA", "b", "a")
	checkRevealed(t, s, "NAPOLEON", "b", "")
	checkRevealed(t, s, "ZIEMNIAK", "a", "")
	checkRevealed(t, s, "CYTRYNA", "", "") // the assassin was not touched: nothing shows
}

// TestPortugueseRulebookExample replays the worked example of the Portuguese rulebook.
func TestPortugueseRulebookExample(t *testing.T) {
	s := replay(t, portugueseTable, []replayStep{
		// "tomate: 3": SALADA green, then CEREJA a bystander; the turn ends.
		{`{"type":"clue","by":"a","word":"tomate","count":3}`, "", "b", 9, 15},
		{`{"type":"guess","word":"SALADA"}`, "agent", "b", 9, 14},
		{`{"type":"guess","word":"CEREJA"}`, "bystander", "b", 8, 14},
		// "bolo: 2": TORTA (green on both sides), then CEREJA, green for the partner,
		// the agent card under the token; you stop.
		{`{"type":"clue","by":"b","word":"bolo","count":2}`, "", "a", 8, 14},
		{`{"type":"guess","by":"a","word":"torta"}`, "agent", "a", 8, 13},
		{`{"type":"guess","word":"cereja"}`, "agent", "a", 8, 12},
		{`{"type":"stop"}`, "agent", "a", 7, 12},
		// "miniatura: 2": BONECA, VERMELHO, MOLHO (not PIZZA), FORMIGA; the partner stops.
		{`{"type":"clue","by":"a","word":"miniatura","count":2}`, "", "b", 7, 12},
		{`{"type":"guess","word":"BONECA"}`, "agent", "b", 7, 11},
		{`{"type":"guess","word":"VERMELHO"}`, "agent", "b", 7, 10},
		{`{"type":"guess","word":"MOLHO"}`, "agent", "b", 7, 9},
		{`{"type":"guess","word":"FORMIGA"}`, "agent", "b", 7, 8},
		{`{"type":"stop"}`, "agent", "b", 6, 8}, // "Restam 6 turnos para jogar"
	})
	checkRevealed(t, s, "CEREJA", "b", "a")
	checkRevealed(t, s, "TORTA", "b", "")
	checkRevealed(t, s, "PIZZA", "", "")
	// The next clue is the partner's; your own clue is refused.
	e, _ := DecodeEvent([]byte(`{"type":"clue","by":"a","word":"x","count":1}`))
	if _, err := s.Apply(e); err == nil {
		t.Errorf("a gave two clues in a row without the looser turn order")
	}
}

// TestRulebookCodes logs the key codes of the rulebook tables (used in the README).
func TestRulebookCodes(t *testing.T) {
	for name, rt := range map[string]rulebookTable{"polish": polishTable, "portuguese": portugueseTable} {
		_, card := rt.setup(t)
		back, err := keycards.ParseDuet(card.Code())
		if err != nil || back != card {
			t.Fatalf("%s: code %s does not round-trip: %v", name, card.Code(), err)
		}
		t.Logf("%s: %s", name, card.Code())
	}
}
