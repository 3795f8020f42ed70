package diagnose

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/cedarsim/esim/contract/wire"
	"github.com/cedarsim/esim/sdk"
	"github.com/cedarsim/esim/sdk/format"
	"github.com/cedarsim/esim/sdk/usage"
)

// Status is the outcome of one check.
type Status string

const (
	Pass Status = "pass" // nothing wrong here
	Info Status = "info" // worth knowing, not a fault
	Warn Status = "warn" // may explain the trouble soon or partly
	Fail Status = "fail" // explains why the eSIM does not work
)

// Check IDs, stable for scripts (--json) and tests.
const (
	CheckBundles    = "bundles"
	CheckActive     = "active"
	CheckProcessing = "processing"
	CheckQueued     = "queued"
	CheckDepleted   = "depleted"
	CheckExpiring   = "expiring"
	CheckExpired    = "expired"
	CheckRevoked    = "revoked"
	CheckTopup      = "topup"
	CheckCoverage   = "coverage"
	CheckDevice     = "device"
)

// Check is one line of the checklist: what was found and, when it needs acting on, the
// setup guide's or FAQ's advice.
type Check struct {
	ID      string   `json:"id"`
	Status  Status   `json:"status"`
	Finding string   `json:"finding"`
	Advice  []string `json:"advice,omitempty"`
}

// Verdict is the outcome of Diagnose.
type Verdict struct {
	ICCID   string   `json:"iccid"`
	Status  Status   `json:"status"` // the worst check: fail, warn or pass
	Summary string   `json:"summary"`
	Checks  []Check  `json:"checks"`
	Bundles []Bundle `json:"bundles"`
	Install Install  `json:"install"`
	Country string   `json:"country,omitempty"`
}

// ProcessingLimit is how long a bundle may stay Processing before it counts as stuck: the
// setup guide's "wait up to 10 minutes for activation".
const ProcessingLimit = 10 * time.Minute

// ExpiringWithin is the warning horizon for a bundle's end: the usage rule the web shop shares.
const ExpiringWithin = usage.ExpiresWithin

// TopupCheck is the answer of the eSIM check (ESIMCheck.Check) for the current bundle.
type TopupCheck struct {
	Done        bool   // the check was made
	CanContinue bool   // its answer
	Err         string // why it could not be made, when it failed
}

// Input is what Diagnose looks at.
type Input struct {
	ICCID   string
	Bundles []sdk.ESIMBundle // ESIMs.Info answer
	Now     time.Time
	// Country is the ISO code the customer is in (optional), CountryName its name.
	Country, CountryName string
	Topup                TopupCheck
	Install              Install // known install details (optional)
}

// Advice texts, from the setup guide, the FAQ and the help content of the spec.
var (
	adviceWait       = "Activation can take up to 10 minutes after the eSIM is installed; keep the device connected and do not close the installation window."
	adviceAutostart  = "A bundle starts by itself when the eSIM first connects to a supported network with data roaming on."
	adviceRoaming    = "In the device settings, set Mobile Data to the eSIM and turn Data Roaming on (iPhone: Default Line Primary; Android: leave Calls and Messages on the original SIM)."
	adviceMoreData   = "No bundle renews by itself: more data means buying another bundle, a top-up for this eSIM."
	adviceExpired    = "Unused data expires at the end of the validity; removing or disabling the eSIM does not extend it."
	adviceRevoked    = "A revoked bundle cannot be used or topped up: the customer needs a new bundle; check with support why it was revoked."
	adviceNoBundle   = "No bundle is on this eSIM: check that the payment went through (the QR code arrives shortly after a successful payment)."
	adviceQueued     = "A queued bundle waits for the one before it to end or run out of data, then starts by itself."
	adviceSupport    = "If it stays so, contact support with the ICCID."
	adviceCoverage   = "'PDP Authentication Failure' means no valid data left, a wrong APN or a network the plan does not cover: buy a plan for this country."
	adviceDevice     = "The device must be carrier-unlocked and eSIM-capable (dial *#06#: if an EID appears, it supports eSIM); one eSIM installs on one device, usually once."
	adviceCellular   = "'Unable to Complete Cellular Plan Change': too many eSIMs on the device, the eSIM already installed, a poor connection, mobile data off or a network-locked device."
	adviceCodeUsed   = "'This code is no longer valid': the QR code was scanned badly or the eSIM is already installed; do not scan it again, look for the eSIM in the device settings."
	adviceTopupCheck = "The eSIM service says this plan cannot continue: a top-up is not possible; the customer can buy a new eSIM instead."
)

// Diagnose runs the checklist over the eSIM's bundles.
func Diagnose(in Input) Verdict {
	v := Verdict{ICCID: in.ICCID, Install: in.Install, Country: in.Country, Bundles: []Bundle{}}
	for _, b := range in.Bundles {
		v.Bundles = append(v.Bundles, BundleOf(b))
	}
	add := func(c Check) { v.Checks = append(v.Checks, c) }

	byState := map[sdk.BundleState][]sdk.ESIMBundle{}
	for _, b := range in.Bundles {
		byState[b.BundleState] = append(byState[b.BundleState], b)
	}
	active := byState[wire.BundleStateActive]

	if len(in.Bundles) == 0 {
		add(Check{ID: CheckBundles, Status: Fail, Finding: "No bundle on this eSIM", Advice: []string{adviceNoBundle}})
		return finish(v)
	}
	add(Check{ID: CheckBundles, Status: Pass, Finding: countBundles(len(in.Bundles))})

	// An Active bundle with data left is what makes the eSIM work.
	var usable []sdk.ESIMBundle
	for _, b := range active {
		if b.Unlimited || b.RemainingQuantity > 0 || b.InitialQuantity <= 0 {
			usable = append(usable, b)
		}
	}
	switch {
	case len(usable) > 0:
		b := usable[0]
		f := fmt.Sprintf("Active: %s, %s", b.DisplayName(), format.Usage(b.InitialQuantity, b.RemainingQuantity, b.Unlimited))
		if e := format.DateZone(b.EndTime); e != "" {
			f += ", ends " + e
		}
		add(Check{ID: CheckActive, Status: Pass, Finding: f})
	case len(byState[wire.BundleStateProcessing])+len(byState[wire.BundleStateQueued]) > 0:
		add(Check{ID: CheckActive, Status: Warn, Finding: "No active bundle yet"})
	default:
		add(Check{ID: CheckActive, Status: Fail, Finding: "No active bundle", Advice: []string{adviceMoreData}})
	}

	for _, b := range byState[wire.BundleStateProcessing] {
		since := b.AssignmentDatetime
		if format.Missing(since) || in.Now.IsZero() {
			add(Check{ID: CheckProcessing, Status: Warn, Finding: b.DisplayName() + " is Processing", Advice: []string{adviceWait}})
			continue
		}
		d := in.Now.Sub(since)
		if d > ProcessingLimit {
			add(Check{ID: CheckProcessing, Status: Fail,
				Finding: fmt.Sprintf("%s has been Processing for %s (since %s)", b.DisplayName(), duration(d), format.DateZone(since)),
				Advice:  []string{"Processing should end within 10 minutes of the purchase.", adviceSupport}})
		} else {
			add(Check{ID: CheckProcessing, Status: Warn,
				Finding: fmt.Sprintf("%s is Processing (for %s)", b.DisplayName(), duration(d)), Advice: []string{adviceWait}})
		}
	}

	for _, b := range byState[wire.BundleStateQueued] {
		if len(active) > 0 {
			add(Check{ID: CheckQueued, Status: Info,
				Finding: fmt.Sprintf("%s is Queued behind %s", b.DisplayName(), active[0].DisplayName()), Advice: []string{adviceQueued}})
		} else {
			add(Check{ID: CheckQueued, Status: Warn,
				Finding: b.DisplayName() + " is Queued and has not started", Advice: []string{adviceAutostart, adviceRoaming}})
		}
	}

	for _, b := range active {
		if !b.Unlimited && b.InitialQuantity > 0 && b.RemainingQuantity <= 0 {
			add(Check{ID: CheckDepleted, Status: Fail, Finding: b.DisplayName() + " has no data left", Advice: []string{adviceMoreData}})
		}
	}
	if len(usable) == 0 {
		for _, b := range byState[wire.BundleStateDepleted] {
			add(Check{ID: CheckDepleted, Status: Fail, Finding: b.DisplayName() + " is Depleted: no data left", Advice: []string{adviceMoreData}})
		}
		if n := len(byState[wire.BundleStateExpired]); n > 0 && len(byState[wire.BundleStateDepleted]) == 0 {
			b := latest(byState[wire.BundleStateExpired])
			f := b.DisplayName() + " has Expired"
			if e := format.DateZone(b.EndTime); e != "" {
				f += " (" + e + ")"
			}
			add(Check{ID: CheckExpired, Status: Fail, Finding: f, Advice: []string{adviceExpired, adviceMoreData}})
		}
	}
	for _, b := range usable {
		if format.Missing(b.EndTime) || in.Now.IsZero() {
			continue
		}
		if left := b.EndTime.Sub(in.Now); left > 0 && left <= ExpiringWithin {
			add(Check{ID: CheckExpiring, Status: Warn,
				Finding: fmt.Sprintf("%s ends in %s (%s)", b.DisplayName(), duration(left), format.DateZone(b.EndTime)),
				Advice:  []string{adviceExpired, adviceMoreData}})
		}
	}

	for _, b := range byState[wire.BundleStateRevoked] {
		st := Fail
		if len(usable) > 0 {
			st = Warn // another bundle still works
		}
		add(Check{ID: CheckRevoked, Status: st, Finding: b.DisplayName() + " was Revoked", Advice: []string{adviceRevoked}})
	}

	add(topupCheck(in))

	if in.Country != "" {
		add(coverageCheck(in, usable))
	}

	v = finish(v)
	if v.Status == Pass {
		// The provider's side looks right: what is left is on the device.
		v.Checks = append(v.Checks, Check{ID: CheckDevice, Status: Info, Finding: "Bundles look right: check the device",
			Advice: []string{adviceRoaming, adviceDevice, adviceCellular, adviceCodeUsed}})
	}
	return v
}

func topupCheck(in Input) Check {
	cur, ok := Current(in.Bundles)
	switch {
	case !ok:
		return Check{ID: CheckTopup, Status: Info, Finding: "Top-up: no bundle to continue"}
	case cur.BundleState == wire.BundleStateRevoked:
		return Check{ID: CheckTopup, Status: Info, Finding: "Top-up: no (the bundle was Revoked)"}
	case !cur.CanTopup:
		return Check{ID: CheckTopup, Status: Info, Finding: "Top-up: no (the plan does not allow it)"}
	case in.Topup.Err != "":
		return Check{ID: CheckTopup, Status: Warn, Finding: "Top-up: the eSIM check failed (" + in.Topup.Err + ")"}
	case in.Topup.Done && !in.Topup.CanContinue:
		return Check{ID: CheckTopup, Status: Warn, Finding: "Top-up: no, the eSIM check says the plan cannot continue", Advice: []string{adviceTopupCheck}}
	case in.Topup.Done:
		return Check{ID: CheckTopup, Status: Pass, Finding: "Top-up: yes (" + cur.DisplayName() + ")"}
	}
	return Check{ID: CheckTopup, Status: Pass, Finding: "Top-up: yes (" + cur.DisplayName() + ", not checked with the eSIM service)"}
}

func coverageCheck(in Input, usable []sdk.ESIMBundle) Check {
	name := in.CountryName
	if name == "" {
		name = in.Country
	} else {
		name += " (" + in.Country + ")"
	}
	candidates := append(slices.Clone(usable), in.Bundles...)
	for _, b := range candidates {
		if b.BundleState == wire.BundleStateRevoked || b.BundleState == wire.BundleStateExpired || b.BundleState == wire.BundleStateDepleted {
			continue
		}
		if covers(b, in.Country) {
			st := Pass
			if b.BundleState != wire.BundleStateActive {
				st = Info
			}
			return Check{ID: CheckCoverage, Status: st, Finding: fmt.Sprintf("%s covers %s", b.DisplayName(), name)}
		}
	}
	return Check{ID: CheckCoverage, Status: Fail, Finding: "No usable bundle covers " + name,
		Advice: []string{adviceCoverage}}
}

func covers(b sdk.ESIMBundle, iso string) bool {
	for _, cs := range [][]sdk.Country{b.Countries, b.RoamingCountries} {
		for _, c := range cs {
			if strings.EqualFold(c.ISOCode, iso) {
				return true
			}
		}
	}
	return false
}

// Current is the bundle a top-up would continue: the Active one, else Processing, else
// Queued, else the most recently purchased.
func Current(bs []sdk.ESIMBundle) (sdk.ESIMBundle, bool) {
	for _, st := range []sdk.BundleState{wire.BundleStateActive, wire.BundleStateProcessing, wire.BundleStateQueued} {
		for _, b := range bs {
			if b.BundleState == st {
				return b, true
			}
		}
	}
	if len(bs) == 0 {
		return sdk.ESIMBundle{}, false
	}
	return latest(bs), true
}

func latest(bs []sdk.ESIMBundle) sdk.ESIMBundle {
	best := bs[0]
	for _, b := range bs[1:] {
		if b.AssignmentDatetime.After(best.AssignmentDatetime) {
			best = b
		}
	}
	return best
}

func finish(v Verdict) Verdict {
	v.Status = Pass
	for _, c := range v.Checks {
		switch {
		case c.Status == Fail:
			v.Status = Fail
		case c.Status == Warn && v.Status != Fail:
			v.Status = Warn
		}
	}
	var problems []string
	for _, c := range v.Checks {
		if c.Status == v.Status && v.Status != Pass {
			problems = append(problems, c.Finding)
		}
	}
	switch v.Status {
	case Fail:
		v.Summary = "Not working: " + strings.Join(problems, "; ")
	case Warn:
		v.Summary = "Needs attention: " + strings.Join(problems, "; ")
	default:
		v.Summary = "The eSIM's bundles are in order"
	}
	return v
}

func countBundles(n int) string {
	if n == 1 {
		return "1 bundle on this eSIM"
	}
	return fmt.Sprintf("%d bundles on this eSIM", n)
}

// duration renders d for people: "45 min", "3 h", "2 days".
func duration(d time.Duration) string {
	switch {
	case d < time.Minute:
		return "less than a minute"
	case d < time.Hour:
		return fmt.Sprintf("%d min", int(d/time.Minute))
	case d < 48*time.Hour:
		return fmt.Sprintf("%d h", int(d/time.Hour))
	}
	return fmt.Sprintf("%d days", int(d/(24*time.Hour)))
}
