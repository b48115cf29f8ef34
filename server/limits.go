package server

import (
	"context"
	"errors"
	"fieldkit/catalog"
	"net"
	"net/http"
	"sync"
	"time"
)

// Limits bound what the server holds for clients it does not know: anyone
// on the table's Wi-Fi reaches it, and most requests need no token. Zero
// fields take the defaults below.
type Limits struct {
	// Tables is how many tables the server keeps in memory; beyond it the
	// least recently used table without an open stream is put away (it is
	// loaded again from the store when asked for). Default 256.
	Tables int
	// Streams is how many event streams may be open at once, and
	// StreamsPerClient how many from one IP address. Defaults 512 and 32.
	Streams, StreamsPerClient int
	// StreamWrite is how long one write to a stream may take before the
	// stream is closed (a client that stopped reading). Default 10 s.
	StreamWrite time.Duration
	// Creates is how many tables, games and campaigns one IP address may
	// create per minute (a burst of as many, refilled evenly). Default 30;
	// negative means no limit.
	Creates int
}

func (l Limits) withDefaults() Limits {
	if l.Tables <= 0 {
		l.Tables = 256
	}
	if l.Streams <= 0 {
		l.Streams = 512
	}
	if l.StreamsPerClient <= 0 {
		l.StreamsPerClient = 32
	}
	if l.StreamWrite <= 0 {
		l.StreamWrite = 10 * time.Second
	}
	if l.Creates == 0 {
		l.Creates = 30
	}
	return l
}

// errPutAway refuses a change to a table the server put away (evicted)
// while the request was on its way: the client sends it again.
var errPutAway = saidErr(nil, "the server put this table away meanwhile: send the request again", "server.put_away")

// touch marks t as used now; s.mu is held.
func (s *Server) touch(t *table) {
	s.clock++
	t.used = s.clock
}

// keep adds a loaded table and puts away the least recently used tables
// without open streams while there are more than the limit; s.mu is held.
// A table is put away under its own lock: an update that got it before
// then is refused with errPutAway, never applied to a stale copy.
func (s *Server) keep(t *table) {
	s.tables[t.id] = t
	s.touch(t)
	for len(s.tables) > s.limits.Tables {
		var lru *table
		for _, c := range s.tables {
			if c != t && (lru == nil || c.used < lru.used) && !c.streaming() {
				lru = c
			}
		}
		if lru == nil {
			return // every other table has a stream open: the stream limit bounds them
		}
		lru.mu.Lock()
		lru.gone = true
		lru.mu.Unlock()
		delete(s.tables, lru.id)
	}
}

// streaming reports whether a table has an open stream.
func (t *table) streaming() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.subs) > 0
}

// streams counts the open event streams, in all and by client address,
// and can end them all at once.
type streams struct {
	mu     sync.Mutex
	n      int
	byAddr map[string]int
	expire map[*http.ResponseController]struct{}
	closed bool
}

// errTooManyStreams refuses a stream over the limits (503).
var errTooManyStreams = saidErr(nil, "too many event streams are open", "server.streams")

// open counts a new stream from r, or refuses it over the limits.
func (s *Server) openStream(r *http.Request, rc *http.ResponseController) (func(), error) {
	addr := clientAddr(r)
	st := &s.streams
	st.mu.Lock()
	defer st.mu.Unlock()
	switch {
	case st.closed:
		return nil, saidErr(nil, "the server is stopping", "server.stopping")
	case st.n >= s.limits.Streams:
		return nil, errTooManyStreams
	case st.byAddr[addr] >= s.limits.StreamsPerClient:
		return nil, errTooManyStreams
	}
	if st.byAddr == nil {
		st.byAddr, st.expire = map[string]int{}, map[*http.ResponseController]struct{}{}
	}
	st.n++
	st.byAddr[addr]++
	st.expire[rc] = struct{}{}
	return func() {
		st.mu.Lock()
		defer st.mu.Unlock()
		st.n--
		if st.byAddr[addr]--; st.byAddr[addr] == 0 {
			delete(st.byAddr, addr)
		}
		delete(st.expire, rc)
	}, nil
}

// OpenStreams returns how many event streams are open.
func (s *Server) OpenStreams() int {
	s.streams.mu.Lock()
	defer s.streams.mu.Unlock()
	return s.streams.n
}

// endStreams makes every open stream's pending write fail at once, so that
// a client that stopped reading cannot hold a stopping server.
func (s *Server) endStreams() {
	st := &s.streams
	st.mu.Lock()
	defer st.mu.Unlock()
	st.closed = true
	for rc := range st.expire {
		rc.SetWriteDeadline(time.Now())
	}
}

// clientAddr is the IP address a request came from.
func clientAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// limiter is a token bucket per client address: creations per minute.
type limiter struct {
	mu      sync.Mutex
	buckets map[string]*bucket
}

type bucket struct {
	tokens float64
	at     time.Time
}

// allow takes one creation from addr's bucket of perMinute, refilled evenly.
func (l *limiter) allow(addr string, perMinute int, now time.Time) bool {
	if perMinute < 0 {
		return true
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.buckets == nil {
		l.buckets = map[string]*bucket{}
	}
	b, ok := l.buckets[addr]
	if !ok {
		if len(l.buckets) > 10_000 { // forget idle clients rather than grow
			for a, old := range l.buckets {
				if now.Sub(old.at) > time.Minute {
					delete(l.buckets, a)
				}
			}
		}
		b = &bucket{tokens: float64(perMinute), at: now}
		l.buckets[addr] = b
	}
	b.tokens = min(float64(perMinute), b.tokens+now.Sub(b.at).Minutes()*float64(perMinute))
	b.at = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

// AllowCreate reports whether the client of r may create a table, game or
// campaign now; if not, it has answered 429.
func (s *Server) allowCreate(w http.ResponseWriter, r *http.Request) bool {
	if s.creates.allow(clientAddr(r), s.limits.Creates, time.Now()) {
		return true
	}
	w.Header().Set("Retry-After", "10")
	WriteSaid(w, http.StatusTooManyRequests, catalog.M("server.too_many_tables"), "too many new tables from this device: wait a little and try again")
	return false
}

// Shutdown stops the server: it ends every stream (a client that stopped
// reading included), then lets hs finish the requests under way until ctx
// is done, and closes what is left; closed says whether connections had to
// be closed.
func (s *Server) Shutdown(ctx context.Context, hs *http.Server) (closed bool, err error) {
	s.Close()
	err = hs.Shutdown(ctx)
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		return true, hs.Close()
	}
	return false, err
}
