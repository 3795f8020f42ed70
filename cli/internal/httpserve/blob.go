package httpserve

import (
	"io"
	"os"
	"sync"
)

// sendfileMin is the smallest body Fast sends from a Blob's file: below it, the header and
// the body leave in one write (the write buffer is 16 KiB), which costs less than a write for
// the header and a sendfile for the body.
const sendfileMin = 32 << 10

// Blob is bytes that never change (a file of the build, served from memory). Fast sends a
// large Blob with sendfile(2) from a sealed in-memory file made on its first answer, so
// its bytes reach the socket without a copy through the process: nginx serves its files
// the same way, and the copy was the largest cost left in answering a script (issue 21.13).
// Where that file cannot be made (another OS, a sandbox refusing memfd), the bytes are
// copied as any body.
type Blob struct {
	data []byte
	once sync.Once
	file *os.File // nil: no file, the bytes are copied
	err  error    // why there is no file
}

// NewBlob returns data as a Blob; data must never change afterwards.
func NewBlob(data []byte) *Blob { return &Blob{data: data} }

// Bytes is the blob's content; it must not be changed.
func (b *Blob) Bytes() []byte { return b.data }

// Len is len(b.Bytes()).
func (b *Blob) Len() int { return len(b.data) }

// sendable returns the file to send b from, made on first use; nil (with the reason the
// first time it fails) when the bytes are to be copied.
func (b *Blob) sendable() (*os.File, error) {
	b.once.Do(func() { b.file, b.err = sealedFile(b.data) })
	return b.file, b.err
}

// blobStream is a Blob as a response body: deadlineConn.ReadFrom sends it from the blob's
// file, any other reader copies it (Read).
type blobStream struct {
	blob *Blob // its file made already (setStaticBody)
	off  int64
}

func (s *blobStream) Read(p []byte) (int, error) {
	if s.off >= int64(len(s.blob.data)) {
		return 0, io.EOF
	}
	n := copy(p, s.blob.data[s.off:])
	s.off += int64(n)
	return n, nil
}
