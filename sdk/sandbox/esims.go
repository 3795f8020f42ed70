package sandbox

import (
	"errors"
	"net/http"
	"sort"
	"strings"
	"time"

	"github.com/cedarsim/esim/contract/wire"
	"github.com/cedarsim/esim/sdk/lpa"
)

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

// origin is the area an eSIM was bought for: its first bundle's area, as countries[0].
func (s *Server) originOf(b *Bundle) CountryRef {
	if ref, ok := s.cat.Country(b.area); ok && b.BundleUsageLevel == "country" && !b.IsSpecial {
		return ref
	}
	name := b.area
	if b.Group != "" {
		name = b.Group
	}
	for _, r := range s.cat.Regions {
		if strings.EqualFold(r.Name, b.area) {
			name = r.Name
		}
	}
	if b.area == "global" {
		name = "Global"
	}
	return CountryRef{IsoCode: b.area, Name: name}
}

// viewLocked computes the bundles' states at now. States are derived from timestamps, not
// stored, so an accelerated or fake clock moves them without any background job: a bundle
// is Processing for ActivationDelay after purchase, Queued while an earlier bundle runs,
// Active until its quota is used at DailyUsageMB a day (Depleted) or its days pass
// (Expired), or Revoked from the moment it was revoked.
func (s *Server) viewLocked(e *esim, now time.Time) []ESIMBundle {
	out := []ESIMBundle{}
	var prevEnd time.Time
	rate := float64(s.opts.DailyUsageMB) * bytesPerMB / 86400 // bytes per second
	for _, eb := range e.Bundles {
		b, ok := s.cat.ByID(eb.BundleID)
		if !ok {
			continue
		}
		ready := eb.AssignedAt.Add(s.opts.ActivationDelay)
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
			Countries: []CountryRef{s.originOf(s.firstBundleLocked(e))}, RoamingCountries: b.RoamingCountries,
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

func (s *Server) firstBundleLocked(e *esim) *Bundle {
	for _, eb := range e.Bundles {
		if b, ok := s.cat.ByID(eb.BundleID); ok {
			return b
		}
	}
	return &Bundle{}
}

func (s *Server) providerOfLocked(e *esim) int { return s.firstBundleLocked(e).ThirdPartyProvider }

var (
	errNoTopup       = errors.New("bundle cannot top up")
	errWrongProvider = errors.New("bundle is from another provider")
	errWrongArea     = errors.New("bundle does not cover the eSIM's origin")
)

// canTopupLocked is the rule shared by the eSIM check, topup_bundle_selected, the top-up
// lists and orderdetails: a top-up bundle must allow top-up, come from the eSIM's provider
// (and the one asked for) and be sold for the eSIM's origin.
func (s *Server) canTopupLocked(e *esim, b *Bundle, provider int) error {
	switch {
	case !b.CanTopup:
		return errNoTopup
	case b.ThirdPartyProvider != provider || provider != s.providerOfLocked(e):
		return errWrongProvider
	case !strings.EqualFold(b.area, s.firstBundleLocked(e).area):
		return errWrongArea
	}
	return nil
}

func (s *Server) esimViewLocked(e *esim, now time.Time) ESIM {
	code := lpa.Code{SMDP: s.opts.SMDPHost, MatchingID: e.MatchingID}
	return ESIM{
		ICCID: e.ICCID, AccountID: e.AccountID, Base64QRCodeImage: e.QR, LinkOnIphone: lpa.IPhoneLink(code),
		ActionDate: rfc3339(e.Created), Bundles: s.viewLocked(e, now),
	}
}

// GET esims/useremails/{email}, esims/{iccid}/QrCode, esims/{iccid}/info: a customer
// reads only their own, an agent any (audited), a guest none.
func (s *Server) handleESIMReads(w http.ResponseWriter, r *http.Request) {
	a, ok := s.reader(w, r)
	if !ok {
		return
	}
	first, second := r.PathValue("a"), r.PathValue("b")
	if first != "useremails" && second != "QrCode" && second != "info" {
		writeProblem(w, http.StatusNotFound, "No such endpoint: "+r.Method+" "+r.URL.Path)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	if first == "useremails" {
		email := strings.TrimSpace(second)
		if !s.mayReadEmailLocked(a, "esims.byEmail", email) {
			forbid(w, detailNotYourEmail)
			return
		}
		if a.isAgent() && !s.saveLocked(w) { // the audit entry is stored before the answer
			return
		}
		list := []ESIM{}
		var mine []*esim
		for _, e := range s.st.ESIMs {
			if strings.EqualFold(e.Email, email) {
				mine = append(mine, e)
			}
		}
		sort.Slice(mine, func(i, j int) bool { return mine[i].Created.After(mine[j].Created) })
		for _, e := range mine {
			list = append(list, s.esimViewLocked(e, now))
		}
		writeJSON(w, http.StatusOK, data(map[string]any{"esims": list}))
		return
	}
	call := "esims.info"
	if second == "QrCode" {
		call = "esims.qrCode"
	}
	e, allowed := s.readESIMLocked(w, a, call, first)
	if !allowed {
		return
	}
	switch {
	case e == nil:
		writeProblem(w, http.StatusNotFound, "eSIM not found")
	case second == "QrCode":
		writeJSON(w, http.StatusOK, data(map[string]string{"base64QRCodeImage": e.QR}))
	default:
		writeJSON(w, http.StatusOK, data(map[string]any{"bundles": s.viewLocked(e, now)}))
	}
}

// POST /sandbox/esims/{iccid}/revoke revokes the bundle running now (or the last one).
func (s *Server) handleRevoke(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	e := s.st.ESIMs[r.PathValue("iccid")]
	if e == nil || len(e.Bundles) == 0 {
		writeProblem(w, http.StatusNotFound, "eSIM not found")
		return
	}
	now := s.now()
	views := s.viewLocked(e, now)
	target := len(e.Bundles) - 1
	for i, v := range views {
		if i < len(e.Bundles) && (v.BundleState == StateActive || v.BundleState == StateProcessing || v.BundleState == StateQueued) {
			target = i
			break
		}
	}
	if e.Bundles[target].RevokedAt == nil {
		e.Bundles[target].RevokedAt = &now
	}
	s.markESIMLocked(e)
	if !s.saveLocked(w) {
		return
	}
	writeJSON(w, http.StatusOK, data(map[string]any{"bundles": s.viewLocked(e, now)}))
}
