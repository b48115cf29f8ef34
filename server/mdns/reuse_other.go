//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package mdns

import "syscall"

// reuse leaves the socket as it is: where the machine's own responder holds
// port 5353 alone, Announce fails and fieldkit serve says so.
func reuse(network, address string, c syscall.RawConn) error { return nil }
