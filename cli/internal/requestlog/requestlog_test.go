package requestlog

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"
)

// bySlog is the line slog's TextHandler writes for l: what AppendText must equal.
func bySlog(t testing.TB, l Line) string {
	t.Helper()
	var buf bytes.Buffer
	r := slog.NewRecord(l.Time, slog.LevelInfo, "request", 0)
	r.AddAttrs(slog.String("method", l.Method), slog.String("path", l.Path), slog.Int("status", l.Status),
		slog.Int("bytes", l.Bytes), slog.Int64("duration_ms", l.DurationMS), slog.String("client", l.Client))
	if err := slog.NewTextHandler(&buf, nil).Handle(context.Background(), r); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

func TestLinesAreWhatSlogWrites(t *testing.T) {
	beirut := time.FixedZone("EET", 2*3600)
	at := time.Date(2026, 11, 27, 10, 29, 20, 329_866_153, time.UTC)
	tests := []struct {
		name string
		line Line
	}{
		{"a page", Line{at, "GET", "/", 200, 6719, 3, "127.0.0.1"}},
		{"whole second", Line{at.Truncate(time.Second), "HEAD", "/faq", 304, 0, 0, "::1"}},
		{"another zone", Line{at.In(beirut), "POST", "/api/x", 201, 12, 1500, "2001:db8::1"}},
		{"a millisecond's last nanosecond", Line{time.Date(2026, 1, 2, 3, 4, 5, 999_999_999, time.UTC), "GET", "/a", 200, 1, 0, "10.0.0.1"}},
		{"spaces and equals", Line{at, "GET", "/a b=c", 404, 9, 0, "10.0.0.1"}},
		{"quotes and backslashes", Line{at, "GET", `/a"b\c`, 404, 9, 0, "10.0.0.1"}},
		{"a backslash alone stays bare", Line{at, "GET", `/a\b`, 404, 9, 0, "10.0.0.1"}},
		{"a newline cannot forge a line", Line{at, "GET", "/x\nlevel=ERROR msg=forged", 404, 9, 0, "10.0.0.1"}},
		{"control and delete", Line{at, "GET", "/\x01\x7f\t", 400, 0, 0, "10.0.0.1"}},
		{"unicode", Line{at, "GET", "/ar/الأسئلة", 200, 10, 0, "10.0.0.1"}},
		{"unicode space", Line{at, "GET", "/a\u00a0b\u2028", 200, 10, 0, "10.0.0.1"}},
		{"invalid UTF-8", Line{at, "GET", "/\xff\xfe", 404, 0, 0, "10.0.0.1"}},
		{"empty strings", Line{at, "", "", 0, 0, 0, ""}},
		{"negative and large", Line{at, "GET", "/", -1, 1 << 40, -5, "unknown"}},
		{"year one", Line{time.Time{}.Add(time.Hour), "GET", "/", 200, 0, 0, "x"}},
		{"no time", Line{time.Time{}, "GET", "/", 200, 0, 0, "x"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := bySlog(t, tt.line)
			if got := string(tt.line.AppendText(nil)); got != want {
				t.Errorf("got  %q\nwant %q", got, want)
			}
			var rec bytes.Buffer
			if err := slog.NewTextHandler(&rec, nil).Handle(context.Background(), tt.line.Record()); err != nil {
				t.Fatal(err)
			}
			if rec.String() != want {
				t.Errorf("Record gives %q\nwant        %q", rec.String(), want)
			}
		})
	}
}

func FuzzLinesAreWhatSlogWrites(f *testing.F) {
	f.Add(int64(1795775360329866153), "GET", "/", 200, 6719, int64(3), "127.0.0.1", 0)
	f.Add(int64(0), "", "a b=\"c\"\n", -1, 0, int64(-1), "", -3600)
	f.Add(int64(1e18), "PATCH", "/\xff\u2028\\", 999, 1<<30, int64(1<<40), "::1", 20700)
	f.Fuzz(func(t *testing.T, nanos int64, method, path string, status, n int, ms int64, client string, offset int) {
		if nanos < 0 || nanos > 7e18 { // years 1970 to 2191: what time.Now gives
			t.Skip()
		}
		zone := time.FixedZone("z", offset%(18*3600))
		l := Line{time.Unix(0, nanos).In(zone), method, path, status, n, ms, client}
		if got, want := string(l.AppendText(nil)), bySlog(t, l); got != want {
			t.Errorf("got  %q\nwant %q", got, want)
		}
	})
}

func TestTextWritesOneLinePerWrite(t *testing.T) {
	var w recorder
	lines := NewText(&w)
	at := time.Date(2026, 11, 27, 10, 0, 0, 0, time.UTC)
	for _, p := range []string{"/a", "/b c"} {
		if err := lines.Log(Line{Time: at, Method: "GET", Path: p, Status: 200, Client: "10.0.0.1"}); err != nil {
			t.Fatal(err)
		}
	}
	want := []string{bySlog(t, Line{Time: at, Method: "GET", Path: "/a", Status: 200, Client: "10.0.0.1"}),
		bySlog(t, Line{Time: at, Method: "GET", Path: "/b c", Status: 200, Client: "10.0.0.1"})}
	if strings.Join(w.writes, "|") != strings.Join(want, "|") {
		t.Fatalf("writes %q, want %q", w.writes, want)
	}
}

// Lines of one millisecond share its time's text; the next millisecond, or the same one in
// another zone, gets its own.
func TestTextWritesEachLinesOwnTime(t *testing.T) {
	var w recorder
	lines := NewText(&w)
	at := time.Date(2026, 11, 27, 10, 0, 0, 100_000_000, time.UTC)
	times := []time.Time{at, at.Add(300 * time.Microsecond), at.Add(time.Millisecond), at.Add(time.Millisecond).In(time.FixedZone("EET", 7200)), at}
	var want []string
	for _, tm := range times {
		l := Line{Time: tm, Method: "GET", Path: "/", Status: 200, Client: "10.0.0.1"}
		if err := lines.Log(l); err != nil {
			t.Fatal(err)
		}
		want = append(want, bySlog(t, l))
	}
	if strings.Join(w.writes, "") != strings.Join(want, "") {
		t.Fatalf("writes %q, want %q", w.writes, want)
	}
}

func TestTextReportsAFailedWrite(t *testing.T) {
	full := errors.New("no space left on device")
	if err := NewText(failing{full}).Log(Line{Method: "GET"}); !errors.Is(err, full) {
		t.Fatalf("Log = %v, want the writer's error", err)
	}
}

type recorder struct{ writes []string }

func (r *recorder) Write(p []byte) (int, error) {
	r.writes = append(r.writes, string(p))
	return len(p), nil
}

type failing struct{ err error }

func (f failing) Write([]byte) (int, error) { return 0, f.err }

// BenchmarkLine puts the line beside slog's handler writing the same record.
func BenchmarkLine(b *testing.B) {
	l := Line{time.Now(), "GET", "/assets/app-Dr19iqwh.js", 200, 99610, 0, "127.0.0.1"}
	b.Run("requestlog", func(b *testing.B) {
		lines := NewText(discard{})
		b.ReportAllocs()
		for b.Loop() {
			_ = lines.Log(l)
		}
	})
	b.Run("slog", func(b *testing.B) {
		h := slog.NewTextHandler(discard{}, nil)
		b.ReportAllocs()
		for b.Loop() {
			r := slog.NewRecord(l.Time, slog.LevelInfo, "request", 0)
			r.AddAttrs(slog.String("method", l.Method), slog.String("path", l.Path), slog.Int("status", l.Status),
				slog.Int("bytes", l.Bytes), slog.Int64("duration_ms", l.DurationMS), slog.String("client", l.Client))
			_ = h.Handle(context.Background(), r)
		}
	})
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }
