package diagnose

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/cedarsim/esim/contract/wire"
	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/lpa"
	"github.com/cedarsim/esim/sdk/messages"
)

var now = time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)

func bundle(name string, state sdk.BundleState, mods ...func(*sdk.ESIMBundle)) sdk.ESIMBundle {
	b := sdk.ESIMBundle{
		BundleDisplayName: name, Name: name, BundleState: state,
		AssignmentDatetime: now.Add(-48 * time.Hour), StartTime: now.Add(-47 * time.Hour), EndTime: now.Add(20 * 24 * time.Hour),
		InitialQuantity: 5_000_000_000, RemainingQuantity: 4_000_000_000, CanTopup: true,
		Countries:        []sdk.Country{{Name: "Turkey", ISOCode: "TR"}},
		RoamingCountries: []sdk.Country{{Name: "Turkey", ISOCode: "TR"}, {Name: "Greece", ISOCode: "GR"}},
	}
	for _, m := range mods {
		m(&b)
	}
	return b
}

func statuses(v Verdict) map[string]Status {
	m := map[string]Status{}
	for _, c := range v.Checks {
		if prev, ok := m[c.ID]; !ok || rank(c.Status) > rank(prev) {
			m[c.ID] = c.Status
		}
	}
	return m
}

func rank(s Status) int { return map[Status]int{Pass: 0, Info: 1, Warn: 2, Fail: 3}[s] }

func TestDiagnose(t *testing.T) {
	tests := []struct {
		name    string
		in      Input
		status  Status
		checks  map[string]Status
		finding string // a finding that must appear
	}{
		{"no bundles", Input{}, Fail, map[string]Status{CheckBundles: Fail}, "No bundle on this eSIM"},
		{"active and fine", Input{Bundles: []sdk.ESIMBundle{bundle("TR 5GB", wire.BundleStateActive)}, Topup: TopupCheck{Done: true, CanContinue: true}},
			Pass, map[string]Status{CheckActive: Pass, CheckTopup: Pass, CheckDevice: Info}, "Active: TR 5GB, 1.00 GB of 5.00 GB (20%)"},
		{"processing too long", Input{Bundles: []sdk.ESIMBundle{bundle("TR 5GB", wire.BundleStateProcessing, func(b *sdk.ESIMBundle) {
			b.AssignmentDatetime = now.Add(-2 * time.Hour)
		})}}, Fail, map[string]Status{CheckActive: Warn, CheckProcessing: Fail}, "TR 5GB has been Processing for 2 h"},
		{"processing briefly", Input{Bundles: []sdk.ESIMBundle{bundle("TR 5GB", wire.BundleStateProcessing, func(b *sdk.ESIMBundle) {
			b.AssignmentDatetime = now.Add(-3 * time.Minute)
		})}}, Warn, map[string]Status{CheckProcessing: Warn}, "TR 5GB is Processing (for 3 min)"},
		{"queued behind active", Input{Bundles: []sdk.ESIMBundle{bundle("TR 5GB", wire.BundleStateActive), bundle("TR 10GB", wire.BundleStateQueued)}},
			Pass, map[string]Status{CheckQueued: Info}, "TR 10GB is Queued behind TR 5GB"},
		{"queued alone", Input{Bundles: []sdk.ESIMBundle{bundle("TR 10GB", wire.BundleStateQueued)}},
			Warn, map[string]Status{CheckQueued: Warn, CheckActive: Warn}, "TR 10GB is Queued and has not started"},
		{"depleted", Input{Bundles: []sdk.ESIMBundle{bundle("TR 5GB", wire.BundleStateDepleted, func(b *sdk.ESIMBundle) { b.RemainingQuantity = 0 })}},
			Fail, map[string]Status{CheckDepleted: Fail, CheckActive: Fail}, "TR 5GB is Depleted: no data left"},
		{"expiring", Input{Bundles: []sdk.ESIMBundle{bundle("TR 5GB", wire.BundleStateActive, func(b *sdk.ESIMBundle) { b.EndTime = now.Add(5 * time.Hour) })}},
			Warn, map[string]Status{CheckExpiring: Warn}, "TR 5GB ends in 5 h (Nov 22, 2026, 7:00 PM EET)"},
		{"expired", Input{Bundles: []sdk.ESIMBundle{bundle("TR 5GB", wire.BundleStateExpired, func(b *sdk.ESIMBundle) { b.EndTime = now.Add(-5 * time.Hour) })}},
			Fail, map[string]Status{CheckExpired: Fail}, "TR 5GB has Expired (Nov 22, 2026, 9:00 AM EET)"},
		{"revoked", Input{Bundles: []sdk.ESIMBundle{bundle("TR 5GB", wire.BundleStateRevoked)}, Topup: TopupCheck{Done: true, CanContinue: true}},
			Fail, map[string]Status{CheckRevoked: Fail, CheckTopup: Info}, "Top-up: no (the bundle was Revoked)"},
		{"topup refused by check", Input{Bundles: []sdk.ESIMBundle{bundle("TR 5GB", wire.BundleStateActive)}, Topup: TopupCheck{Done: true}},
			Warn, map[string]Status{CheckTopup: Warn}, "Top-up: no, the eSIM check says the plan cannot continue"},
		{"country covered by roaming", Input{Bundles: []sdk.ESIMBundle{bundle("TR 5GB", wire.BundleStateActive)}, Country: "GR", CountryName: "Greece"},
			Pass, map[string]Status{CheckCoverage: Pass}, "TR 5GB covers Greece (GR)"},
		{"country not covered", Input{Bundles: []sdk.ESIMBundle{bundle("TR 5GB", wire.BundleStateActive)}, Country: "LB", CountryName: "Lebanon"},
			Fail, map[string]Status{CheckCoverage: Fail}, "No usable bundle covers Lebanon (LB)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.in.ICCID, tt.in.Now = "8944500000000000011", now
			v := Diagnose(tt.in)
			if v.Status != tt.status {
				t.Errorf("status = %s, want %s (%+v)", v.Status, tt.status, v.Checks)
			}
			got := statuses(v)
			for id, want := range tt.checks {
				if got[id] != want {
					t.Errorf("check %s = %q, want %q (%+v)", id, got[id], want, v.Checks)
				}
			}
			found := false
			for _, c := range v.Checks {
				found = found || strings.HasPrefix(c.Finding, tt.finding)
				if (c.Status == Fail || c.Status == Warn) && len(c.Advice) == 0 && c.ID != CheckTopup && c.ID != CheckActive {
					t.Errorf("failing check %s has no advice", c.ID)
				}
			}
			if !found {
				t.Errorf("no finding %q in %+v", tt.finding, v.Checks)
			}
			if v.Status == Pass && v.Summary != "The eSIM's bundles are in order" || v.Status != Pass && !strings.HasPrefix(v.Summary, map[Status]string{Fail: "Not working: ", Warn: "Needs attention: "}[v.Status]) {
				t.Errorf("summary %q for status %s", v.Summary, v.Status)
			}
		})
	}
}

func TestTopupAllowed(t *testing.T) {
	for _, tt := range []struct {
		state    sdk.BundleState
		canTopup bool
		want     bool
	}{
		{wire.BundleStateActive, true, true}, {wire.BundleStateDepleted, true, true}, {wire.BundleStateRevoked, true, false}, {wire.BundleStateActive, false, false},
	} {
		if got := TopupAllowed(sdk.ESIMBundle{BundleState: tt.state, CanTopup: tt.canTopup}); got != tt.want {
			t.Errorf("TopupAllowed(%s, %v) = %v", tt.state, tt.canTopup, got)
		}
	}
}

func TestViewAndInstall(t *testing.T) {
	code := lpa.Code{SMDP: "smdp.sandbox.cedarsim.example", MatchingID: "K2-ABC"}
	esims := []sdk.ESIM{{ICCID: "8944500000000000011", LinkOnIphone: lpa.IPhoneLink(code), ActionDate: now,
		Bundles: []sdk.ESIMBundle{bundle("TR 5GB", wire.BundleStateActive), bundle("TR 1GB", wire.BundleStateRevoked, func(b *sdk.ESIMBundle) {
			b.InitialQuantity, b.RemainingQuantity = 1_000_000_000, 997_000_000
		})}}}
	c := View("rana@example.com", esims)
	if c.Active != 1 || c.Expired != 1 {
		t.Errorf("counts = %d/%d", c.Active, c.Expired)
	}
	e := c.ESIMs[0]
	wantAndroid := "https://esimsetup.android.com/esim_qrcode_provisioning?carddata=LPA%3A1%24smdp.sandbox.cedarsim.example%24K2-ABC"
	if e.Install.AndroidLink != wantAndroid || e.Install.ActivationCode != "K2-ABC" || e.Install.SMDPAddress != code.SMDP {
		t.Errorf("install = %+v", e.Install)
	}
	if e.ActionText != "Nov 22, 2026, 2:00 PM EET" {
		t.Errorf("action text %q", e.ActionText)
	}
	revoked := e.Bundles[1]
	if revoked.Topup || revoked.Usage.Text != "3 MB of 1.00 GB (0.3%)" {
		t.Errorf("revoked bundle = %+v", revoked)
	}
	b, err := json.Marshal(e.Bundles[0])
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"end":"2026-12-12T14:00:00+02:00"`) {
		t.Errorf("JSON end not in Beirut time: %s", b)
	}
}

func TestReply(t *testing.T) {
	code := lpa.Code{SMDP: "smdp.example", MatchingID: "K2-ABC"}
	v := Diagnose(Input{ICCID: "8944500000000000011", Now: now, Install: InstallFor(code),
		Bundles: []sdk.ESIMBundle{bundle("TR 5GB", wire.BundleStateDepleted, func(b *sdk.ESIMBundle) { b.RemainingQuantity = 0 })}})
	r := Reply(v, ReplyOptions{FirstName: "Rana", Support: messages.Support{Phone: "+961 1 555 010", Email: "support@cedarsim.example"}})
	for _, want := range []string{
		"Hello Rana,",
		"about your eSIM 8944500000000000011.",
		"- TR 5GB is Depleted: no data left. No bundle renews by itself",
		"Next step: buy more data",
		"- iPhone: https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=LPA%3A1%24smdp.example%24K2-ABC",
		"- Android: https://esimsetup.android.com/esim_qrcode_provisioning?carddata=LPA%3A1%24smdp.example%24K2-ABC",
		"SM-DP+ address smdp.example, activation code K2-ABC",
		"contact us at +961 1 555 010 or support@cedarsim.example.",
	} {
		if !strings.Contains(r, want) {
			t.Errorf("reply lacks %q:\n%s", want, r)
		}
	}
	link := WhatsAppLink("+961 70 123 456", "Hello Rana,\nA&B")
	if link != "https://wa.me/96170123456?text=Hello%20Rana%2C%0AA%26B" {
		t.Errorf("WhatsAppLink = %q", link)
	}
}
