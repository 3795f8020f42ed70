// Package tuitest helps the TUI's tests: an SDK client answered by the recorded fixtures
// through httpmock, a loop that runs a component's commands to completion without the
// timers of spinners and cursors, and a fixed colour profile for stable goldens.
package tuitest

import (
	"context"
	"errors"
	"github.com/cedarsim/esim/contract"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cedarsim/esim/contract/har"
	"github.com/cedarsim/esim/fixtures"
	"github.com/cedarsim/esim/fixtures/mock"
	"github.com/cedarsim/esim/sdk"
	"github.com/charmbracelet/bubbles/spinner"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/golang-jwt/jwt/v5"
	"github.com/jarcoal/httpmock"
	"github.com/muesli/termenv"
)

// Widths every component's golden View is recorded at.
var Widths = []int{80, 120}

// ASCII forces the colour profile to plain text, so goldens hold no escape codes. Call it
// from TestMain: the profile is process-wide in lipgloss.
func ASCII() { lipgloss.SetColorProfile(termenv.Ascii) }

// Session values for tests.
const (
	// RegisteredEmail is the customer of the fixtures.
	RegisteredEmail = "rana.haddad@example.com"
)

// Client returns an SDK client whose requests are answered by the named fixtures
// ("call/scenario") through mock.Register (fixtures/mock) on an httpmock transport, with the store
// holding sess. A request no fixture answers fails the test.
func Client(t testing.TB, sess sdk.Session, names ...string) *sdk.Client {
	t.Helper()
	files := make([]*har.File, 0, len(names))
	for _, n := range names {
		call, scenario, ok := strings.Cut(n, "/")
		if !ok {
			t.Fatalf("fixture name %q is not call/scenario", n)
		}
		f, err := fixtures.Scenario(call, scenario)
		if err != nil {
			t.Fatalf("fixture %s: %v", n, err)
		}
		files = append(files, f)
	}
	mt := httpmock.NewMockTransport()
	reg := mock.Register(mt, fixtures.DefaultBases(), files...)
	if err := reg.Err(); err != nil {
		t.Fatalf("register fixtures: %v", err)
	}
	store := sdk.NewMemoryStore()
	if sess.Token != "" {
		if err := store.Save(context.Background(), sess); err != nil {
			t.Fatal(err)
		}
	}
	c, err := sdk.NewClient(sdk.Options{
		HTTPClient: &http.Client{Transport: strict{t, mt}}, Store: store, Timeout: 5 * time.Second,
		ClientID: contract.SandboxClientID, ClientSecret: contract.SandboxClientSecret,
		GuestUsername: contract.SandboxGuestUsername, GuestPassword: contract.SandboxGuestPassword,
	})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// strict fails the test on a request the fixtures do not answer, rather than let the
// screen show a generic error that a golden might then record.
type strict struct {
	t  testing.TB
	rt http.RoundTripper
}

func (s strict) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := s.rt.RoundTrip(r)
	if err != nil {
		s.t.Errorf("no fixture answers %s %s: %v", r.Method, r.URL.Redacted(), err)
	}
	return resp, err
}

// load reads one fixture file.
func load(t testing.TB, name string) *har.File {
	t.Helper()
	call, scenario, _ := strings.Cut(name, "/")
	f, err := fixtures.Scenario(call, scenario)
	if err != nil {
		t.Fatalf("fixture %s: %v", name, err)
	}
	return f
}

// RegisteredSession is a logged-in customer's session with the fixtures' token.
func RegisteredSession(t testing.TB) sdk.Session {
	t.Helper()
	f := load(t, "token.otp/success")
	text := f.Log.Entries[0].Response.Content.Text
	const k = `"access_token":"`
	i := strings.Index(text, k)
	if i < 0 {
		t.Fatal("token fixture has no access_token")
	}
	tok := text[i+len(k):]
	tok = tok[:strings.IndexByte(tok, '"')]
	return sdk.Session{Token: tok, RefreshToken: "r", IsGuest: "false"}
}

// AgentEmail is the support agent the sandbox seeds (contract constants).
const AgentEmail = contract.SandboxAgentEmail

// AgentSession is a support agent's session: a token with the role claim "agent" (signed
// with a test key; the client reads claims without verifying them).
func AgentSession(t testing.TB) sdk.Session {
	t.Helper()
	tok, err := jwt.NewWithClaims(jwt.SigningMethodHS256, jwt.MapClaims{
		"sub": "agent-1", "email": AgentEmail, "first_name": "Sam", "last_name": "Support",
		"role": "agent", "is_guest": "false", "exp": time.Now().Add(24 * time.Hour).Unix(),
	}).SignedString([]byte("tuitest"))
	if err != nil {
		t.Fatal(err)
	}
	return sdk.Session{Token: tok, RefreshToken: "r", IsGuest: "false"}
}

// Updater is a component: Update returns its own type.
type Updater[M any] interface {
	Update(tea.Msg) (M, tea.Cmd)
}

// Drain runs cmd and every command it leads to, feeding the messages back into m, until
// none is left. Spinner ticks and cursor blinks are dropped rather than fed back, so no
// timer runs and the result is deterministic.
func Drain[M Updater[M]](t testing.TB, m M, cmd tea.Cmd) M {
	t.Helper()
	m, _ = Collect(t, m, cmd)
	return m
}

// Collect is Drain that also returns every message fed to m, so a test can see what a
// component asks of the root (the messages of tui/nav).
func Collect[M Updater[M]](t testing.TB, m M, cmd tea.Cmd) (M, []tea.Msg) {
	t.Helper()
	var seen []tea.Msg
	queue := []tea.Cmd{cmd}
	for steps := 0; len(queue) > 0; steps++ {
		if steps > 1000 {
			t.Fatal("Drain: commands do not settle")
		}
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		msg := c()
		switch msg := msg.(type) {
		case nil:
			continue
		case tea.BatchMsg:
			queue = append(queue, msg...)
			continue
		case spinner.TickMsg:
			continue
		}
		if p := reflect.TypeOf(msg).PkgPath(); strings.HasSuffix(p, "bubbles/cursor") || strings.HasSuffix(p, "bubbles/textinput") {
			continue
		}
		seen = append(seen, msg)
		var next tea.Cmd
		m, next = m.Update(msg)
		queue = append(queue, next)
	}
	return m, seen
}

// Key builds the message of one key press, named as bubbletea names it ("enter", "esc",
// "shift+tab", "ctrl+n", "alt+x", "space" or " "), or a rune.
func Key(k string) tea.KeyMsg {
	if k == "space" || k == " " {
		return tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}}
	}
	if t, ok := keyTypes()[k]; ok {
		return tea.KeyMsg{Type: t}
	}
	if rest, ok := strings.CutPrefix(k, "alt+"); ok && rest != "" {
		m := Key(rest)
		m.Alt = true
		return m
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
}

// keyTypes maps bubbletea's key names to their types (built from KeyType.String, so that
// every named key works without a list to keep in step).
func keyTypes() map[string]tea.KeyType {
	out := map[string]tea.KeyType{}
	for t := tea.KeyType(-200); t <= 200; t++ {
		if n := t.String(); n != "" && t != tea.KeyRunes {
			if _, dup := out[n]; !dup {
				out[n] = t
			}
		}
	}
	return out
}

// Press sends keys to m one by one, draining the commands of each.
func Press[M Updater[M]](t testing.TB, m M, keys ...string) M {
	t.Helper()
	for _, k := range keys {
		var cmd tea.Cmd
		m, cmd = m.Update(Key(k))
		m = Drain(t, m, cmd)
	}
	return m
}

// Type sends each rune of s as a key press.
func Type[M Updater[M]](t testing.TB, m M, s string) M {
	t.Helper()
	for _, r := range s {
		var cmd tea.Cmd
		m, cmd = m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
		m = Drain(t, m, cmd)
	}
	return m
}

// Golden compares view at every width of Widths (and the given height) with the golden
// files testdata/<test>/<width>.golden; `go test -update` rewrites them.
func Golden(t *testing.T, height int, view func(w, h int) string) {
	t.Helper()
	for _, w := range Widths {
		t.Run(strconv.Itoa(w), func(t *testing.T) {
			golden.RequireEqual(t, view(w, height))
		})
	}
}

// ESIMs returns the customer's eSIMs of the listEsimsByEmail/success fixture, through the SDK.
func ESIMs(t testing.TB) []sdk.ESIM {
	t.Helper()
	c := Client(t, RegisteredSession(t), "listEsimsByEmail/success")
	list, err := c.ESIMs.ByEmail(context.Background(), RegisteredEmail)
	if err != nil {
		t.Fatal(err)
	}
	return list
}

// User reads the logged-in customer as the root does (sdk.Client.Customer).
func User(c *sdk.Client) func(ctx context.Context) (sdk.CurrentUser, error) {
	return c.Customer
}

// ESIMSource answers the eSIM reads of the screens from a list (the fixture customer's, by
// ESIMs): the customer's list whatever the address, and each eSIM's bundles.
type ESIMSource struct{ List []sdk.ESIM }

// ByEmail implements the screens' Source.
func (s ESIMSource) ByEmail(context.Context, string) ([]sdk.ESIM, error) { return s.List, nil }

// Info implements the screens' Source.
func (s ESIMSource) Info(_ context.Context, iccid string) ([]sdk.ESIMBundle, error) {
	for _, e := range s.List {
		if e.ICCID == iccid {
			return e.Bundles, nil
		}
	}
	return nil, errors.New("unknown ICCID")
}
