package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"fieldkit/server"
)

func init() {
	commands["serve"] = command{summary: "run the table server: host page, phone pages, camera referee", run: runServe}
}

// runServe runs the table server until interrupted.
func runServe(m *Main, ctx context.Context, args []string) error {
	fs := newFlags("serve", "serve [--addr HOST:PORT] [--db FILE] [--camera N]",
		`fieldkit serve                          # this machine only: http://127.0.0.1:8080/`,
		`fieldkit serve --addr 0.0.0.0:8080      # phones on the table's Wi-Fi can join`,
		`fieldkit serve --db ~/codenames.db      # keep games and campaigns in another file`)
	addr := fs.String("addr", "127.0.0.1:8080", "listen on this address only; 0.0.0.0:PORT for every interface")
	db := fs.String("db", "fieldkit.db", "the SQLite database of games, seats and campaigns (created if missing)")
	camera := fs.Int("camera", -1, "watch the table with webcam number N (0 is the first)")
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
	if *camera >= 0 {
		// TODO(scan): wire the camera loop (scan's observation and tracker, issue 6) once it lands.
		return fmt.Errorf("--camera %d: this build has no camera scanner yet; photos and the host page referee instead", *camera)
	}
	store, err := server.OpenStore(*db)
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
	srv, err := server.New(server.Config{Store: store, BaseURL: base, Logf: logf})
	if err != nil {
		ln.Close()
		return err
	}
	fmt.Fprintf(m.Stdout, "fieldkit serve: host page %s/\n", base)
	fmt.Fprintf(m.Stdout, "database %s\n", store.Path())
	if resume, err := srv.Unfinished(ctx); err == nil {
		for _, u := range resume {
			fmt.Fprintf(m.Stdout, "game in progress: %s\n", u)
		}
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	hs := srv.HTTPServer(*addr)
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	srv.Close()
	shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := hs.Shutdown(shut); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	fmt.Fprintln(m.Stdout, "fieldkit serve: stopped")
	return nil
}
