package sandbox

import (
	"net/http"
	"strings"

	"github.com/cedarsim/esim/contract/wire"
	"github.com/cedarsim/esim/sdk/sandbox/internal/state"
)

// esimService answers the eSIM reads of the support service (by e-mail, QR code, info),
// the external eSIM check, and the sandbox's revoke page. A customer reads only their own
// eSIMs, an agent any (audited), a guest none (authz.go).
type esimService struct{ *provider }

// GET esims/useremails/{email}: the eSIMs of an address, newest first.
func (s *esimService) byEmail(w http.ResponseWriter, r *http.Request, c call) {
	email := strings.TrimSpace(r.PathValue("email"))
	s.read(c, func(tx *state.Tx) reply {
		mine := tx.ESIMsOf(email)
		t := &target{kind: esimsOfEmail, asked: email, found: len(mine) > 0}
		// A sign-up never finished is nobody's account yet (as for the look-up): an agent's
		// read of it found nothing, and is counted as such in the audit.
		if u := tx.UserByEmail(email); u != nil && (u.Verified || len(mine) > 0) {
			t.found, t.ownerID, t.ownerEmail = true, u.ID, u.Email
		}
		if no := s.allow(tx, c, t); no != nil {
			return no.reply()
		}
		now := tx.Now()
		list := make([]ESIM, 0, len(mine))
		for _, e := range mine {
			list = append(list, s.esimView(e, now))
		}
		return jsonReply(http.StatusOK, wire.EsimListAnswer{Data: wire.EsimList{Esims: list}})
	})(w)
}

// GET esims/{iccid}/QrCode
func (s *esimService) qrCode(w http.ResponseWriter, r *http.Request, c call) {
	s.read(c, func(tx *state.Tx) reply {
		e, no := s.readESIM(tx, c, r.PathValue("iccid"))
		switch {
		case no != nil:
			return no.reply()
		case e == nil:
			return problemReply(http.StatusNotFound, "eSIM not found")
		}
		return jsonReply(http.StatusOK, wire.QrCodeAnswer{Data: wire.QrCode{Base64QRCodeImage: e.QR}})
	})(w)
}

// GET esims/{iccid}/info
func (s *esimService) info(w http.ResponseWriter, r *http.Request, c call) {
	s.read(c, func(tx *state.Tx) reply {
		e, no := s.readESIM(tx, c, r.PathValue("iccid"))
		switch {
		case no != nil:
			return no.reply()
		case e == nil:
			return problemReply(http.StatusNotFound, "eSIM not found")
		}
		return jsonReply(http.StatusOK, wire.EsimInfoAnswer{Data: wire.EsimInfo{Bundles: s.bundleViews(e, tx.Now())}})
	})(w)
}

// GET esim-check esims/check/{bundleName}/{iccId}: can this plan continue on this eSIM.
func (s *esimService) check(w http.ResponseWriter, r *http.Request, c call) {
	b, ok := s.cat.ByName(r.PathValue("bundleName"))
	s.read(c, func(tx *state.Tx) reply {
		e, no := s.readESIM(tx, c, r.PathValue("iccId"))
		if no != nil {
			return no.reply()
		}
		can := ok && e != nil && s.canTopup(e, b, s.providerOf(e)) == nil
		return jsonReply(http.StatusOK, wire.EsimCheckAnswer{Data: wire.EsimCheckData{Data: wire.EsimCheck{CanContinue: &can}}})
	})(w)
}

// POST /sandbox/esims/{iccid}/revoke revokes the bundle running now (or the last one).
func (s *esimService) revoke(w http.ResponseWriter, r *http.Request) {
	s.update(func(tx *state.Tx) (reply, error) {
		e := tx.ESIM(r.PathValue("iccid"))
		if e == nil || len(e.Bundles) == 0 {
			return problemReply(http.StatusNotFound, "eSIM not found"), nil
		}
		now := tx.Now()
		target := len(e.Bundles) - 1
		for i, v := range s.bundleViews(e, now) {
			if i < len(e.Bundles) && (v.BundleState == StateActive || v.BundleState == StateProcessing || v.BundleState == StateQueued) {
				target = i
				break
			}
		}
		if e.Bundles[target].RevokedAt == nil {
			e.Bundles[target].RevokedAt = &now
		}
		tx.MarkESIM(e)
		return jsonReply(http.StatusOK, wire.EsimInfoAnswer{Data: wire.EsimInfo{Bundles: s.bundleViews(e, now)}}), nil
	})(w)
}
