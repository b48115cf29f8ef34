package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"fieldkit/internal/pdftest"
)

// TestAnnouncementPrint: what serve tells the host about the addresses
// phones use, for each way the name can be announced or not.
func TestAnnouncementPrint(t *testing.T) {
	const ip = "http://192.168.1.20:8080"
	tests := []struct {
		name string
		a    announcement
		want []string // lines, in order
	}{
		{"announced", announcement{Base: ip, Local: "http://fieldkit.local:8080"}, []string{
			"phones on this network: http://fieldkit.local:8080/ (announced by mDNS; printed key cards open it) works on iPhones, iPads, computers and Android 12 or later; http://192.168.1.20:8080/ works on every phone",
			"a phone that cannot open fieldkit.local:8080: type http://192.168.1.20:8080/k/ and the code under the key card's QR code",
		}},
		{"another name and port", announcement{Base: "http://192.168.1.20:9090", Local: "http://stol.local:9090"}, []string{
			"phones on this network: http://stol.local:9090/ (announced by mDNS; printed key cards open it) works on iPhones, iPads, computers and Android 12 or later; http://192.168.1.20:9090/ works on every phone",
			"a phone that cannot open stol.local:9090: type http://192.168.1.20:9090/k/ and the code under the key card's QR code",
			"key cards printed without --url hold http://fieldkit.local:8080: serve them with --addr 0.0.0.0:8080 --name fieldkit, or print with --url http://stol.local:9090",
		}},
		{"not announced", announcement{Base: ip, Local: "http://fieldkit.local:8080", Err: errors.New("mdns: address already in use")}, []string{
			"fieldkit.local:8080 is not announced (mdns: address already in use): phones use http://192.168.1.20:8080/ (type http://192.168.1.20:8080/k/ and the code under a key card's QR code)",
		}},
		{"--name none", announcement{Base: ip}, []string{
			"not announced (--name none): key cards printed without --url hold http://fieldkit.local:8080/k/..., which this server does not answer; phones type http://192.168.1.20:8080/k/ and the code under the QR code",
		}},
		{"this machine only", announcement{Base: "http://127.0.0.1:8080", Local: "http://fieldkit.local:8080"}, []string{
			"key cards printed without --url open http://fieldkit.local:8080/k/...: phones reach it once fieldkit serve listens on the table's Wi-Fi (--addr 0.0.0.0:8080)",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			tt.a.print(&b)
			if got := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n"); !slices.Equal(got, tt.want) {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

// TestPrintSetQR: `print set` needs no address: its Duet key cards' QR codes
// open the name fieldkit serve announces, whatever address the laptop has
// the evening they are played; --url gives another, --url none the side
// code alone. Read back from the PDF with zbarimg; the card also prints the
// address to type.
func TestPrintSetQR(t *testing.T) {
	if testing.Short() {
		t.Skip("prints a set")
	}
	side := `[AB][2-9A-Z]{4}-[2-9A-Z]{4}`
	tests := []struct {
		name string
		args []string
		want string // every QR code matches
		typ  string // the printed address to type, "" for none
	}{
		{"no --url", nil, `^http://fieldkit\.local:8080/k/` + side + `$`, "fieldkit.local:8080/k/"},
		{"--url", []string{"--url", "http://192.168.1.20:9090/"}, `^http://192\.168\.1\.20:9090/k/` + side + `$`, "192.168.1.20:9090/k/"},
		{"--url none", []string{"--url", "none"}, `^` + side + `$`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			var out, errb bytes.Buffer
			m := &Main{Stdout: &out, Stderr: &errb, Getenv: os.Getenv}
			args := append([]string{"print", "set", "--lang", "pl", "--seed", "qr", "--out", dir, "--duet", "1", "--classic", "0"}, tt.args...)
			if code := m.Run(context.Background(), args); code != 0 {
				t.Fatalf("%v: exit %d\n%s", args, code, errb.String())
			}
			pdf := filepath.Join(dir, "keycards-duet.pdf")
			qrs := pdftest.ReadQR(t, pdf)
			if len(qrs) != 2 {
				t.Fatalf("zbarimg read %q, want the two sides' QR codes", qrs)
			}
			re := regexp.MustCompile(tt.want)
			for _, q := range qrs {
				if !re.MatchString(q) {
					t.Errorf("QR code %q, want %s", q, tt.want)
				}
			}
			if _, err := exec.LookPath("pdftotext"); err != nil {
				t.Fatal("pdftotext not found: run scripts/setup")
			}
			b, err := exec.Command("pdftotext", pdf, "-").Output()
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Count(string(b), tt.typ); tt.typ != "" && got != 2 {
				t.Errorf("the address to type, %q, is printed %d times, want once on each side", tt.typ, got)
			}
			if tt.typ == "" && strings.Contains(string(b), "/k/") {
				t.Errorf("--url none: an address is printed")
			}
		})
	}
	// An address phones cannot open is refused.
	for _, u := range []string{"http://127.0.0.1:8080", "fieldkit.local", "http://x/y"} {
		var out, errb bytes.Buffer
		m := &Main{Stdout: &out, Stderr: &errb, Getenv: os.Getenv}
		if code := m.Run(context.Background(), []string{"print", "set", "--lang", "pl", "--out", t.TempDir(), "--url", u}); code != 2 {
			t.Errorf("--url %s: exit %d, want 2 (%s)", u, code, errb.String())
		}
	}
}
