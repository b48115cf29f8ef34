package mdns

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"

	"golang.org/x/net/ipv4"
)

// Announce answers for host + ".local" on every network interface that is up
// and multicasts (not the loopback), with each interface's own IPv4
// addresses, until ctx ends. It returns the interfaces it listens on. It
// shares port 5353 with the machine's own responder (Avahi, Bonjour), if any.
func Announce(ctx context.Context, host string, logf func(format string, args ...any)) ([]string, error) {
	r, err := New(host, interfaceAddrs)
	if err != nil {
		return nil, err
	}
	var lc net.ListenConfig
	lc.Control = reuse
	c, err := lc.ListenPacket(ctx, "udp4", fmt.Sprintf("0.0.0.0:%d", Port))
	if err != nil {
		return nil, fmt.Errorf("mdns: %w", err)
	}
	pc := ipv4.NewPacketConn(c)
	ifs, _ := net.Interfaces()
	var joined []string
	group := &net.UDPAddr{IP: net.IP(Group.AsSlice())}
	for i := range ifs {
		ifi := &ifs[i]
		if ifi.Flags&net.FlagUp == 0 || ifi.Flags&net.FlagMulticast == 0 || ifi.Flags&net.FlagLoopback != 0 {
			continue
		}
		if len(interfaceAddrs(ifi.Index)) == 0 {
			continue
		}
		if err := pc.JoinGroup(ifi, group); err == nil {
			joined = append(joined, ifi.Name)
		}
	}
	if len(joined) == 0 {
		c.Close()
		return nil, errors.New("mdns: no network interface to announce on (is this machine on a Wi-Fi?)")
	}
	if err := pc.SetControlMessage(ipv4.FlagInterface, true); err != nil {
		// Without it every answer names the addresses of every interface.
		logf("mdns: %v", err)
	}
	pc.SetMulticastTTL(255)
	go func() {
		<-ctx.Done()
		c.Close()
	}()
	go func() {
		buf := make([]byte, maxMessage)
		for {
			n, cm, from, err := pc.ReadFrom(buf)
			if err != nil {
				if ctx.Err() == nil && !errors.Is(err, net.ErrClosed) {
					logf("mdns: %v: %s no longer answers", err, r.Name())
				}
				return
			}
			ifIndex, port := 0, 0
			if cm != nil {
				ifIndex = cm.IfIndex
			}
			if u, ok := from.(*net.UDPAddr); ok {
				port = u.Port
			}
			reply, unicast := r.Answer(buf[:n], ifIndex, port)
			if reply == nil {
				continue
			}
			to := from
			var wcm *ipv4.ControlMessage
			if !unicast {
				to = &net.UDPAddr{IP: net.IP(Group.AsSlice()), Port: Port}
				if ifi, err := net.InterfaceByIndex(ifIndex); ifIndex != 0 && err == nil {
					// Out on the interface the question came in on.
					wcm = &ipv4.ControlMessage{IfIndex: ifIndex}
					pc.SetMulticastInterface(ifi)
				}
			}
			pc.WriteTo(reply, wcm, to)
		}
	}()
	return joined, nil
}

// interfaceAddrs returns the IPv4 addresses (not link-local) of the interface
// of index ifIndex, or of every interface that is up, not the loopback, when
// ifIndex is 0.
func interfaceAddrs(ifIndex int) []netip.Addr {
	var ifs []net.Interface
	if ifIndex != 0 {
		ifi, err := net.InterfaceByIndex(ifIndex)
		if err != nil {
			return nil
		}
		ifs = []net.Interface{*ifi}
	} else {
		ifs, _ = net.Interfaces()
	}
	var out []netip.Addr
	for _, ifi := range ifs {
		if ifi.Flags&net.FlagUp == 0 || ifi.Flags&net.FlagLoopback != 0 {
			continue
		}
		addrs, _ := ifi.Addrs()
		for _, a := range addrs {
			n, ok := a.(*net.IPNet)
			if !ok {
				continue
			}
			ip, ok := netip.AddrFromSlice(n.IP)
			if !ok {
				continue
			}
			ip = ip.Unmap()
			if ip.Is4() && !ip.IsLoopback() && !ip.IsLinkLocalUnicast() {
				out = append(out, ip)
			}
		}
	}
	return out
}
