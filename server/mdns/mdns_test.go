package mdns

import (
	"context"
	"net"
	"net/netip"
	"slices"
	"testing"
	"time"

	"golang.org/x/net/dns/dnsmessage"
)

var tableAddr = netip.MustParseAddr("192.168.1.20")

func fixed(int) []netip.Addr { return []netip.Addr{tableAddr} }

// serveLoopback starts a responder for "fieldkit" on 127.0.0.1 only.
func serveLoopback(t *testing.T) *net.UDPAddr {
	t.Helper()
	r, err := New("fieldkit", fixed)
	if err != nil {
		t.Fatal(err)
	}
	conn, err := net.ListenPacket("udp4", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- r.Serve(conn) }()
	t.Cleanup(func() {
		conn.Close()
		if err := <-done; err != nil {
			t.Errorf("Serve: %v", err)
		}
	})
	return conn.LocalAddr().(*net.UDPAddr)
}

func query(t *testing.T, id uint16, name string, typ dnsmessage.Type, class dnsmessage.Class) []byte {
	t.Helper()
	b := dnsmessage.NewBuilder(nil, dnsmessage.Header{ID: id})
	b.StartQuestions()
	if err := b.Question(dnsmessage.Question{Name: dnsmessage.MustNewName(name), Type: typ, Class: class}); err != nil {
		t.Fatal(err)
	}
	q, err := b.Finish()
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// TestLoopback asks the responder over 127.0.0.1 as an ordinary ("legacy",
// RFC 6762 §6.7) DNS client does, and reads its answers.
func TestLoopback(t *testing.T) {
	to := serveLoopback(t)
	tests := []struct {
		name  string
		qname string
		typ   dnsmessage.Type
		class dnsmessage.Class
		want  []netip.Addr // nil: no reply at all
		reply bool
	}{
		{"A", "fieldkit.local.", dnsmessage.TypeA, dnsmessage.ClassINET, []netip.Addr{tableAddr}, true},
		{"case does not matter", "FieldKit.LOCAL.", dnsmessage.TypeA, dnsmessage.ClassINET, []netip.Addr{tableAddr}, true},
		{"unicast bit", "fieldkit.local.", dnsmessage.TypeA, dnsmessage.ClassINET | topBit, []netip.Addr{tableAddr}, true},
		{"ANY", "fieldkit.local.", dnsmessage.TypeALL, dnsmessage.ClassINET, []netip.Addr{tableAddr}, true},
		{"AAAA: empty answer, no wait", "fieldkit.local.", dnsmessage.TypeAAAA, dnsmessage.ClassINET, nil, true},
		{"another name", "printer.local.", dnsmessage.TypeA, dnsmessage.ClassINET, nil, false},
		{"another type", "fieldkit.local.", dnsmessage.TypeMX, dnsmessage.ClassINET, nil, false},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := net.DialUDP("udp4", nil, to)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			id := uint16(1000 + i)
			if _, err := c.Write(query(t, id, tt.qname, tt.typ, tt.class)); err != nil {
				t.Fatal(err)
			}
			// A reply comes at once over the loopback, or never.
			c.SetReadDeadline(time.Now().Add(500 * time.Millisecond))
			buf := make([]byte, 1500)
			n, err := c.Read(buf)
			if !tt.reply {
				if err == nil {
					t.Fatalf("got a %d-byte reply, want none", n)
				}
				return
			}
			if err != nil {
				t.Fatalf("no reply: %v", err)
			}
			var m dnsmessage.Message
			if err := m.Unpack(buf[:n]); err != nil {
				t.Fatal(err)
			}
			if m.ID != id || !m.Response || !m.Authoritative || len(m.Questions) != 1 {
				t.Fatalf("reply header %+v, %d questions; want ID %d, an authoritative response repeating the question", m.Header, len(m.Questions), id)
			}
			var got []netip.Addr
			for _, a := range m.Answers {
				if a.Header.Class != dnsmessage.ClassINET || a.Header.TTL > 10 {
					t.Errorf("answer %v: want class IN without cache flush and a TTL of at most 10 s for a legacy querier", a.Header)
				}
				if ar, ok := a.Body.(*dnsmessage.AResource); ok {
					got = append(got, netip.AddrFrom4(ar.A))
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("answers %v, want %v", got, tt.want)
			}
		})
	}
}

// TestLoopbackResolver: Go's own DNS client, pointed at the responder on
// 127.0.0.1, finds fieldkit.local.
func TestLoopbackResolver(t *testing.T) {
	to := serveLoopback(t)
	res := &net.Resolver{PreferGo: true, Dial: func(ctx context.Context, network, address string) (net.Conn, error) {
		var d net.Dialer
		return d.DialContext(ctx, "udp4", to.String())
	}}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	got, err := res.LookupNetIP(ctx, "ip4", "fieldkit.local")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, []netip.Addr{tableAddr}) {
		t.Errorf("fieldkit.local is %v, want %v", got, []netip.Addr{tableAddr})
	}
}

// TestMulticastReply: a question from port 5353 (another mDNS responder or a
// phone) gets the multicast form: ID 0, no question, the cache-flush bit, a
// TTL of 120 s; the unicast bit asks for the reply to the querier alone.
func TestMulticastReply(t *testing.T) {
	r, err := New("fieldkit", fixed)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		class   dnsmessage.Class
		unicast bool
	}{
		{dnsmessage.ClassINET, false},
		{dnsmessage.ClassINET | topBit, true},
	} {
		reply, unicast := r.Answer(query(t, 7, "fieldkit.local.", dnsmessage.TypeA, tt.class), 0, Port)
		if reply == nil || unicast != tt.unicast {
			t.Fatalf("class %#x: reply %v, unicast %v; want a reply, unicast %v", tt.class, reply != nil, unicast, tt.unicast)
		}
		var m dnsmessage.Message
		if err := m.Unpack(reply); err != nil {
			t.Fatal(err)
		}
		if m.ID != 0 || len(m.Questions) != 0 || len(m.Answers) != 1 {
			t.Fatalf("reply %+v", m)
		}
		if h := m.Answers[0].Header; h.Class != dnsmessage.ClassINET|topBit || h.TTL != TTL {
			t.Errorf("answer header %v: want class IN with cache flush, TTL %d", h, TTL)
		}
	}
	// A question with no address to give is not answered on the group.
	empty, _ := New("fieldkit", func(int) []netip.Addr { return nil })
	if reply, _ := empty.Answer(query(t, 7, "fieldkit.local.", dnsmessage.TypeA, dnsmessage.ClassINET), 0, Port); reply != nil {
		t.Errorf("no address: got a reply")
	}
	// Nor is a response.
	resp := query(t, 7, "fieldkit.local.", dnsmessage.TypeA, dnsmessage.ClassINET)
	resp[2] |= 0x80
	if reply, _ := r.Answer(resp, 0, Port); reply != nil {
		t.Errorf("a response was answered")
	}
}

func TestCheckHost(t *testing.T) {
	for _, tt := range []struct {
		host string
		ok   bool
	}{
		{"fieldkit", true}, {"Stol-2", true}, {"a", true},
		{"", false}, {"-x", false}, {"x-", false}, {"a.b", false}, {"stół", false}, {string(make([]byte, 64)), false},
	} {
		if err := CheckHost(tt.host); (err == nil) != tt.ok {
			t.Errorf("CheckHost(%q) = %v, want ok %v", tt.host, err, tt.ok)
		}
	}
}

// FuzzAnswer: whatever arrives, the responder does not panic and what it
// sends parses.
func FuzzAnswer(f *testing.F) {
	r, _ := New("fieldkit", fixed)
	b := dnsmessage.NewBuilder(nil, dnsmessage.Header{ID: 1})
	b.StartQuestions()
	b.Question(dnsmessage.Question{Name: dnsmessage.MustNewName("fieldkit.local."), Type: dnsmessage.TypeA, Class: dnsmessage.ClassINET})
	q, _ := b.Finish()
	f.Add(q, 5353)
	f.Add(q, 40000)
	f.Add([]byte{}, 5353)
	f.Fuzz(func(t *testing.T, msg []byte, port int) {
		reply, _ := r.Answer(msg, 0, port)
		if reply != nil {
			var m dnsmessage.Message
			if err := m.Unpack(reply); err != nil {
				t.Fatalf("reply does not parse: %v", err)
			}
		}
	})
}
