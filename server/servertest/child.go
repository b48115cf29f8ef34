package servertest

import (
	"bufio"
	"fmt"
	"net"
	"os"
	"os/exec"
	"strings"
	"testing"

	"fieldkit/server"
)

// childEnv makes a test binary run a server instead of its tests: the
// durability tests start it, kill it with SIGKILL, and start it again.
const childEnv = "FIELDKIT_TEST_SERVE_DB"

// Main is a test package's TestMain for packages that use StartChild: in
// a child process it serves the database with families (made fresh for the
// child), elsewhere it runs the tests.
func Main(m *testing.M, families func() []server.Family) {
	if db := os.Getenv(childEnv); db != "" {
		serveChild(db, families())
		return
	}
	os.Exit(m.Run())
}

// serveChild serves db on a loopback port and prints its address.
func serveChild(db string, families []server.Family) {
	st, err := server.OpenStore(db, families...)
	if err != nil {
		fmt.Println("error:", err)
		os.Exit(1)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Println("error:", err)
		os.Exit(1)
	}
	base, _ := server.BaseURLFor(ln.Addr())
	srv, err := server.New(server.Config{Store: st, BaseURL: base, Families: families})
	if err != nil {
		fmt.Println("error:", err)
		os.Exit(1)
	}
	fmt.Println(base)
	srv.HTTPServer("").Serve(ln)
}

// Child is a table server in another process (the test binary, run again
// under Main).
type Child struct {
	cmd *exec.Cmd
	URL string // its address, e.g. http://127.0.0.1:41234
}

// StartChild runs a server in a new process on the database db.
func StartChild(t testing.TB, db string) *Child {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childEnv+"="+db)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil || !strings.HasPrefix(line, "http://") {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("server process said %q (%v)", line, err)
	}
	return &Child{cmd: cmd, URL: strings.TrimSpace(line)}
}

// Kill kills the process with SIGKILL (no chance to flush or close
// anything) and waits for it to end.
func (c *Child) Kill() {
	c.cmd.Process.Kill()
	c.cmd.Wait()
}
