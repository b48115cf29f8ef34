//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package mdns

import (
	"syscall"

	"golang.org/x/sys/unix"
)

// reuse lets the socket share port 5353 with the machine's own responder.
func reuse(network, address string, c syscall.RawConn) error {
	var serr error
	err := c.Control(func(fd uintptr) {
		serr = unix.SetsockoptInt(int(fd), unix.SOL_SOCKET, unix.SO_REUSEADDR, 1)
		if serr == nil {
			serr = unix.SetsockoptInt(int(fd), unix.SOL_SOCKET, unix.SO_REUSEPORT, 1)
		}
	})
	if err != nil {
		return err
	}
	return serr
}
