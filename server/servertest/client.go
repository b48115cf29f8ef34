package servertest

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"testing"
	"time"

	"fieldkit/server"
)

// Client is one browser or phone: its own cookies, and a host token if it
// is the host.
type Client struct {
	T    testing.TB
	HTTP *http.Client
	Host string // a host token sent as a bearer, if any
}

// NewClient returns a client with an empty cookie jar.
func NewClient(t testing.TB) *Client {
	jar, _ := cookiejar.New(nil)
	return &Client{T: t, HTTP: &http.Client{Jar: jar, Timeout: 30 * time.Second}}
}

// HostToken returns the token in a game's host URL.
func HostToken(g server.Created) string { return g.HostURL[strings.LastIndex(g.HostURL, "/")+1:] }

// HostClient returns a client that sends the game's host token.
func HostClient(t testing.TB, g server.Created) *Client {
	c := NewClient(t)
	c.Host = HostToken(g)
	return c
}

// Send sends a request and reads the whole answer; a request that gets no
// answer fails the test.
func (c *Client) Send(method, url, contentType string, body []byte) (int, []byte) {
	c.T.Helper()
	code, b, err := c.TrySend(method, url, contentType, body)
	if err != nil {
		c.T.Fatalf("%s %s: %v", method, url, err)
	}
	return code, b
}

// TrySend is Send that returns the error instead of failing the test (for
// a server that may be gone).
func (c *Client) TrySend(method, url, contentType string, body []byte) (int, []byte, error) {
	req, err := http.NewRequest(method, url, bytes.NewReader(body))
	if err != nil {
		return 0, nil, err
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if c.Host != "" {
		req.Header.Set("Authorization", "Bearer "+c.Host)
	}
	res, err := c.HTTP.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		return 0, nil, fmt.Errorf("reading: %w", err)
	}
	return res.StatusCode, b, nil
}

// Do sends a request with a JSON body (none if body is empty) and returns
// the status and body of the answer.
func (c *Client) Do(method, url, body string) (int, []byte) {
	c.T.Helper()
	ct := ""
	if body != "" {
		ct = "application/json"
	}
	return c.Send(method, url, ct, []byte(body))
}

// Event is one server-sent event.
type Event struct {
	ID   string
	Data []byte
	// End is the length of Stream.Raw up to this event's end: what the
	// stream held when it came (the reader may have read on into the next).
	End int
}

// Stream is an open server-sent event stream, read in the background.
type Stream struct {
	Raw    bytes.Buffer // every byte read, for tests that compare whole streams
	Events chan Event   // closed when the stream ends
	cancel context.CancelFunc
	done   chan struct{}
}

// OpenStream opens url with c's cookies (without a time limit) and reads
// its events in the background; an answer other than a 200 event stream
// fails the test.
func (c *Client) OpenStream(url string) *Stream {
	c.T.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
	res, err := (&http.Client{Jar: c.HTTP.Jar}).Do(req)
	if err != nil {
		cancel()
		c.T.Fatalf("GET %s: %v", url, err)
	}
	if res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/event-stream") {
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		cancel()
		c.T.Fatalf("GET %s = %d %s %s, want 200 text/event-stream", url, res.StatusCode, res.Header.Get("Content-Type"), b)
	}
	s := &Stream{Events: make(chan Event, 1024), cancel: cancel, done: make(chan struct{})}
	go func() {
		defer close(s.done)
		defer close(s.Events)
		defer res.Body.Close()
		sc := bufio.NewScanner(io.TeeReader(res.Body, &s.Raw))
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		var ev Event
		off := 0
		for sc.Scan() {
			line := sc.Text()
			off += len(sc.Bytes()) + 1 // the server ends lines with "\n"
			switch {
			case line == "":
				if ev.Data != nil {
					ev.End = off
					s.Events <- ev
				}
				ev = Event{}
			case strings.HasPrefix(line, "id: "):
				ev.ID = line[4:]
			case strings.HasPrefix(line, "data: "):
				ev.Data = []byte(line[6:])
			}
		}
	}()
	return s
}

// Close ends the stream, waits for its reader and returns every byte read.
func (s *Stream) Close() []byte {
	s.cancel()
	<-s.done
	return s.Raw.Bytes()
}

// CloseAt ends the stream and returns what it held up to end (an Event's
// End): streams that are compared must be cut at the same message, since a
// reader may have read on into a later one.
func (s *Stream) CloseAt(end int) []byte {
	return s.Close()[:end]
}

// Next returns the next event, failing the test if the stream ends or has
// nothing for 20 seconds.
func (s *Stream) Next(t testing.TB) Event {
	t.Helper()
	select {
	case ev, ok := <-s.Events:
		if !ok {
			t.Fatal("the stream ended")
		}
		return ev
	case <-time.After(20 * time.Second):
		t.Fatal("no event on the stream for 20 s")
	}
	return Event{}
}

// Wait returns the next event that satisfies ok.
func (s *Stream) Wait(t testing.TB, what string, ok func(Event) bool) Event {
	t.Helper()
	for {
		select {
		case ev, open := <-s.Events:
			if !open {
				t.Fatalf("the stream ended before %s", what)
			}
			if ok(ev) {
				return ev
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("no event on the stream with %s", what)
		}
	}
}

// Until reads events until the one with id n (the game's event count).
func (s *Stream) Until(t testing.TB, n int) Event {
	t.Helper()
	id := fmt.Sprint(n)
	return s.Wait(t, "id "+id, func(ev Event) bool { return ev.ID == id })
}
