package server

import (
	"fmt"
	"net"
	"net/url"
	"strings"
)

// BaseURLFor returns the address phones should use for a server listening on
// addr (as net.Listen reports it): the listening address itself, or, when it
// listens on every interface (0.0.0.0, ::), the first non-loopback IPv4
// address of this machine.
func BaseURLFor(addr net.Addr) (string, error) {
	tcp, ok := addr.(*net.TCPAddr)
	if !ok {
		return "", fmt.Errorf("server: %s is not a TCP address", addr)
	}
	ip := tcp.IP
	if ip == nil || ip.IsUnspecified() {
		ip = lanIP()
	}
	return "http://" + net.JoinHostPort(ip.String(), fmt.Sprint(tcp.Port)), nil
}

// lanIP returns the first non-loopback IPv4 address, or 127.0.0.1.
func lanIP() net.IP {
	addrs, err := net.InterfaceAddrs()
	if err == nil {
		for _, a := range addrs {
			if n, ok := a.(*net.IPNet); ok && n.IP.To4() != nil && !n.IP.IsLoopback() && !n.IP.IsLinkLocalUnicast() {
				return n.IP
			}
		}
	}
	return net.IPv4(127, 0, 0, 1)
}

// IsLoopbackURL reports whether u names this machine only (phones cannot reach it).
func IsLoopbackURL(u string) bool {
	p, err := url.Parse(u)
	if err != nil {
		return false
	}
	if p.Hostname() == "localhost" {
		return true
	}
	ip := net.ParseIP(p.Hostname())
	return ip != nil && ip.IsLoopback()
}

// DefaultName and DefaultPort make the address printed on key cards when no
// other is asked for: fieldkit serve announces DefaultName + ".local" on the
// table's network (see server/mdns) and listens on DefaultPort, so a card
// printed today reaches the server next month, whatever address the router
// gives the laptop then.
const (
	DefaultName = "fieldkit"
	DefaultPort = 8080
)

// LocalURL returns the address of a server announced as name + ".local" and
// listening on port, e.g. "http://fieldkit.local:8080".
func LocalURL(name string, port int) string {
	return "http://" + net.JoinHostPort(name+".local", fmt.Sprint(port))
}

// DefaultLocalURL is LocalURL(DefaultName, DefaultPort): what printed QR codes
// hold unless told otherwise.
var DefaultLocalURL = LocalURL(DefaultName, DefaultPort)

// typeURL returns what a person types to open a printed key card's side at
// base, the side code completing it: base without its scheme, then "/k/".
func typeURL(base string) string {
	b := strings.TrimPrefix(strings.TrimPrefix(base, "http://"), "https://")
	return strings.TrimRight(b, "/") + "/k/"
}
