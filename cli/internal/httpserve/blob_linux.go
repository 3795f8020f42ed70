package httpserve

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"syscall"

	"golang.org/x/sys/unix"
)

// sealedFile is data in an anonymous in-memory file (memfd) sealed against any change, so
// what sendfile sends is always data.
func sealedFile(data []byte) (*os.File, error) {
	fd, err := unix.MemfdCreate("esim-static", unix.MFD_CLOEXEC|unix.MFD_ALLOW_SEALING)
	if err != nil {
		return nil, fmt.Errorf("memfd_create: %w", err)
	}
	f := os.NewFile(uintptr(fd), "memfd:esim-static")
	if _, err := f.Write(data); err != nil {
		_ = f.Close()
		return nil, fmt.Errorf("fill memfd: %w", err)
	}
	const seals = unix.F_SEAL_SHRINK | unix.F_SEAL_GROW | unix.F_SEAL_WRITE | unix.F_SEAL_SEAL
	if _, err := unix.FcntlInt(uintptr(fd), unix.F_ADD_SEALS, seals); err != nil {
		_ = f.Close()
		return nil, fmt.Errorf("seal memfd: %w", err)
	}
	return f, nil
}

// sendFile sends n bytes of s from its file, from s.off on, to the socket c with
// sendfile(2), bounded by c's write deadline (the poller waits while the socket is full).
// handled is false when nothing was sent because c cannot take sendfile: the caller copies.
func sendFile(c syscall.Conn, s *blobStream, n int64) (sent int64, handled bool, err error) {
	rc, err := c.SyscallConn()
	if err != nil {
		return 0, false, nil //nolint:nilerr // not a socket sendfile can write to: copy instead
	}
	in := int(s.blob.file.Fd()) // a regular file: Fd leaves it as it is
	handled = true
	var werr error
	err = rc.Write(func(out uintptr) bool {
		for sent < n {
			m, e := unix.Sendfile(int(out), in, &s.off, int(min(n-sent, 1<<30)))
			if m > 0 {
				sent += int64(m)
			}
			switch {
			case errors.Is(e, unix.EINTR):
				continue
			case errors.Is(e, unix.EAGAIN):
				return false // the socket is full: wait for room, under the write deadline
			case e != nil && sent == 0 && (errors.Is(e, unix.EINVAL) || errors.Is(e, unix.ENOSYS) || errors.Is(e, unix.EOPNOTSUPP)):
				handled = false
				return true
			case e != nil:
				werr = os.NewSyscallError("sendfile", e)
				return true
			case m == 0:
				werr = io.ErrUnexpectedEOF // the file is shorter than the body
				return true
			}
		}
		return true
	})
	runtime.KeepAlive(s.blob.file)
	if err == nil {
		err = werr
	}
	return sent, handled, err
}
