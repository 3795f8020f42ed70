package sandbox

import (
	"errors"
	"strings"
	"time"

	"github.com/cedarsim/esim/contract/wire"
	"github.com/cedarsim/esim/sdk/lpa"
	"github.com/cedarsim/esim/sdk/sandbox/internal/state"
)

// What an eSIM looks like to its reader (its bundles' states, computed from the clock) and
// the rules every service applies to eSIMs: who may read one (readESIM) and which bundle
// may top it up (canTopup).

// ESIMBundle is a bundle on an eSIM as the provider answers it (the generated wire type).
type ESIMBundle = wire.EsimBundle

// ESIM is an eSIM as the useremails call answers it (the generated wire type).
type ESIM = wire.Esim

// Bundle states of section 4 (the contract's BundleState enum).
const (
	StateProcessing = wire.BundleStateProcessing
	StateQueued     = wire.BundleStateQueued
	StateActive     = wire.BundleStateActive
	StateDepleted   = wire.BundleStateDepleted
	StateExpired    = wire.BundleStateExpired
	StateRevoked    = wire.BundleStateRevoked
)

const bytesPerMB = 1_000_000

func rfc3339(t time.Time) string { return t.UTC().Format(time.RFC3339) }

func strPtr(s string) *string { return &s }

// bundleViews computes the bundles' states at now. States are derived from timestamps, not
// stored, so an accelerated or fake clock moves them without any background job: a bundle
// is Processing for ActivationDelay after purchase, Queued while an earlier bundle runs,
// Active until its quota is used at DailyUsageMB a day (Depleted) or its days pass
// (Expired), or Revoked from the moment it was revoked.
func (p *provider) bundleViews(e *state.ESIM, now time.Time) []ESIMBundle {
	out := []ESIMBundle{}
	var prevEnd time.Time
	rate := float64(p.opts.DailyUsageMB) * bytesPerMB / 86400 // bytes per second
	for _, eb := range e.Bundles {
		b, ok := p.cat.ByID(eb.BundleID)
		if !ok {
			continue
		}
		ready := eb.AssignedAt.Add(p.opts.ActivationDelay)
		start := ready
		if prevEnd.After(start) {
			start = prevEnd
		}
		naturalEnd := start.Add(time.Duration(b.DurationInDays) * 24 * time.Hour)
		end, endState := naturalEnd, StateExpired
		unlimited := b.QuotaInMB < 0
		quota := int64(0)
		if !unlimited {
			quota = int64(b.QuotaInMB) * bytesPerMB
			if deplete := start.Add(time.Duration(float64(quota) / rate * float64(time.Second))); deplete.Before(end) {
				end, endState = deplete, StateDepleted
			}
		}
		if eb.RevokedAt != nil && eb.RevokedAt.Before(end) {
			end, endState = *eb.RevokedAt, StateRevoked
			if end.Before(start) {
				start = end
			}
		}
		v := ESIMBundle{
			BundleID: b.ID, BundleDisplayName: b.BusinessTitle, Description: b.ListingDisplayTitle,
			AssignmentDatetime: rfc3339(eb.AssignedAt), InitialQuantity: quota, Unlimited: unlimited,
			Countries: []CountryRef{p.originOf(p.firstBundle(e))}, RoamingCountries: b.RoamingCountries,
			CanTopup: b.CanTopup, ThirdPartyProvider: b.ThirdPartyProvider, Name: b.Name,
		}
		used := func(t time.Time) int64 {
			if unlimited {
				return 0
			}
			u := int64(t.Sub(start).Seconds() * rate)
			return min(max(u, 0), quota)
		}
		switch {
		case eb.RevokedAt != nil && !now.Before(*eb.RevokedAt):
			v.BundleState = StateRevoked
			v.RemainingQuantity = quota - used(end)
		case now.Before(ready):
			v.BundleState, v.RemainingQuantity = StateProcessing, quota
		case now.Before(start):
			v.BundleState, v.RemainingQuantity = StateQueued, quota
		case now.Before(end):
			v.BundleState, v.RemainingQuantity = StateActive, quota-used(now)
		default:
			v.BundleState, v.RemainingQuantity = endState, quota-used(end)
			if endState == StateDepleted {
				v.RemainingQuantity = 0 // exactly, whatever the rounding of the depletion time
			}
		}
		if !now.Before(start) && v.BundleState != StateProcessing && v.BundleState != StateQueued {
			v.StartTime = strPtr(rfc3339(start))
			if now.Before(end) {
				v.EndTime = strPtr(rfc3339(naturalEnd))
			} else {
				v.EndTime = strPtr(rfc3339(end))
			}
		}
		out = append(out, v)
		prevEnd = end
	}
	return out
}

// readESIM looks up the eSIM iccid for c's read and decides it (authz.go): a refusal when
// the read may not go on; neither eSIM nor refusal when an agent asked for an unknown one.
func (p *provider) readESIM(tx *state.Tx, c call, iccid string) (*state.ESIM, *refusal) {
	e := tx.ESIM(iccid)
	t := &target{kind: oneESIM, asked: iccid, found: e != nil}
	if e != nil {
		t.ownerID, t.ownerEmail = e.UserID, e.Email
	}
	if no := p.allow(tx, c, t); no != nil {
		return nil, no
	}
	return e, nil
}

// origin is the area an eSIM was bought for: its first bundle's area, as countries[0].
func (p *provider) originOf(b *Bundle) CountryRef {
	if ref, ok := p.cat.Country(b.area); ok && b.BundleUsageLevel == "country" && !b.IsSpecial {
		return ref
	}
	name := b.area
	if b.Group != "" {
		name = b.Group
	}
	for _, r := range p.cat.Regions {
		if strings.EqualFold(r.Name, b.area) {
			name = r.Name
		}
	}
	if b.area == "global" {
		name = "Global"
	}
	return CountryRef{IsoCode: b.area, Name: name}
}

func (p *provider) firstBundle(e *state.ESIM) *Bundle {
	for _, eb := range e.Bundles {
		if b, ok := p.cat.ByID(eb.BundleID); ok {
			return b
		}
	}
	return &Bundle{}
}

func (p *provider) providerOf(e *state.ESIM) int { return p.firstBundle(e).ThirdPartyProvider }

var (
	errNoTopup       = errors.New("bundle cannot top up")
	errWrongProvider = errors.New("bundle is from another provider")
	errWrongArea     = errors.New("bundle does not cover the eSIM's origin")
)

// canTopup is the rule shared by the eSIM check, topup_bundle_selected, the top-up lists
// and orderdetails: a top-up bundle must allow top-up, come from the eSIM's provider (and
// the one asked for) and be sold for the eSIM's origin.
func (p *provider) canTopup(e *state.ESIM, b *Bundle, provider int) error {
	switch {
	case !b.CanTopup:
		return errNoTopup
	case b.ThirdPartyProvider != provider || provider != p.providerOf(e):
		return errWrongProvider
	case !strings.EqualFold(b.area, p.firstBundle(e).area):
		return errWrongArea
	}
	return nil
}

// esimView is e as the useremails call answers it (a copy).
func (p *provider) esimView(e *state.ESIM, now time.Time) ESIM {
	code := lpa.Code{SMDP: p.opts.SMDPHost, MatchingID: e.MatchingID}
	return ESIM{
		ICCID: e.ICCID, AccountID: e.AccountID, Base64QRCodeImage: e.QR, LinkOnIphone: lpa.IPhoneLink(code),
		ActionDate: rfc3339(e.Created), Bundles: p.bundleViews(e, now),
	}
}
