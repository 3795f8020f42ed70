package state

import (
	"fmt"
	"time"

	"github.com/google/uuid"
)

// The lists (mailbox, contact messages, log lines, audit log) keep their newest entries
// within a count and a size: past either, the oldest go, with the exceptions each Add
// method names. Entries are numbered (seq) so that the store keeps them in arrival order.

// SendMail puts m in the mailbox, stamped with an id and the time. Past the mailbox's
// limits mails go in a fair share: first those of the client that sent the most mails the
// mailbox holds (a mail without a sender is a sender of its own), then the next; within one
// sender, mails without a code the customer can still use before live codes, then the
// oldest. So a flood, even of sign-up codes from many addresses, pushes out its own mails
// before a customer's code (only more senders than the mailbox holds could), and a flood of
// other mail never pushes out a live code.
func (tx *Tx) SendMail(m *Mail) {
	now := tx.Now()
	m.ID, m.SentAt, m.seq = uuid.NewString(), now, tx.nextSeq()
	tx.mark(kindMail, seqID(m.seq), m)
	all := append(tx.d.Mail, m)
	total := 0
	sent := map[string]int{}
	for _, x := range all {
		total += mailBytes(x)
		if x.From != "" {
			sent[x.From]++
		}
	}
	share := func(x *Mail) int {
		if x.From == "" {
			return 1
		}
		return sent[x.From]
	}
	drop := make([]bool, len(all))
	kept := len(all)
	for kept > tx.s.limits.Mails || total > tx.s.limits.MailBytes {
		victim, victimShare, victimLive := -1, 0, false
		for i, x := range all[:len(all)-1] { // the new mail stays
			if drop[i] {
				continue
			}
			sh, live := share(x), tx.liveCode(x, now)
			if victim < 0 || sh > victimShare || sh == victimShare && !live && victimLive {
				victim, victimShare, victimLive = i, sh, live
			}
		}
		if victim < 0 {
			break
		}
		x := all[victim]
		drop[victim], kept, total = true, kept-1, total-mailBytes(x)
		if x.From != "" {
			sent[x.From]--
		}
	}
	tx.d.Mail = make([]*Mail, 0, kept)
	for i, x := range all {
		if drop[i] {
			tx.mark(kindMail, seqID(x.seq), nil)
		} else {
			tx.d.Mail = append(tx.d.Mail, x)
		}
	}
}

// liveCode reports whether m carries the code its addressee can still use.
func (tx *Tx) liveCode(m *Mail, now time.Time) bool {
	if m.Code == "" {
		return false
	}
	u := tx.UserByEmail(m.To)
	return u != nil && u.Code == m.Code && now.Before(u.CodeExpires)
}

func mailBytes(m *Mail) int { return len(m.To) + len(m.Subject) + len(m.Text) + len(m.QRPNG) }

// Mails returns a copy of the mailbox, oldest first.
func (tx *Tx) Mails() []Mail {
	out := make([]Mail, len(tx.d.Mail))
	for i, m := range tx.d.Mail {
		out[i] = *m
	}
	return out
}

// AddContact keeps a contact message.
func (tx *Tx) AddContact(c *Contact) {
	c.seq = tx.nextSeq()
	tx.mark(kindContacts, seqID(c.seq), c)
	kept, dropped := trimOldest(append(tx.d.Contacts, c), contactBytes, tx.s.limits.Contacts, tx.s.limits.ContactBytes)
	tx.d.Contacts = kept
	for _, old := range dropped {
		tx.mark(kindContacts, seqID(old.seq), nil)
	}
}

func contactBytes(c *Contact) int {
	return len(c.FullName) + len(c.Email) + len(c.Message) + len(c.Department)
}

// AddLogs keeps pushed log lines.
func (tx *Tx) AddLogs(lines []LogLine) {
	all := tx.d.Logs
	for i := range lines {
		l := lines[i]
		l.seq = tx.nextSeq()
		tx.mark(kindLogs, seqID(l.seq), &l)
		all = append(all, &l)
	}
	kept, dropped := trimOldest(all, logBytes, tx.s.limits.Logs, tx.s.limits.LogBytes)
	tx.d.Logs = kept
	for _, old := range dropped {
		tx.mark(kindLogs, seqID(old.seq), nil)
	}
}

func logBytes(l *LogLine) int {
	n := len(l.Message)
	for k, v := range l.Labels {
		n += len(k) + len(v)
	}
	return n
}

// Logs returns a copy of the log lines, oldest first.
func (tx *Tx) Logs() []LogLine {
	out := make([]LogLine, len(tx.d.Logs))
	for i, l := range tx.d.Logs {
		out[i] = *l
	}
	return out
}

// trimOldest drops the oldest entries of list until at most maxN remain and their sizes
// sum to at most maxBytes; it returns the kept entries and the dropped ones.
func trimOldest[T any](list []T, size func(T) int, maxN, maxBytes int) (kept, dropped []T) {
	total := 0
	for _, v := range list {
		total += size(v)
	}
	drop := 0
	for drop < len(list)-1 && (len(list)-drop > maxN || total > maxBytes) {
		total -= size(list[drop])
		drop++
	}
	if drop == 0 {
		return list, nil
	}
	return append([]T(nil), list[drop:]...), list[:drop]
}

// auditRepeat is how long a repeated read counts on the entry of its first read.
const auditRepeat = time.Hour

// Audit records an agent's read (e: AgentID, AgentEmail, Call, Target, Owner). A repeat of
// the same read within the hour, or a read that found nothing (Target ""), counts on the
// hour's entry rather than adding one, so junk reads cannot flush the log. At the limit,
// entries whose last read is older than AuditRetention go; when none may go the read is
// refused with ErrFull: no read goes unaudited, and no young entry is evicted.
func (tx *Tx) Audit(e AuditEntry) error {
	now := tx.Now()
	for i := len(tx.d.Audit) - 1; i >= 0; i-- {
		x := tx.d.Audit[i]
		if now.Sub(x.Time) > auditRepeat {
			break
		}
		if x.AgentID == e.AgentID && x.Call == e.Call && x.Target == e.Target && x.Owner == e.Owner {
			x.Count = max(x.Count, 1) + 1
			x.Last = now
			tx.mark(kindAudit, seqID(x.seq), x)
			return nil
		}
	}
	if len(tx.d.Audit) >= tx.s.limits.Audit {
		kept := tx.d.Audit[:0:0]
		for _, x := range tx.d.Audit {
			if now.Sub(x.lastRead()) > tx.s.limits.AuditRetention {
				tx.mark(kindAudit, seqID(x.seq), nil)
				continue
			}
			kept = append(kept, x)
		}
		tx.d.Audit = kept
		if len(kept) >= tx.s.limits.Audit {
			return fmt.Errorf("audit log: %d entries younger than %s: %w", len(kept), tx.s.limits.AuditRetention, ErrFull)
		}
	}
	e.ID, e.Time, e.Count, e.seq = uuid.NewString(), now, 1, tx.nextSeq()
	x := &e
	tx.d.Audit = append(tx.d.Audit, x)
	tx.mark(kindAudit, seqID(x.seq), x)
	return nil
}

// lastRead is the time of the entry's latest read.
func (e *AuditEntry) lastRead() time.Time {
	if e.Last.After(e.Time) {
		return e.Last
	}
	return e.Time
}

// AuditLog returns a copy of the audit log, oldest first.
func (tx *Tx) AuditLog() []AuditEntry {
	out := make([]AuditEntry, len(tx.d.Audit))
	for i, a := range tx.d.Audit {
		out[i] = *a
	}
	return out
}
