package httpserve

// The connections of Fast's listener: write deadlines moved per write, a read-ahead under
// fasthttp's first-byte read, read deadlines given to the socket when a read reaches it, and
// sendfile for a Blob's body.

import (
	"fmt"
	"io"
	"net"
	"sync"
	"syscall"
	"time"
)

// deadlineListener's connections move their write deadline forward before each write: a
// slow reader on a poor network is served in full, a client that stops reading loses the
// connection after d (Limits.WriteTimeout).
type deadlineListener struct {
	net.Listener
	d     time.Duration
	ahead *sync.Pool // of read-ahead buffers
}

func (l deadlineListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return c, err //nolint:wrapcheck // the server reads net.Listener's errors as they are
	}
	remote := ""
	if a := c.RemoteAddr(); a != nil {
		remote = a.String()
	}
	return &deadlineConn{Conn: c, d: l.d, remote: remote, pool: l.ahead}, nil
}

type deadlineConn struct {
	net.Conn
	d time.Duration // <= 0: no write deadline
	// remote is RemoteAddr().String(), made once for all the connection's requests.
	remote string
	// ahead holds what a short read took beyond what was asked, in aheadBuf, lent by pool
	// until it is read.
	ahead    []byte
	aheadBuf *[readAheadSize]byte
	pool     *sync.Pool

	// The read deadline is given to the socket only when a read reaches it: the server sets
	// one when a request's first byte arrives, for the rest of the request, which the
	// read-ahead has usually brought already (one timer change per request saved).
	mu      sync.Mutex
	reading bool      // a read is waiting on the socket: a new deadline goes to it at once
	readBy  time.Time // the deadline set and not yet given to the socket, when pending
	pending bool
	// writeBy is the write deadline moveDeadline gave the socket (zero: another was set).
	writeBy time.Time
}

// SetReadDeadline keeps t for the next read that reaches the socket, or gives it to the
// one waiting there now.
func (c *deadlineConn) SetReadDeadline(t time.Time) error {
	c.mu.Lock()
	if c.reading {
		c.mu.Unlock()
		return c.Conn.SetReadDeadline(t) //nolint:wrapcheck // as the connection's own
	}
	c.readBy, c.pending = t, true
	c.mu.Unlock()
	return nil
}

func (c *deadlineConn) SetDeadline(t time.Time) error {
	if err := c.SetReadDeadline(t); err != nil {
		return err
	}
	return c.SetWriteDeadline(t)
}

func (c *deadlineConn) SetWriteDeadline(t time.Time) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.writeBy = time.Time{}           // moveDeadline sets its own again
	return c.Conn.SetWriteDeadline(t) //nolint:wrapcheck // as the connection's own
}

// socketRead reads from the socket under the read deadline last set.
func (c *deadlineConn) socketRead(p []byte) (int, error) {
	c.mu.Lock()
	if c.pending {
		c.pending = false
		if err := c.Conn.SetReadDeadline(c.readBy); err != nil {
			c.mu.Unlock()
			return 0, err //nolint:wrapcheck // as the connection's own
		}
	}
	c.reading = true
	c.mu.Unlock()
	n, err := c.Conn.Read(p)
	c.mu.Lock()
	c.reading = false
	c.mu.Unlock()
	return n, err //nolint:wrapcheck // as the connection's own Read
}

// readAheadSize is what a short read takes from the socket at once. Between requests the
// server waits for a request's first byte alone (fasthttp's ReduceMemoryUsage, which lends
// a kept-alive connection no read buffer while it is idle); reading ahead there brings the
// rest of the request in with that byte, one read instead of two per request.
const readAheadSize = 4 << 10

func (c *deadlineConn) Read(p []byte) (int, error) {
	if len(c.ahead) > 0 {
		n := copy(p, c.ahead)
		c.ahead = c.ahead[n:]
		if len(c.ahead) == 0 {
			c.release()
		}
		return n, nil
	}
	if len(p) >= readAheadSize {
		return c.socketRead(p)
	}
	buf := c.pool.Get().(*[readAheadSize]byte) //nolint:forcetypeassert // the pool holds only these
	n, err := c.socketRead(buf[:])
	m := copy(p, buf[:n])
	if m == n {
		c.pool.Put(buf)
		return m, err //nolint:wrapcheck // as the connection's own Read
	}
	// The rest is returned by the next reads; a socket's error comes again on the read after.
	c.aheadBuf, c.ahead = buf, buf[m:n]
	return m, nil
}

func (c *deadlineConn) release() {
	c.pool.Put(c.aheadBuf)
	c.aheadBuf, c.ahead = nil, nil
}

// writeChunk is the most one deadline covers: fasthttp writes a large body in one call, and
// a slow reader must be served in full as long as it takes writeChunk per WriteTimeout.
const writeChunk = 256 << 10

// ReadFrom sends a Blob's body (the one reader bufio.Writer passes on here with an empty
// buffer, as a LimitedReader) with sendfile, writeChunk per deadline; anything else is copied
// through Write.
func (c *deadlineConn) ReadFrom(r io.Reader) (int64, error) {
	lr, ok := r.(*io.LimitedReader)
	if !ok {
		return io.Copy(writerOnly{c}, r)
	}
	s, ok := lr.R.(*blobStream)
	sc, isSock := c.Conn.(syscall.Conn)
	if !ok || !isSock {
		return io.Copy(writerOnly{c}, r)
	}
	var total int64
	for lr.N > 0 {
		if err := c.moveDeadline(); err != nil {
			return total, err
		}
		n, handled, err := sendFile(sc, s, min(lr.N, writeChunk))
		total += n
		lr.N -= n
		if !handled {
			m, err := io.Copy(writerOnly{c}, lr)
			return total + m, err
		}
		if err != nil {
			return total, err
		}
	}
	return total, nil
}

// moveDeadline gives the next write (up to writeChunk) the connection's write timeout:
// at least 15/16 of it. A deadline set less than a sixteenth of the timeout ago is kept,
// which spares the socket's timer a change per answer on a busy connection.
func (c *deadlineConn) moveDeadline() error {
	if c.d <= 0 {
		return nil
	}
	now := time.Now()
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.writeBy.Sub(now) >= c.d-c.d/16 {
		return nil
	}
	c.writeBy = now.Add(c.d)
	if err := c.Conn.SetWriteDeadline(c.writeBy); err != nil {
		c.writeBy = time.Time{}
		return fmt.Errorf("set write deadline: %w", err)
	}
	return nil
}

// writerOnly hides a ReadFrom, so io.Copy copies through Write.
type writerOnly struct{ io.Writer }

func (c *deadlineConn) Write(b []byte) (int, error) {
	if c.d <= 0 {
		return c.Conn.Write(b) //nolint:wrapcheck // as the connection's own Write
	}
	written := 0
	for len(b) > 0 {
		n := min(len(b), writeChunk)
		if err := c.moveDeadline(); err != nil {
			return written, err
		}
		m, err := c.Conn.Write(b[:n])
		written += m
		if err != nil {
			return written, err //nolint:wrapcheck // the server reads a timeout as net.Error
		}
		b = b[n:]
	}
	return written, nil
}
