package tui

import (
	"bytes"
	"context"
	"errors"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cedarsim/esim/tui/otp"

	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/tui/checkout"
	"github.com/cedarsim/esim/tui/internal/tuitest"
	"github.com/cedarsim/esim/tui/nav"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"
)

func TestMain(m *testing.M) {
	tuitest.ASCII()
	os.Exit(m.Run())
}

var catalog = []string{
	"token.guest/success", "listCountries/success", "listRegions/success",
	"listSpecialBundles/success", "listAreaBundles/success", "listAreaBundles.global/success",
}

func devCaptcha(context.Context) (string, error) { return "dev-captcha", nil }

func options() Options {
	return Options{SupportPhone: "+961 1 555 010", SupportEmail: "support@cedarsim.example",
		CaptchaToken: devCaptcha, QRFetchDelay: time.Millisecond, CheckoutPollEvery: -1}
}

// root adapts the root model to tuitest's loop (Update returns tea.Model).
type root struct{ Model }

func (r root) Update(msg tea.Msg) (root, tea.Cmd) {
	m, cmd := r.Model.Update(msg)
	return root{m.(Model)}, cmd
}

func start(t *testing.T, sess sdk.Session, fixtures ...string) (*teatest.TestModel, *sdk.Client) {
	t.Helper()
	c := tuitest.Client(t, sess, fixtures...)
	tm := teatest.NewTestModel(t, New(context.Background(), c, options()), teatest.WithInitialTermSize(100, 40))
	return tm, c
}

func waitFor(t *testing.T, tm *teatest.TestModel, want ...string) {
	t.Helper()
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
		for _, w := range want {
			if !bytes.Contains(b, []byte(w)) {
				return false
			}
		}
		return true
	}, teatest.WithDuration(5*time.Second), teatest.WithCheckInterval(10*time.Millisecond))
}

func final(t *testing.T, tm *teatest.TestModel) Model {
	t.Helper()
	return tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second)).(Model)
}

func keys(tm *teatest.TestModel, ks ...string) {
	for _, k := range ks {
		tm.Send(tuitest.Key(k))
	}
}

func TestFlowBrowse(t *testing.T) {
	tm, c := start(t, sdk.Session{}, catalog...)
	waitFor(t, tm, "Lebanon", "Turkey")
	keys(tm, "down", "enter")
	waitFor(t, tm, "Turkey 1GB 7 Days", "4.50 USD")
	keys(tm, "down", "enter")
	waitFor(t, tm, "Validity starts when the eSIM connects")
	keys(tm, "esc")
	waitFor(t, tm, "Popular Destinations")
	keys(tm, "tab", "tab")
	waitFor(t, tm, "GLOBAL Global 3GB 30 Days")
	keys(tm, "q")
	m := final(t, tm)
	if m.cur != scrPlans {
		t.Errorf("ended on screen %d, want plans", m.cur)
	}
	// Quitting leaves the (guest) session the catalogue calls stored.
	if s, err := c.Store().Load(context.Background()); err != nil || s.IsGuest != "true" || s.Token == "" {
		t.Errorf("session after quit: %+v, %v", s, err)
	}
}

func TestFlowFilterTurk(t *testing.T) {
	tm, _ := start(t, sdk.Session{}, catalog...)
	waitFor(t, tm, "Lebanon")
	keys(tm, "/")
	tm.Type("turk")
	waitFor(t, tm, "> TR  Turkey")
	tm.Send(tuitest.Key("ctrl+c"))
	v := final(t, tm).View()
	menu := v[strings.Index(v, "Search: turk"):strings.Index(v, "Popular Destinations")]
	if !strings.Contains(menu, "Turkey") || strings.Contains(menu, "Lebanon") {
		t.Fatalf("menu for 'turk':\n%s", menu)
	}
}

func TestFlowLoginWithCode(t *testing.T) {
	tm, c := start(t, sdk.Session{}, append(catalog, "sendOtp/login", "verifyOtp/success",
		"token.otp/success", "listEsimsByEmail/success")...)
	waitFor(t, tm, "Lebanon")
	keys(tm, "2")
	waitFor(t, tm, "Log in", "E-mail:")
	tm.Type(tuitest.RegisteredEmail)
	keys(tm, "tab", "space", "enter")
	waitFor(t, tm, "Enter your code")
	tm.Type("123456")
	keys(tm, "enter")
	waitFor(t, tm, "Welcome, Rana Haddad", "Turkey 5GB")
	keys(tm, "q")
	m := final(t, tm)
	if m.cur != scrESIMs || m.account != tuitest.RegisteredEmail {
		t.Errorf("after login: screen %d account %q", m.cur, m.account)
	}
	if s, err := c.Store().Load(context.Background()); err != nil || !s.Registered() {
		t.Errorf("session after login and quit: %+v, %v", s, err)
	}
}

// TestFlowSignup: a new customer goes from the login to the sign-up screen, registers
// with the code and lands on My eSIMs, never told to buy first.
func TestFlowSignup(t *testing.T) {
	tm, c := start(t, sdk.Session{}, append(catalog, "sendOtp/signup", "verifyOtp/success",
		"token.otp/success", "listEsimsByEmail/success")...)
	waitFor(t, tm, "Lebanon")
	keys(tm, "2")
	waitFor(t, tm, "No account yet? Press ctrl+n to sign up.")
	tm.Type(tuitest.RegisteredEmail)
	keys(tm, "ctrl+n")
	waitFor(t, tm, "Create your account", "Country code  961")
	tm.Type("Rana")
	keys(tm, "tab")
	tm.Type("Haddad")
	keys(tm, "tab", "tab")
	tm.Type("71123456")
	keys(tm, "enter")
	waitFor(t, tm, "We sent a code to "+tuitest.RegisteredEmail)
	tm.Type("123456")
	keys(tm, "enter")
	waitFor(t, tm, "Welcome, Rana Haddad")
	keys(tm, "q")
	if m := final(t, tm); m.cur != scrESIMs || m.account != tuitest.RegisteredEmail {
		t.Errorf("after sign-up: screen %d account %q", m.cur, m.account)
	}
	if s, err := c.Store().Load(context.Background()); err != nil || !s.Registered() {
		t.Errorf("session after sign-up: %+v, %v", s, err)
	}
}

// TestFlowAgent: an agent's session is marked in the header and has the Agent tab: look
// a customer up, open the verdict of an eSIM, go back.
func TestFlowAgent(t *testing.T) {
	tm, _ := start(t, tuitest.AgentSession(t), append(catalog, "listEsimsByEmail/success", "getEsimInfo/success",
		"checkEsim/can-continue")...)
	waitFor(t, tm, "CedarSIM [AGENT]", "3 Agent", tuitest.AgentEmail)
	keys(tm, "3")
	waitFor(t, tm, "Agent console", "Customer e-mail:")
	tm.Type(tuitest.RegisteredEmail)
	keys(tm, "enter")
	waitFor(t, tm, "ICCID 89961010025061000016", "TR_5GB_30D · top-up yes")
	keys(tm, "enter")
	waitFor(t, tm, "Diagnose eSIM 89961010025061000016", "[ ok ] Top-up: yes")
	keys(tm, "esc", "1", "3", "q")
	m := final(t, tm)
	if m.cur != scrAgent || !m.agent {
		t.Fatalf("screen %d agent %v", m.cur, m.agent)
	}
	for _, w := range []int{40, 60, 80} {
		r, _ := m.Update(tea.WindowSizeMsg{Width: w, Height: 20})
		if head := strings.SplitN(r.View(), "\n", 2)[0]; !strings.HasPrefix(head, "CedarSIM [AGENT]") {
			t.Errorf("%d columns: the header does not say it is an agent session: %q", w, head)
		}
	}
	if !strings.Contains(m.View(), "ICCID 89961010025061000016") {
		t.Errorf("the customer looked up was not kept:\n%s", m.View())
	}
}

func TestAgentTabOnlyForAgents(t *testing.T) {
	c := tuitest.Client(t, tuitest.RegisteredSession(t), catalog...)
	base := New(context.Background(), c, options())
	m := tuitest.Drain(t, root{base}, base.Init())
	m = tuitest.Press(t, m, "3")
	if m.cur != scrPlans || m.agent || strings.Contains(m.View(), "Agent") {
		t.Fatalf("a customer got the agent tab: screen %d\n%s", m.cur, m.View())
	}
}

func TestFlowQR(t *testing.T) {
	tm, c := start(t, tuitest.RegisteredSession(t), append(catalog, "listEsimsByEmail/success")...)
	waitFor(t, tm, "Lebanon")
	keys(tm, "2")
	waitFor(t, tm, "Turkey 5GB")
	keys(tm, "v")
	waitFor(t, tm, "Manual install", "smdp.cedarsim.example", "10326-D64AD-97847-DDE82", "▀")
	keys(tm, "esc")
	waitFor(t, tm, "Purchase History")
	keys(tm, "ctrl+c")
	if m := final(t, tm); m.cur != scrESIMs {
		t.Errorf("esc from the QR view went to screen %d", m.cur)
	}
	if s, _ := c.Store().Load(context.Background()); s != tuitest.RegisteredSession(t) {
		t.Errorf("quitting changed the session: %+v", s)
	}
}

func TestQuitWhileTypingNeedsCtrlC(t *testing.T) {
	c := tuitest.Client(t, sdk.Session{}, catalog...)
	m := tuitest.Drain(t, root{New(context.Background(), c, options())}, New(context.Background(), c, options()).Init())
	m = tuitest.Press(t, m, "/")
	_, cmd := m.Update(tuitest.Key("q"))
	if cmd != nil {
		if _, quit := cmd().(tea.QuitMsg); quit {
			t.Fatal("q quit while typing in the search box")
		}
	}
	_, cmd = m.Update(tuitest.Key("ctrl+c"))
	if cmd == nil {
		t.Fatal("ctrl+c did nothing")
	}
	if _, quit := cmd().(tea.QuitMsg); !quit {
		t.Fatal("ctrl+c did not quit")
	}
}

func TestBuyAsksForLoginFirst(t *testing.T) {
	c := tuitest.Client(t, sdk.Session{}, catalog...)
	m := tuitest.Drain(t, root{New(context.Background(), c, options())}, New(context.Background(), c, options()).Init())
	m = tuitest.Press(t, m, "down", "enter", "down", "enter", "b")
	if m.cur != scrLogin || m.pendingBuy == nil || m.pendingBuy.Name != "TR_1GB_7D" {
		t.Fatalf("screen %d pending %+v, want login with the bundle waiting", m.cur, m.pendingBuy)
	}
}

func checkoutURL(t *testing.T, m root) string {
	t.Helper()
	if m.cur != scrCheckout {
		t.Fatalf("on screen %d, want checkout", m.cur)
	}
	return m.screens[scrCheckout].(wrapped[checkout.Model]).m.URL()
}

func TestBuyFlowLogsInThenEndsInCheckoutLink(t *testing.T) {
	c := tuitest.Client(t, sdk.Session{}, append(catalog, "sendOtp/login", "verifyOtp/success",
		"token.otp/success", "canPurchase/allowed", "createOrder/newly-created", "addOrderDetails/success")...)
	base := New(context.Background(), c, options())
	m := tuitest.Drain(t, root{base}, base.Init())
	m = tuitest.Press(t, m, "down", "enter", "down", "right", "enter", "b") // Turkey, then its 5GB plan (the fixtures buy it)
	m = tuitest.Type(t, m, tuitest.RegisteredEmail)
	m = tuitest.Press(t, m, "tab", "space", "enter")
	m = tuitest.Type(t, m, "123456")
	m = tuitest.Press(t, m, "enter")
	if m.cur != scrCheckout || !strings.Contains(m.View(), "Just one more step to get your eSIM") {
		t.Fatalf("after login: screen %d\n%s", m.cur, m.View())
	}
	m = tuitest.Press(t, m, "enter")
	if u := checkoutURL(t, m); !strings.HasPrefix(u, "https://pay.example.com/checkout/hosted?") || !strings.Contains(u, "quantity=1") {
		t.Fatalf("checkout link %q", u)
	}
	m = tuitest.Press(t, m, "esc")
	if m.cur != scrBundle {
		t.Fatalf("esc from checkout went to screen %d, want the bundle", m.cur)
	}
}

func TestTopupFlowEndsInCheckoutLink(t *testing.T) {
	c := tuitest.Client(t, tuitest.RegisteredSession(t), append(catalog, "listEsimsByEmail/success", "listAreaBundles.topup/success",
		"checkEsim/can-continue", "topupBundleSelected/success", "canPurchase/allowed",
		"createOrder/newly-created", "addOrderDetails/topup")...)
	base := New(context.Background(), c, options())
	m := tuitest.Drain(t, root{base}, base.Init())
	m = tuitest.Press(t, m, "2", "t")
	if !strings.Contains(m.View(), "Topup eSIM with ICCID 89961010025061000016") {
		t.Fatalf("top-up list:\n%s", m.View())
	}
	m = tuitest.Press(t, m, "right", "enter")
	if !strings.Contains(m.View(), "Just one more step to topup your eSIM") {
		t.Fatalf("top-up checkout:\n%s", m.View())
	}
	m = tuitest.Press(t, m, "enter")
	if u := checkoutURL(t, m); !strings.Contains(u, "orderId=3e2b37f2-e4b0-5ad0-a81a-aad25a1e3d1d") {
		t.Fatalf("checkout link %q", u)
	}
}

func TestPurchasedShowsTheRefreshedList(t *testing.T) {
	c := tuitest.Client(t, tuitest.RegisteredSession(t), append(catalog, "listEsimsByEmail/success")...)
	base := New(context.Background(), c, options())
	m := tuitest.Drain(t, root{base}, base.Init())
	m = tuitest.Press(t, m, "down", "enter", "down", "right", "enter", "b") // Turkey, then its 5GB plan (the fixtures buy it)
	if m.cur != scrCheckout {
		t.Fatalf("screen %d, want checkout", m.cur)
	}
	r, cmd := m.Update(nav.PurchasedMsg{ICCID: "89961010025061000016"})
	m = tuitest.Drain(t, r, cmd)
	if m.cur != scrESIMs || !strings.Contains(m.View(), "Turkey 5GB") {
		t.Fatalf("after the payment: screen %d\n%s", m.cur, m.View())
	}
	if _, ok := m.screens[scrCheckout]; ok {
		t.Error("the finished checkout is still kept")
	}
}

func TestAgentLoginOpensTheConsole(t *testing.T) {
	c := tuitest.Client(t, sdk.Session{}, catalog...)
	base := New(context.Background(), c, options())
	m := tuitest.Drain(t, root{base}, base.Init())
	m = tuitest.Press(t, m, "2")
	claims, err := sdk.ParseClaims(tuitest.AgentSession(t).Token)
	if err != nil {
		t.Fatal(err)
	}
	r, cmd := m.Update(nav.LoggedInMsg{Token: &sdk.Token{Claims: claims}})
	m = tuitest.Drain(t, r, cmd)
	if m.cur != scrAgent || !m.agent || !strings.HasPrefix(m.View(), "CedarSIM [AGENT]") {
		t.Fatalf("after an agent's login: screen %d agent %v\n%s", m.cur, m.agent, m.View())
	}
}

// captchaPage is a captcha page that never gets a token (nobody completes it).
type captchaPage struct{ closed chan struct{} }

func (p captchaPage) URL() string { return "http://127.0.0.1:45678/feedc0de/" }
func (p captchaPage) Wait(ctx context.Context) (string, error) {
	<-ctx.Done()
	return "", ctx.Err()
}
func (p captchaPage) Close() error { close(p.closed); return nil }

// TestFlowCaptchaWait: without a configured token the login shows the captcha page's
// address, esc cancels the wait, and the time limit ends it with a message; the page is
// closed each time. No browser opens (as with BROWSER=false).
func TestFlowCaptchaWait(t *testing.T) {
	c := tuitest.Client(t, sdk.Session{}, append(catalog, "sendOtp/login")...)
	opts := options()
	opts.CaptchaToken = nil
	var pages []captchaPage
	var mu sync.Mutex
	opts.CaptchaPage = func(context.Context) (otp.CaptchaPage, error) {
		mu.Lock()
		defer mu.Unlock()
		p := captchaPage{make(chan struct{})}
		pages = append(pages, p)
		return p, nil
	}
	opts.OpenBrowser = func(string) error { return errors.New("no browser") }
	opts.CaptchaTimeout = 300 * time.Millisecond
	tm := teatest.NewTestModel(t, New(context.Background(), c, opts), teatest.WithInitialTermSize(100, 40))
	waitFor(t, tm, "Lebanon")
	keys(tm, "2")
	waitFor(t, tm, "E-mail:")
	tm.Type(tuitest.RegisteredEmail)
	keys(tm, "tab", "space", "enter")
	waitFor(t, tm, "Enter your code")
	tm.Type("123456")
	keys(tm, "enter")
	waitFor(t, tm, "http://127.0.0.1:45678/feedc0de/", "No browser opened", "press esc to cancel")
	keys(tm, "esc")
	waitFor(t, tm, "Captcha cancelled. Press enter to try again.")
	keys(tm, "enter")
	waitFor(t, tm, "The captcha was not completed within 300ms. Press enter to try again.")
	keys(tm, "ctrl+c")
	final(t, tm)
	mu.Lock()
	defer mu.Unlock()
	if len(pages) != 2 {
		t.Fatalf("%d captcha pages started, want 2", len(pages))
	}
	for i, p := range pages {
		select {
		case <-p.closed:
		case <-time.After(5 * time.Second):
			t.Errorf("page %d never closed", i)
		}
	}
}
