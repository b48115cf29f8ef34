package server

import (
	"fmt"
	"net/http"
	"time"
)

// subscriber is one open event stream: the public one (seat 0) or a seat's.
type subscriber struct {
	seat   int
	device string       // a seat's stream: the device that held the seat when it opened
	ch     chan message // one message per change; closed when the subscriber fell behind
}

// message is one state sent to a stream.
type message struct {
	seq  int    // the table's change count
	data []byte // the state's JSON
}

// subscriberBuffer is how many messages a stream may lag before it is closed;
// the client then reconnects and starts from the current state.
const subscriberBuffer = 16

// subscribe adds a stream and queues the current state as its first
// message; nil when the server put the table away meanwhile.
func (t *table) subscribe(seat int, device string) *subscriber {
	s := &subscriber{seat: seat, device: device, ch: make(chan message, subscriberBuffer)}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.gone {
		return nil
	}
	s.ch <- message{t.state.seq(), t.messageFor(t.state, seat, nil)}
	t.subs[s] = struct{}{}
	return s
}

// unsubscribe removes a stream.
func (t *table) unsubscribe(s *subscriber) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if _, ok := t.subs[s]; ok {
		delete(t.subs, s)
		close(s.ch)
	}
}

// messageFor encodes the state for a stream; cache holds encodings already made.
func (t *table) messageFor(s tableState, seat int, cache map[int][]byte) []byte {
	if b, ok := cache[seat]; ok {
		return b
	}
	var b []byte
	if seat == 0 {
		b = t.publicJSON(s)
	} else {
		b = t.seatJSONWith(s, seat, t.messageFor(s, 0, cache))
	}
	if cache != nil {
		cache[seat] = b
	}
	return b
}

// seq numbers a table's states for the streams: the current game's events
// so far (a new game starts again from 0; its "id" says which game it is).
func (s tableState) seq() int {
	if s.game == nil {
		return 0
	}
	return len(s.game.log)
}

// broadcast sends the current state to every stream; t.mu is held. A stream
// whose buffer is full is closed rather than waited for, and so is a seat's
// stream once its device no longer holds the seat.
func (t *table) broadcast() {
	cache := map[int][]byte{}
	for s := range t.subs {
		if s.seat != 0 && (s.seat > len(t.state.seats) || t.state.seats[s.seat-1].device != s.device) {
			delete(t.subs, s)
			close(s.ch)
			continue
		}
		select {
		case s.ch <- message{t.state.seq(), t.messageFor(t.state, s.seat, cache)}:
		default:
			delete(t.subs, s)
			close(s.ch)
		}
	}
}

// heartbeat is how often an idle stream sends a comment, so that proxies and
// phones keep the connection and notice a dead one.
const heartbeat = 15 * time.Second

// serveStream writes server-sent events: one "state" event per change, each
// carrying the whole state, numbered by the current game's event count. Browsers'
// EventSource reconnects on its own (after 1 s, as the retry field says).
// Streams are limited in number (in all and per client address), and each
// write must finish within the stream write timeout: a client that stops
// reading loses its stream instead of holding the server.
func (srv *Server) serveStream(w http.ResponseWriter, r *http.Request, t *table, seat int, device string) {
	rc := http.NewResponseController(w)
	done, err := srv.openStream(r, rc)
	if err != nil {
		w.Header().Set("Retry-After", "5")
		WriteSaid(w, http.StatusServiceUnavailable, msgOf(err, err.Error()), "%v: close another page of this table, or wait a little", err)
		return
	}
	defer done()
	sub := t.subscribe(seat, device)
	if sub == nil {
		w.Header().Set("Retry-After", "1")
		WriteSaid(w, http.StatusServiceUnavailable, msgOf(errPutAway, ""), "%v", errPutAway)
		return
	}
	defer t.unsubscribe(sub)
	// Each write has its own deadline, not the server's for whole answers.
	rc.SetWriteDeadline(time.Now().Add(srv.limits.StreamWrite))
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	fmt.Fprint(w, "retry: 1000\n\n")
	tick := time.NewTicker(heartbeat)
	defer tick.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-srv.done:
			return
		case <-tick.C:
			if !srv.streamDeadline(rc) {
				return
			}
			if _, err := fmt.Fprint(w, ": ping\n\n"); err != nil {
				return
			}
		case msg, ok := <-sub.ch:
			if !ok {
				return // fell behind: the client reconnects and gets the current state
			}
			if !srv.streamDeadline(rc) {
				return
			}
			if _, err := fmt.Fprintf(w, "event: state\nid: %d\ndata: %s\n\n", msg.seq, msg.data); err != nil {
				return
			}
		}
		if err := rc.Flush(); err != nil {
			return
		}
	}
}

// streamDeadline sets the deadline of a stream's next write; false when the
// server is stopping (its streams end).
func (srv *Server) streamDeadline(rc *http.ResponseController) bool {
	srv.streams.mu.Lock()
	defer srv.streams.mu.Unlock()
	if srv.streams.closed {
		return false
	}
	return rc.SetWriteDeadline(time.Now().Add(srv.limits.StreamWrite)) == nil
}
