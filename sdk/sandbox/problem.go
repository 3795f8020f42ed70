package sandbox

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/cedarsim/esim/contract"
	"github.com/cedarsim/esim/contract/wire"
)

// problem is an application/problem+json answer (RFC 9457, the generated wire type);
// section 8 of the spec reads its title and detail.
type problem = wire.Problem

func writeProblem(w http.ResponseWriter, status int, detail string) {
	title := http.StatusText(status)
	if title == "" {
		title = "Error"
	}
	w.Header().Set("Content-Type", contract.ProblemContentType)
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(problem{Type: contract.ProblemType(status), Title: title, Status: status, Detail: detail})
}

// writeOAuthError answers a rejected token request: the problem fields section 8 reads plus
// the OAuth "error" field that OAuth clients expect.
func writeOAuthError(w http.ResponseWriter, code string) {
	w.Header().Set("Content-Type", contract.ProblemContentType)
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusBadRequest)
	_ = json.NewEncoder(w).Encode(map[string]any{
		"type": contract.ProblemType(http.StatusBadRequest), "title": "Bad Request", "status": 400, "detail": code, "error": code,
	})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// reply is an answer decided inside a state transaction and written after it: a client
// that does not read its answer must never keep the state lock (and so every other client)
// waiting. What it writes is copied out of the state, never a pointer into it.
type reply func(http.ResponseWriter)

func problemReply(status int, detail string) reply {
	return func(w http.ResponseWriter) { writeProblem(w, status, detail) }
}

func jsonReply(status int, v any) reply {
	return func(w http.ResponseWriter) { writeJSON(w, status, v) }
}

func oauthErrorReply(code string) reply {
	return func(w http.ResponseWriter) { writeOAuthError(w, code) }
}

// notSaved answers a change the state file did not take.
func notSaved(w http.ResponseWriter) {
	w.Header().Set("Retry-After", "5")
	writeProblem(w, http.StatusServiceUnavailable, "The sandbox could not save this change (its state file cannot be written); nothing was changed. Try again later.")
}

// errBodyTooLarge marks a request body over the configured limit (answered 413).
var errBodyTooLarge = errors.New("request body too large")

// readBody reads at most limit bytes; a larger body is errBodyTooLarge.
func readBody(r *http.Request, limit int64) ([]byte, error) {
	if r.Body == nil {
		return nil, nil
	}
	b, err := io.ReadAll(io.LimitReader(r.Body, limit+1))
	if err != nil {
		return nil, fmt.Errorf("read body: %w", err)
	}
	if int64(len(b)) > limit {
		return nil, errBodyTooLarge
	}
	return b, nil
}

// decodeJSON reads a JSON object body into v. It answers the problem itself and returns
// false when the body is too large or not the expected JSON.
func (p *provider) decodeJSON(w http.ResponseWriter, r *http.Request, v any) bool {
	b, err := readBody(r, p.opts.MaxBodyBytes)
	if errors.Is(err, errBodyTooLarge) {
		writeProblem(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("The request body exceeds %d bytes.", p.opts.MaxBodyBytes))
		return false
	}
	if err != nil {
		writeProblem(w, http.StatusBadRequest, "The request body could not be read.")
		return false
	}
	if len(strings.TrimSpace(string(b))) == 0 {
		writeProblem(w, http.StatusBadRequest, contract.DetailValidationFailed)
		return false
	}
	if err := json.Unmarshal(b, v); err != nil {
		writeProblem(w, http.StatusBadRequest, "The request body is not valid JSON.")
		return false
	}
	return true
}

// parseForm reads an application/x-www-form-urlencoded body within the size limit.
func (p *provider) parseForm(w http.ResponseWriter, r *http.Request) bool {
	r.Body = http.MaxBytesReader(w, r.Body, p.opts.MaxBodyBytes)
	if err := r.ParseForm(); err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			writeProblem(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("The request body exceeds %d bytes.", p.opts.MaxBodyBytes))
			return false
		}
		writeProblem(w, http.StatusBadRequest, "The form body could not be parsed.")
		return false
	}
	return true
}
