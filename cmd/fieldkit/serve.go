package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	webcam "fieldkit/camera"
	"fieldkit/server"
	"fieldkit/server/mdns"

	qrcode "github.com/skip2/go-qrcode"

	"gocv.io/x/gocv"
)

func init() {
	commands["serve"] = command{summary: "run the table server: host page, phone pages, camera referee", run: runServe}
}

// runServe runs the table server until interrupted.
func runServe(m *Main, ctx context.Context, args []string) error {
	// Interrupts stop the server cleanly from the first moment on.
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	fs := newFlags("serve", "serve [--addr HOST:PORT] [--db FILE] [--camera N] [--name NAME]",
		`fieldkit serve                          # this machine only: http://127.0.0.1:8080/`,
		`fieldkit serve --addr 0.0.0.0:8080      # phones on the table's Wi-Fi can join, also at http://fieldkit.local:8080/`,
		`fieldkit serve --db ~/codenames.db      # keep games and campaigns in another file`)
	addr := fs.String("addr", "127.0.0.1:8080", "listen on this address only; 0.0.0.0:PORT for every interface (the table's Wi-Fi)")
	db := fs.String("db", "fieldkit.db", "the SQLite database of games, seats and campaigns (created if missing)")
	camera := fs.Int("camera", -1, "watch the table with webcam number N (0 is the first)")
	name := fs.String("name", server.DefaultName, "announce NAME.local on the table's Wi-Fi (mDNS): the address printed key cards hold; none: do not announce")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef(fs, "serve takes no arguments (got %q)", pos[0])
	}
	if _, _, err := net.SplitHostPort(*addr); err != nil {
		return usagef(fs, "--addr %q: want HOST:PORT, e.g. 127.0.0.1:8080 or 0.0.0.0:8080", *addr)
	}
	if *name != "none" {
		if err := mdns.CheckHost(*name); err != nil {
			return usagef(fs, "--%v", err)
		}
	}
	var cam *gocv.VideoCapture
	if *camera >= 0 {
		// Open the camera first: without one there is nothing to wait for.
		if cam, err = openCamera(*camera, 5*time.Second); err != nil {
			return err
		}
		defer cam.Close()
	}
	fams := tableFamilies(true)
	store, err := server.OpenStore(*db, fams...)
	if err != nil {
		return err
	}
	defer store.Close()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return fmt.Errorf("%w (is another fieldkit serve running? choose another port with --addr)", err)
	}
	base, err := server.BaseURLFor(ln.Addr())
	if err != nil {
		ln.Close()
		return err
	}
	logf := func(format string, args ...any) {
		fmt.Fprintf(m.Stderr, "%s %s\n", time.Now().Format("15:04:05"), fmt.Sprintf(format, args...))
	}
	// The name printed key cards hold is announced only where phones can
	// reach the server.
	an := announcement{Base: base}
	if *name != "none" {
		an.Local = server.LocalURL(*name, ln.Addr().(*net.TCPAddr).Port)
		if !server.IsLoopbackURL(base) {
			_, an.Err = mdns.Announce(ctx, *name, logf)
		}
	}
	local := ""
	if an.Local != "" && an.Err == nil && !server.IsLoopbackURL(base) {
		local = an.Local
	}
	srv, err := server.New(server.Config{Store: store, BaseURL: base, LocalURL: local, Logf: logf, Families: fams})
	if err != nil {
		ln.Close()
		return err
	}
	fmt.Fprintf(m.Stdout, "fieldkit serve: host page %s/\n", base)
	if qr, err := qrcode.New(base+"/", qrcode.Medium); err == nil && !server.IsLoopbackURL(base) {
		fmt.Fprintf(m.Stdout, "open it on the laptop, or scan it with a phone on the same Wi-Fi:\n%s", qr.ToSmallString(false))
	}
	an.print(m.Stdout)
	fmt.Fprintf(m.Stdout, "database %s\n", store.Path())
	if resume, err := srv.Unfinished(ctx); err == nil {
		for _, u := range resume {
			fmt.Fprintf(m.Stdout, "table with a game in progress: %s\n", u)
		}
	}
	hs := srv.HTTPServer(*addr)
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	camDone := make(chan struct{})
	if cam != nil {
		fmt.Fprintf(m.Stdout, "camera %d: watching the newest table\n", *camera)
		go func() {
			defer close(camDone)
			c := webcam.NewCamera(cam)
			defer c.Close()
			err := srv.WatchCamera(ctx, c, cameraHold)
			if ctx.Err() == nil {
				// The server goes on: photos and the pages still referee.
				logf("camera %d stopped (%v): restart fieldkit serve to use it again; photos still work", *camera, err)
			}
		}()
	} else {
		close(camDone)
	}
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	// Streams end at once, a client that stopped reading included; other
	// requests get a few seconds to finish.
	srv.Close()
	shut, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	closed, err := srv.Shutdown(shut, hs)
	if err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	if closed {
		logf("closed the connections of requests that did not finish in time")
	}
	<-camDone
	fmt.Fprintln(m.Stdout, "fieldkit serve: stopped")
	return nil
}

// announcement is what serve tells the host about the addresses phones use:
// Base, the machine's address on the network; Local, the announced name's
// (empty with --name none); Err, why the name could not be announced.
type announcement struct {
	Base, Local string
	Err         error
}

// print writes which address works for which phone, and what printed key
// cards (which hold server.DefaultLocalURL unless printed with --url) need.
func (a announcement) print(w io.Writer) {
	loopback := server.IsLoopbackURL(a.Base)
	switch {
	case a.Local == "":
		fmt.Fprintf(w, "not announced (--name none): key cards printed without --url hold %s/k/..., which this server does not answer; phones type %s/k/ and the code under the QR code\n", server.DefaultLocalURL, a.Base)
		return
	case loopback:
		fmt.Fprintf(w, "key cards printed without --url open %s/k/...: phones reach it once fieldkit serve listens on the table's Wi-Fi (--addr 0.0.0.0:%d)\n", server.DefaultLocalURL, server.DefaultPort)
		return
	case a.Err != nil:
		fmt.Fprintf(w, "%s is not announced (%v): phones use %s/ (type %s/k/ and the code under a key card's QR code)\n", strings.TrimPrefix(a.Local, "http://"), a.Err, a.Base, a.Base)
	default:
		fmt.Fprintf(w, "phones on this network: %s/ (announced by mDNS; printed key cards open it) works on iPhones, iPads, computers and Android 12 or later; %s/ works on every phone\n", a.Local, a.Base)
		fmt.Fprintf(w, "a phone that cannot open %s: type %s/k/ and the code under the key card's QR code\n", strings.TrimPrefix(a.Local, "http://"), a.Base)
	}
	if a.Local != server.DefaultLocalURL {
		fmt.Fprintf(w, "key cards printed without --url hold %s: serve them with --addr 0.0.0.0:%d --name %s, or print with --url %s\n", server.DefaultLocalURL, server.DefaultPort, server.DefaultName, a.Local)
	}
}

// cameraHold is how many consecutive webcam frames (at about 30 a second) a
// change must hold before the referee hears of it: a third of a second, so
// that a guess token carried across the grid is not a guess.
const cameraHold = 10

// openCamera opens webcam n and waits up to wait for its first frame, so that
// a missing or silent camera is a clear error, not a server that hangs.
func openCamera(n int, wait time.Duration) (*gocv.VideoCapture, error) {
	vc, err := gocv.OpenVideoCapture(n)
	if err == nil && !vc.IsOpened() {
		vc.Close()
		err = errors.New("not opened")
	}
	if err != nil {
		return nil, fmt.Errorf("--camera %d: the camera does not open (no /dev/video%d, or another program uses it); leave out --camera to referee with photos and the host page", n, n)
	}
	got := make(chan bool, 1)
	go func() {
		frame := gocv.NewMat()
		defer frame.Close()
		got <- vc.Read(&frame) && !frame.Empty()
	}()
	select {
	case ok := <-got:
		if ok {
			return vc, nil
		}
		vc.Close()
		return nil, fmt.Errorf("--camera %d: the camera opens but gives no picture; check its cable and that no other program uses it", n)
	case <-time.After(wait):
		// The read may still be blocked in the driver: leave the device to
		// the process's exit rather than close it under the read.
		return nil, fmt.Errorf("--camera %d: no picture from the camera within %v; check its cable and that no other program uses it", n, wait)
	}
}
