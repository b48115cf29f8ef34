// Package mdns announces the table server's name, such as fieldkit.local, on
// the table's network by multicast DNS (RFC 6762), so that an address printed
// today (a key card's QR code) still reaches the server next month when the
// router hands the laptop another address.
//
// It answers questions for one host name's A records with the IPv4 addresses
// of the interface the question came in on, and nothing else: no service
// discovery, no probing. Messages are built and parsed with
// golang.org/x/net/dns/dnsmessage and the multicast group is joined with
// golang.org/x/net/ipv4 (both kept by the Go team, and already needed by this
// module); the answering is apart from the sockets, so that a test can ask it
// over 127.0.0.1 without a packet leaving the machine.
package mdns

import (
	"errors"
	"fmt"
	"net"
	"net/netip"
	"strings"

	"golang.org/x/net/dns/dnsmessage"
)

// Port and Group are where multicast DNS is asked and answered.
const Port = 5353

var Group = netip.MustParseAddr("224.0.0.251")

// TTL is how long phones may keep an answer, in seconds (RFC 6762 §10: 120
// for host names).
const TTL = 120

// classMask clears the top bit of a question's class (unicast response wanted)
// and of a record's class (cache flush).
const (
	classMask  = 0x7fff
	topBit     = 0x8000
	maxMessage = 9000
)

// Responder answers for one host name.
type Responder struct {
	name dnsmessage.Name
	// Addrs returns the addresses to answer with for a question that came in
	// on the interface of index ifIndex (0 when not known).
	Addrs func(ifIndex int) []netip.Addr
}

// New returns a responder for host (a single label such as "fieldkit"; the
// name announced is host + ".local").
func New(host string, addrs func(ifIndex int) []netip.Addr) (*Responder, error) {
	if err := CheckHost(host); err != nil {
		return nil, err
	}
	n, err := dnsmessage.NewName(strings.ToLower(host) + ".local.")
	if err != nil {
		return nil, err
	}
	return &Responder{name: n, Addrs: addrs}, nil
}

// CheckHost reports whether host can be announced: one DNS label of letters,
// digits and hyphens, 1 to 63 long, not starting or ending with a hyphen.
func CheckHost(host string) error {
	if host == "" || len(host) > 63 || host[0] == '-' || host[len(host)-1] == '-' {
		return fmt.Errorf("name %q: want 1 to 63 letters, digits and inner hyphens, e.g. fieldkit", host)
	}
	for _, r := range host {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-') {
			return fmt.Errorf("name %q: want 1 to 63 letters, digits and inner hyphens, e.g. fieldkit", host)
		}
	}
	return nil
}

// Name is the announced name without the final dot, e.g. "fieldkit.local".
func (r *Responder) Name() string { return strings.TrimSuffix(r.name.String(), ".") }

// Answer returns the reply to the message query that came in on interface
// ifIndex from a querier on port srcPort, or nil when there is nothing to
// say (not a question, or not about our name). unicast says the reply goes to
// the querier alone rather than to the group: a "legacy" querier (not on port
// 5353, such as an ordinary DNS resolver, RFC 6762 §6.7) or a question that
// asks for a unicast reply (§5.4).
func (r *Responder) Answer(query []byte, ifIndex, srcPort int) (reply []byte, unicast bool) {
	var p dnsmessage.Parser
	h, err := p.Start(query)
	if err != nil || h.Response || h.OpCode != 0 {
		return nil, false
	}
	qs, err := p.AllQuestions()
	if err != nil {
		return nil, false
	}
	legacy := srcPort != Port
	var mine []dnsmessage.Question
	var wantA bool
	unicast = legacy
	for _, q := range qs {
		if !strings.EqualFold(q.Name.String(), r.name.String()) || q.Class&classMask != dnsmessage.ClassINET && q.Class&classMask != dnsmessage.ClassANY {
			continue
		}
		switch q.Type {
		case dnsmessage.TypeA, dnsmessage.TypeALL:
			wantA = true
		case dnsmessage.TypeAAAA:
			// We have no IPv6 address to give; an ordinary resolver
			// gets an empty answer rather than a wait.
		default:
			continue
		}
		if q.Class&topBit != 0 {
			unicast = true
		}
		q.Class = dnsmessage.ClassINET
		mine = append(mine, q)
	}
	if len(mine) == 0 || (!wantA && !legacy) {
		return nil, false
	}
	var addrs []netip.Addr
	if wantA && r.Addrs != nil {
		for _, a := range r.Addrs(ifIndex) {
			if a.Is4() {
				addrs = append(addrs, a)
			}
		}
	}
	if len(addrs) == 0 && !legacy {
		return nil, false
	}
	rh := dnsmessage.Header{Response: true, Authoritative: true}
	class := dnsmessage.ClassINET | topBit // cache flush: the name is ours alone
	if legacy {
		rh.ID = h.ID
		class = dnsmessage.ClassINET // §6.7: no cache-flush bit, the question repeated
	}
	b := dnsmessage.NewBuilder(make([]byte, 0, 512), rh)
	b.EnableCompression()
	if legacy {
		if err := b.StartQuestions(); err != nil {
			return nil, false
		}
		for _, q := range mine {
			if err := b.Question(q); err != nil {
				return nil, false
			}
		}
	}
	if err := b.StartAnswers(); err != nil {
		return nil, false
	}
	ttl := uint32(TTL)
	if legacy {
		ttl = 10 // §6.7: at most 10 seconds for legacy queriers
	}
	for _, a := range addrs {
		rr := dnsmessage.ResourceHeader{Name: r.name, Type: dnsmessage.TypeA, Class: class, TTL: ttl}
		if err := b.AResource(rr, dnsmessage.AResource{A: a.As4()}); err != nil {
			return nil, false
		}
	}
	out, err := b.Finish()
	if err != nil {
		return nil, false
	}
	return out, unicast
}

// Serve answers the questions that come to conn, each to its sender, until
// conn is closed. It is how a test asks the responder over 127.0.0.1; the
// announcement on the table's network is Announce.
func (r *Responder) Serve(conn net.PacketConn) error {
	buf := make([]byte, maxMessage)
	for {
		n, from, err := conn.ReadFrom(buf)
		if err != nil {
			if errors.Is(err, net.ErrClosed) {
				return nil
			}
			return err
		}
		port := 0
		if u, ok := from.(*net.UDPAddr); ok {
			port = u.Port
		}
		if reply, _ := r.Answer(buf[:n], 0, port); reply != nil {
			conn.WriteTo(reply, from)
		}
	}
}
