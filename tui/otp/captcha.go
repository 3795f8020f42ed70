// The captcha wait of the code step: the page, its token, and the check that follows.

package otp

import (
	"context"
	"errors"
	"fmt"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// DefaultCaptchaTimeout is how long the screen waits for the captcha page.
const DefaultCaptchaTimeout = 3 * time.Minute

// CaptchaPage is a captcha page under way (the CLI's 127.0.0.1 page).
type CaptchaPage interface {
	// URL is the address to open in a browser.
	URL() string
	// Wait returns the token once the page posts it, or an error when ctx ends first.
	Wait(ctx context.Context) (string, error)
	// Close stops the page.
	Close() error
}

// hinter is a page that can say how to reach it from elsewhere (the CLI's page over SSH:
// the port to forward).
type hinter interface{ Hint() string }

// pageStarted shows the page's address, opens it, and waits for its token.
func (m Model) pageStarted(msg pageMsg) (Model, tea.Cmd) {
	if msg.tag != m.tag || msg.wait != m.wait {
		if msg.page != nil {
			_ = msg.page.Close()
		}
		return m, nil
	}
	if msg.err != nil || msg.page == nil {
		return m.noToken(msg.err), nil
	}
	p, wait, tag, otp := msg.page, m.wait, m.tag, msg.otp
	ctx, cancel := context.WithTimeout(m.ctx, m.cfg.Timeout)
	m.cancel, m.url, m.noOpen = cancel, p.URL(), m.cfg.Open == nil
	if h, ok := p.(hinter); ok {
		m.hint = h.Hint()
	}
	waitCmd := func() tea.Msg {
		defer func() { _ = p.Close() }()
		tok, err := p.Wait(ctx)
		if err != nil {
			if errors.Is(ctx.Err(), context.DeadlineExceeded) {
				err = context.DeadlineExceeded
			}
			return noTokenMsg{tag, wait, err}
		}
		return tokenMsg{tag, wait, tok, otp}
	}
	if m.cfg.Open == nil {
		return m, waitCmd
	}
	open, u := m.cfg.Open, m.url
	return m, tea.Batch(waitCmd, func() tea.Msg { return openedMsg{tag, wait, open(u)} })
}

// noToken ends an attempt that got no captcha token.
func (m Model) noToken(err error) Model {
	timedOut := errors.Is(err, context.DeadlineExceeded) && m.url != ""
	m.endWait()
	m.busy = ""
	if timedOut {
		m.err = fmt.Sprintf("The captcha was not completed within %s. Press enter to try again.", minutes(m.cfg.Timeout))
		return m
	}
	// The spec: a captcha that is not ready makes the submit do nothing (logged).
	m.cfg.Log.Warn("captcha not ready: submit ignored", "err", err)
	return m
}

// endWait stops the captcha wait under way, if any.
func (m *Model) endWait() {
	if m.cancel != nil {
		m.cancel()
	}
	m.cancel, m.url, m.hint, m.noOpen, m.wait = nil, "", "", false, 0
}

func (m Model) check(token, otp string) (Model, tea.Cmd) {
	m.busy = "Checking the code..."
	ctx, verify, userID, tag := m.ctx, m.cfg.Verify, m.userID, m.tag
	return m, func() tea.Msg {
		t, err := verify(ctx, userID, otp, token)
		return verifiedMsg{tag, t, err}
	}
}
