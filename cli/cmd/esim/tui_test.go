package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cedarsim/esim/sdk/qrcode/qrcodetest"
)

// pane is `esim tui` running in a tmux pane of its own server (a private socket), driven with send-keys and read with capture-pane, as a
// person at an 80×24 terminal would.
type pane struct {
	t      *testing.T
	sock   string
	status string // the file the TUI's exit status is written to
}

// startTUI runs `esim tui` against the e2e sandbox in a width × height tmux pane. A shell
// around it writes its exit status to a file: tmux 3.3 sometimes marks the pane dead
// without ever reporting the status.
func startTUI(t *testing.T, e *e2e, width, height int) *pane {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Fatalf("tmux is needed for the TUI walk (.ci/run installs it): %v", err)
	}
	// A socket of its own in the test's directory: no other tmux is touched, and nothing
	// is left behind.
	dir := t.TempDir()
	p := &pane{t: t, sock: filepath.Join(dir, "tmux"), status: filepath.Join(dir, "status")}
	env := []string{"env", "ESIM_SERVER=" + e.srv.URL, "ESIM_CONFIG_DIR=" + e.dir, "ESIM_CAPTCHA_TOKEN=dev-captcha",
		"BROWSER=true", "TERM=xterm-256color", "LANG=C.UTF-8"}
	args := append([]string{"-S", p.sock, "-f", "/dev/null", "new-session", "-d", "-s", "tui",
		"-x", strconv.Itoa(width), "-y", strconv.Itoa(height)},
		append(env, "sh", "-c", `"$0" tui; echo $? > "$1"`, e.bin, p.status)...)
	args = append(args, ";", "set-option", "-g", "remain-on-exit", "on")
	if out, err := exec.Command("tmux", args...).CombinedOutput(); err != nil {
		t.Fatalf("tmux new-session: %v\n%s", err, out)
	}
	t.Cleanup(func() { _ = exec.Command("tmux", "-S", p.sock, "kill-server").Run() })
	return p
}

func (p *pane) tmux(args ...string) string {
	p.t.Helper()
	out, err := exec.Command("tmux", append([]string{"-S", p.sock}, args...)...).CombinedOutput()
	if err != nil {
		p.t.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// keys presses tmux-named keys (Enter, Tab, Space, Escape, Down, Right, C-n, or a letter).
func (p *pane) keys(keys ...string) {
	p.t.Helper()
	for _, k := range keys {
		p.tmux("send-keys", "-t", "tui", k)
		time.Sleep(30 * time.Millisecond) // a person's pace: each key is drawn before the next
	}
}

// typ types text literally.
func (p *pane) typ(s string) {
	p.t.Helper()
	p.tmux("send-keys", "-t", "tui", "-l", s)
	time.Sleep(30 * time.Millisecond)
}

// screen is what the pane shows now.
func (p *pane) screen() string { return p.tmux("capture-pane", "-p", "-t", "tui") }

// waitFor waits until the screen shows every text, and returns it; a panic on the screen,
// or the program ending, fails at once.
func (p *pane) waitFor(want ...string) string {
	p.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		s := p.screen()
		if strings.Contains(s, "panic") || strings.Contains(s, "stopped on an internal error") {
			p.t.Fatalf("the TUI crashed:\n%s", s)
		}
		all := true
		for _, w := range want {
			all = all && strings.Contains(s, w)
		}
		if all {
			return s
		}
		if dead, code := p.dead(); dead {
			p.t.Fatalf("the TUI ended (exit %d) before showing %q:\n%s", code, want, s)
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("the screen never showed %q:\n%s", want, s)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// dead reports whether the program in the pane ended, and its exit status (-1: ended by a
// signal).
func (p *pane) dead() (bool, int) {
	b, err := os.ReadFile(p.status)
	if err != nil || !strings.HasSuffix(string(b), "\n") {
		return false, 0 // still running, or the shell is still writing
	}
	code, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil {
		p.t.Fatalf("exit status file holds %q", b)
	}
	return true, code
}

// quit presses q and checks that the program ended with status 0.
func (p *pane) quit() {
	p.t.Helper()
	p.keys("q")
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if dead, code := p.dead(); dead {
			if code != 0 {
				p.t.Fatalf("the TUI exited %d:\n%s", code, p.screen())
			}
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	p.t.Fatalf("q did not end the TUI:\n%s", p.screen())
}

// code waits for a login code newer than old in the sandbox's mailbox.
func (e *e2e) code(email, old string) string {
	e.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		if c := e.sb.LatestCode(email); c != "" && c != old {
			return c
		}
		time.Sleep(10 * time.Millisecond)
	}
	e.t.Fatalf("no code for %s", email)
	return ""
}

// TestTUIWalkInTmux is issue 25's walk at an 80×24 terminal, against an in-process
// sandbox: sign-up (submitted from the terms checkbox, where it crashed), login, the
// plans, a purchase, the QR code (read back from the captured screen with the tests'
// decoder), a top-up, and the agent tab; every run ends with exit status 0, no panic.
func TestTUIWalkInTmux(t *testing.T) {
	e := newE2E(t)
	const email = "rima.tmux@example.com"

	// Sign-up: Enter with the focus on the terms checkbox.
	p := startTUI(t, e, 80, 24)
	p.waitFor("Popular Destinations", "Lebanon", "Turkey")
	p.keys("2")
	p.waitFor("Log in", "No account yet? Press ctrl+n to sign up.")
	p.keys("C-n")
	p.waitFor("Create your account")
	p.typ("Rima")
	p.keys("Tab")
	p.typ("Khoury")
	p.keys("Tab", "Tab")
	p.typ("70123456")
	p.keys("Tab")
	p.typ(email)
	p.keys("Tab", "Space", "Enter")
	p.waitFor("We sent a code to " + email)
	p.typ(e.code(email, ""))
	p.keys("Enter")
	p.waitFor("Welcome, Rima Khoury")
	p.quit()

	// Login with the e-mail code.
	e.run(nil, "logout")
	p = startTUI(t, e, 80, 24)
	p.waitFor("Popular Destinations")
	p.keys("2")
	p.waitFor("Log in")
	old := e.sb.LatestCode(email)
	p.typ(email)
	p.keys("Tab", "Space", "Enter")
	p.waitFor("We sent a code to " + email)
	p.typ(e.code(email, old))
	p.keys("Enter")
	p.waitFor("Welcome, Rima Khoury")

	// Plans: Turkey, its 1 GB card, buy; the payment is made on the checkout page.
	p.keys("1")
	p.waitFor("Popular Destinations")
	p.keys("Down", "Enter")
	p.waitFor("Turkey 1GB 7 Days")
	p.keys("Down", "Right", "Enter")
	p.waitFor("Validity starts when the eSIM connects")
	p.keys("b")
	p.waitFor("Just one more step to get your eSIM", "Covers")
	p.keys("Enter")
	p.waitFor("Pay on the checkout page:")
	p.tmux("resize-window", "-t", "tui", "-x", "250", "-y", "24") // the whole link on one line
	link := ""
	for deadline := time.Now().Add(10 * time.Second); link == "" && time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		for _, l := range strings.Split(p.screen(), "\n") {
			if l = strings.TrimSpace(l); strings.HasPrefix(l, "http") && strings.Contains(l, "quantity=1") {
				link = l // drawn whole at 250 columns
			}
		}
	}
	p.tmux("resize-window", "-t", "tui", "-x", "80", "-y", "24")
	e.pay(link)
	p.waitFor("Turkey 1GB 7 Days", "[top-up available]") // the watch found the paid eSIM

	// The QR code at 80×24, read back from the screen.
	var list []struct {
		ICCID string `json:"iccid"`
	}
	e.runJSON(&list, "esims", "list")
	if len(list) != 1 {
		t.Fatalf("eSIMs after the purchase: %+v", list)
	}
	var qr struct {
		LPA string `json:"lpa"`
	}
	e.runJSON(&qr, "esims", "qr", list[0].ICCID)
	p.keys("v")
	scr := p.waitFor("Manual install", "One-tap install")
	if got, err := qrcodetest.Scan(scr); err != nil || got != qr.LPA {
		t.Fatalf("the QR on the 80x24 screen scans as %q, %v; want %q:\n%s", got, err, qr.LPA, scr)
	}

	// Top-up of that eSIM, to its checkout link.
	p.keys("Escape")
	p.waitFor("Welcome, Rima Khoury")
	p.keys("t")
	p.waitFor("Topup eSIM with ICCID " + list[0].ICCID)
	p.keys("Enter")
	p.waitFor("Just one more step to topup your eSIM")
	p.keys("Enter")
	p.waitFor("Pay on the checkout page:")
	p.quit()

	// The agent tab: the customer's eSIM and its verdict.
	e.agentLogin()
	p = startTUI(t, e, 80, 24)
	p.waitFor("[AGENT]", "3 Agent")
	p.keys("3")
	p.waitFor("Agent console", "Customer e-mail:")
	p.typ(email)
	p.keys("Enter")
	p.waitFor("ICCID "+list[0].ICCID, "1 eSIM ·")
	p.keys("Enter")
	p.waitFor("Diagnose eSIM "+list[0].ICCID, "Top-up: yes") // the verdict, not its loading line
	p.keys("y", "G")                                         // the reply is below the checklist: G scrolls to its end
	p.waitFor("Send on WhatsApp", "https://wa.me/?text=")
	p.quit()
}
