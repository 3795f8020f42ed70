package sandbox

import (
	"errors"
	"net/http"
)

// ReplayHandler will serve the HAR fixtures of dir through fixtures.NewReplayHandler; that
// package has not landed yet, so --replay says so instead of pretending.
func ReplayHandler(dir, origin string) (http.Handler, error) {
	return nil, errors.New("--replay is not available yet: the fixtures package has no replay handler in this build")
}
