package codenames

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"fieldkit/deck"
	"fieldkit/internal/pdftest"
	"fieldkit/keycards"
	"fieldkit/printgen"
	cnprint "fieldkit/printgen/codenames"
	"fieldkit/server"
	"fieldkit/server/mdns"
	"fieldkit/wordlists"
)

// TestPrintedCardNextMonth: a Duet key card printed today, with no address
// given, seats a phone next month on a laptop with another address. The
// card's QR code is read from the PDF with zbarimg; the phone resolves its
// name by asking the server's mDNS responder (on 127.0.0.1, the laptop's
// address "next month") and opens it on the server's port, standing in for
// 8080, which a test may not take; it lands in side A's seat.
func TestPrintedCardNextMonth(t *testing.T) {
	// Today: the printed card.
	l, err := wordlists.Builtin("pl")
	if err != nil {
		t.Fatal(err)
	}
	d, err := deck.New(l.Name, "pl", l.Words, deck.SeedFromText("month"))
	if err != nil {
		t.Fatal(err)
	}
	card, err := keycards.ParseDuet(testKey)
	if err != nil {
		t.Fatal(err)
	}
	set := &cnprint.Set{Deck: d, Duet: []keycards.DuetCard{card}, URL: server.DefaultLocalURL, Options: printgen.Options{Paper: printgen.A4}}
	dir := t.TempDir()
	if _, err := set.Write(dir); err != nil {
		t.Fatal(err)
	}
	var qrA string
	for _, q := range pdftest.ReadQR(t, filepath.Join(dir, "keycards-duet.pdf")) {
		if strings.HasPrefix(q, server.DefaultLocalURL+"/k/A") {
			qrA = q
		}
	}
	if qrA == "" {
		t.Fatalf("no side A QR code opening %s/k/ on the printed card", server.DefaultLocalURL)
	}

	// Next month: the server at another address, announcing its name.
	ts := newTestServer(t)
	g := ts.NewGame(t, `{"game":"duet","key":"`+testKey+`"}`)
	laptop := netip.MustParseAddr("127.0.0.1")
	r, err := mdns.New(server.DefaultName, func(int) []netip.Addr { return []netip.Addr{laptop} })
	if err != nil {
		t.Fatal(err)
	}
	conn, err := net.ListenPacket("udp4", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go r.Serve(conn)
	t.Cleanup(func() { conn.Close() })
	_, port, _ := net.SplitHostPort(ts.HTTP.Listener.Addr().String())

	// The phone: names through the responder, port 8080 to the server's.
	res := &net.Resolver{PreferGo: true, Dial: func(ctx context.Context, _, _ string) (net.Conn, error) {
		var d net.Dialer
		return d.DialContext(ctx, "udp4", conn.LocalAddr().String())
	}}
	var mu sync.Mutex
	var asked []string
	phone := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
		host, p, err := net.SplitHostPort(addr)
		if err != nil {
			return nil, err
		}
		mu.Lock()
		asked = append(asked, host)
		mu.Unlock()
		ips, err := res.LookupNetIP(ctx, "ip4", host)
		if err != nil {
			return nil, err
		}
		if !ips[0].IsLoopback() {
			return nil, fmt.Errorf("%s resolved to %v: a test may use 127.0.0.1 only", host, ips[0])
		}
		if p == "8080" {
			p = port
		}
		var d net.Dialer
		return d.DialContext(ctx, "tcp4", net.JoinHostPort(ips[0].String(), p))
	}}}
	phone.Jar = newClient(t).HTTP.Jar // a fresh phone's cookies
	resp, err := phone.Get(qrA)
	if err != nil {
		t.Fatalf("the phone opens %s: %v", qrA, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), `data-seat="a"`) {
		t.Errorf("the phone that opened %s got %d, not side A's seat (%s)", qrA, resp.StatusCode, g.Seats["a"])
	}
	mu.Lock()
	defer mu.Unlock()
	if len(asked) == 0 || asked[0] != "fieldkit.local" {
		t.Errorf("the phone looked up %q, want fieldkit.local first", asked)
	}
}
