// Package requestlog writes the line `esim serve` logs for each request exactly as slog's
// TextHandler writes the same record, without slog's general work per attribute: under
// load that work was the largest cost of answering a page after the system calls (issue
// 21.13, docs/performance.md). Every other line still goes through slog, to the same
// writer; the tests hold the two byte for byte equal.
package requestlog

import (
	"io"
	"log/slog"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
	"unicode"
	"unicode/utf8"
)

// Line is one request as logged: slog's record "request" with these attributes in this
// order (method, path, status, bytes, duration_ms, client) at level INFO.
type Line struct {
	Time       time.Time
	Method     string
	Path       string
	Status     int
	Bytes      int
	DurationMS int64
	Client     string
}

// Record is l as the slog record it stands for, for a logger in another format (JSON).
func (l Line) Record() slog.Record {
	r := slog.NewRecord(l.Time, slog.LevelInfo, "request", 0)
	r.AddAttrs(slog.String("method", l.Method), slog.String("path", l.Path), slog.Int("status", l.Status),
		slog.Int("bytes", l.Bytes), slog.Int64("duration_ms", l.DurationMS), slog.String("client", l.Client))
	return r
}

// Text writes Lines to w in slog's text format, one Write per line. It is safe for
// concurrent use when w is (logsink.Sink).
type Text struct {
	w    io.Writer
	bufs sync.Pool
	// stamp is the last time written, as text: the lines of one millisecond share it.
	stamp atomic.Pointer[stamp]
}

type stamp struct {
	ms   int64 // Unix milliseconds
	loc  *time.Location
	text []byte
}

// NewText returns a Text writing to w.
func NewText(w io.Writer) *Text {
	return &Text{w: w, bufs: sync.Pool{New: func() any { b := make([]byte, 0, 256); return &b }}}
}

// Log writes l.
func (t *Text) Log(l Line) error {
	bp := t.bufs.Get().(*[]byte) //nolint:forcetypeassert // the pool holds only these
	b := l.appendText((*bp)[:0], t.timeText(l.Time))
	_, err := t.w.Write(b)
	*bp = b
	t.bufs.Put(bp)
	if err != nil {
		return err //nolint:wrapcheck // the writer's own error, as slog returns it
	}
	return nil
}

// timeText is appendTime's text of t, made once per millisecond.
func (t *Text) timeText(at time.Time) []byte {
	ms := at.UnixMilli()
	if s := t.stamp.Load(); s != nil && s.ms == ms && s.loc == at.Location() {
		return s.text
	}
	s := &stamp{ms: ms, loc: at.Location(), text: appendTime(nil, at)}
	t.stamp.Store(s)
	return s.text
}

// appendTime appends t as slog writes a record's time: milliseconds, truncated, and the zone
// as RFC 3339 writes it.
func appendTime(b []byte, t time.Time) []byte {
	return t.AppendFormat(b, "2006-01-02T15:04:05.000Z07:00")
}

// AppendText appends l as slog.TextHandler (with no options) writes it, newline included.
func (l Line) AppendText(b []byte) []byte { return l.appendText(b, appendTime(nil, l.Time)) }

func (l Line) appendText(b, timeText []byte) []byte {
	if !l.Time.IsZero() { // slog leaves a zero time out
		b = append(b, "time="...)
		b = append(b, timeText...)
		b = append(b, ' ')
	}
	b = append(b, "level=INFO msg=request method="...)
	b = appendString(b, l.Method)
	b = append(b, " path="...)
	b = appendString(b, l.Path)
	b = append(b, " status="...)
	b = strconv.AppendInt(b, int64(l.Status), 10)
	b = append(b, " bytes="...)
	b = strconv.AppendInt(b, int64(l.Bytes), 10)
	b = append(b, " duration_ms="...)
	b = strconv.AppendInt(b, l.DurationMS, 10)
	b = append(b, " client="...)
	b = appendString(b, l.Client)
	return append(b, '\n')
}

// appendString appends s as slog's text format does: as it is, or quoted when it is empty
// or holds a space, '=', '"', a control character, an invalid or a non-printing rune.
func appendString(b []byte, s string) []byte {
	if needsQuoting(s) {
		return strconv.AppendQuote(b, s)
	}
	return append(b, s...)
}

func needsQuoting(s string) bool {
	if s == "" {
		return true
	}
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c < ' ' || c == ' ' || c == '=' || c == '"' {
				return true
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError || unicode.IsSpace(r) || !unicode.IsPrint(r) {
			return true
		}
		i += size
	}
	return false
}
