package sandbox

import (
	"encoding/json"
	"errors"
	"fmt"
)

// ErrNoStateFile: StoreMatchesMemory on a sandbox without a state file (or closed).
var ErrNoStateFile = errors.New("no state file")

// StoreMatchesMemory reports whether the state file holds exactly what the sandbox holds
// in memory, i.e. every change was marked and saved (persist.go).
func StoreMatchesMemory(s *Server) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.store == nil {
		return ErrNoStateFile
	}
	if len(s.pending) > 0 {
		return fmt.Errorf("%d changes not saved", len(s.pending))
	}
	for id, o := range s.st.Orders {
		if _, indexed := s.st.open[id]; indexed != (o.Status == orderOpen) {
			return fmt.Errorf("order %s (%s) is indexed as open: %v", id, o.Status, indexed)
		}
	}
	if len(s.st.open) > len(s.st.Orders) {
		return fmt.Errorf("%d orders indexed as open, %d orders", len(s.st.open), len(s.st.Orders))
	}
	disk, err := loadStore(s.store)
	if err != nil {
		return err
	}
	mem, err := json.Marshal(s.st)
	if err != nil {
		return err
	}
	stored, err := json.Marshal(disk)
	if err != nil {
		return err
	}
	if string(mem) != string(stored) {
		return fmt.Errorf("memory and store differ:\nmemory %s\nstore  %s", mem, stored)
	}
	return nil
}
