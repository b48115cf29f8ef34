package server

import "sync"

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
