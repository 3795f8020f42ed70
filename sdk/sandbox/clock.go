package sandbox

import (
	"sync"
	"time"
)

// Clock is the sandbox's notion of time. eSIM bundle states, token and code expiry all read
// it, so an accelerated clock lets QA watch a 30-day bundle expire in minutes and tests use a
// fake one.
type Clock interface {
	Now() time.Time
}

type systemClock struct{}

func (systemClock) Now() time.Time { return time.Now().UTC() }

// SystemClock is the wall clock.
func SystemClock() Clock { return systemClock{} }

type acceleratedClock struct {
	base   Clock
	start  time.Time
	factor float64
}

// AcceleratedClock runs factor times faster than base from the moment it is created
// (factor 60: one real minute is one sandbox hour). A factor <= 1 returns base unchanged.
func AcceleratedClock(base Clock, factor float64) Clock {
	if base == nil {
		base = SystemClock()
	}
	if factor <= 1 {
		return base
	}
	return &acceleratedClock{base: base, start: base.Now(), factor: factor}
}

func (c *acceleratedClock) Now() time.Time {
	elapsed := c.base.Now().Sub(c.start)
	return c.start.Add(time.Duration(float64(elapsed) * c.factor))
}

// FakeClock is a Clock that moves only when told to; safe for concurrent use.
type FakeClock struct {
	mu  sync.Mutex
	now time.Time
}

// NewFakeClock returns a FakeClock reading t.
func NewFakeClock(t time.Time) *FakeClock { return &FakeClock{now: t.UTC()} }

// Now returns the fake time.
func (c *FakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Advance moves the clock forward by d.
func (c *FakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}
