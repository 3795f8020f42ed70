package sandbox

import (
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/cedarsim/esim/contract/wire"
	"github.com/cedarsim/esim/sdk/sandbox/internal/state"
)

// logService is the log push endpoint (Grafana Loki's JSON push format): the lines are
// kept and shown at /sandbox/logs.
type logService struct{ *provider }

// POST /loki/api/v1/push
func (s *logService) push(w http.ResponseWriter, r *http.Request, _ call) {
	var body wire.LogPush
	if !s.decodeJSON(w, r, &body) {
		return
	}
	if len(body.Streams) == 0 {
		writeProblem(w, http.StatusBadRequest, "streams must not be empty.")
		return
	}
	var lines []state.LogLine
	now := s.now()
	for _, st := range body.Streams {
		labels := labelMap(st.Stream)
		if len(labels) > MaxLogLabels {
			writeProblem(w, http.StatusBadRequest, fmt.Sprintf("a stream has more than %d labels.", MaxLogLabels))
			return
		}
		for k, v := range labels {
			if len(k) > MaxLogLabelLen || len(v) > MaxLogLabelLen {
				writeProblem(w, http.StatusBadRequest, fmt.Sprintf("a label name or value is longer than %d bytes.", MaxLogLabelLen))
				return
			}
		}
		for _, v := range st.Values {
			if len(v) < 2 {
				writeProblem(w, http.StatusBadRequest, "each value must be [timestamp, line].")
				return
			}
			if len(lines) >= MaxLogValues {
				writeProblem(w, http.StatusBadRequest, fmt.Sprintf("a push carries at most %d lines.", MaxLogValues))
				return
			}
			if len(v[1]) > MaxLogLineBytes {
				writeProblem(w, http.StatusBadRequest, fmt.Sprintf("a log line is longer than %d bytes.", MaxLogLineBytes))
				return
			}
			ns, err := strconv.ParseInt(v[0], 10, 64)
			if err != nil {
				writeProblem(w, http.StatusBadRequest, "timestamps must be Unix nanoseconds as text.")
				return
			}
			lines = append(lines, state.LogLine{Time: time.Unix(0, ns).UTC(), Labels: labels, Message: v[1], Received: now})
		}
	}
	s.update(func(tx *state.Tx) (reply, error) {
		tx.AddLogs(lines)
		return func(w http.ResponseWriter) { w.WriteHeader(http.StatusNoContent) }, nil
	})(w)
}

// labelMap is a stream's labels as the log page shows them: the named ones when set, and
// every other.
func labelMap(l wire.LogLabels) map[string]string {
	m := make(map[string]string, len(l.AdditionalProperties)+3)
	for k, v := range l.AdditionalProperties {
		m[k] = v
	}
	for k, v := range map[string]string{"container": l.Container, "job": l.Job, "level": l.Level} {
		if v != "" {
			m[k] = v
		}
	}
	return m
}
