package state

import "time"

// The records the sandbox keeps. Their JSON form is what the store holds (one record per
// key) and what the JSON-era state file held, so field names never change.

// User is a customer or support agent account.
type User struct {
	ID          string    `json:"id"`
	Email       string    `json:"email"`
	FirstName   string    `json:"firstName"`
	LastName    string    `json:"lastName"`
	CountryCode string    `json:"countryCode"`
	Phone       string    `json:"phone"`
	Verified    bool      `json:"verified"`
	Created     time.Time `json:"created,omitzero"` // zero for accounts made before it was kept
	Code        string    `json:"code,omitempty"`
	CodeExpires time.Time `json:"codeExpires"`
	// Failed counts the wrong attempts at the current code, from every client; a new code
	// starts again at 0.
	Failed     int       `json:"failed"`
	OTP        string    `json:"otp,omitempty"` // one-time login password after verification
	OTPExpires time.Time `json:"otpExpires"`
	Role       string    `json:"role,omitempty"` // "agent" for support agents, else empty (customer)
	// Lang is the shop language ("en", "ar", "fr") of the last code send that named one (its
	// Accept-Language): the sandbox's mails to this customer are written in it.
	Lang string `json:"lang,omitempty"`
	// VerifyIdem and VerifyCode are the idempotency id and code of the verification that
	// issued OTP: a retry with both the same gets the same answer.
	VerifyIdem string `json:"verifyIdem,omitempty"`
	VerifyCode string `json:"verifyCode,omitempty"`
}

// Grant is what a refresh token grants (the token is its key).
type Grant struct {
	UserID  string    `json:"userId"` // empty for the guest
	Guest   bool      `json:"guest"`
	Expires time.Time `json:"expires"`
	// Rotated is set once the token was used: within the grace period a repeat of the same
	// refresh answers the same pair again.
	Rotated *Rotation `json:"rotated,omitempty"`
}

// Rotation is the answer a refresh token was exchanged for.
type Rotation struct {
	At      time.Time `json:"at"`
	Access  string    `json:"accessToken"`
	Refresh string    `json:"refreshToken"`
	Expires int       `json:"expiresIn"` // seconds, as answered
}

// OrderStatus is where an order stands.
type OrderStatus string

// Order statuses.
const (
	OrderOpen    OrderStatus = "open"
	OrderPaid    OrderStatus = "paid"
	OrderDeleted OrderStatus = "deleted"
)

// Order is one order of the commerce API.
type Order struct {
	ID        string      `json:"id"`
	Client    string      `json:"client"`
	UserID    string      `json:"userId,omitempty"`
	Email     string      `json:"email,omitempty"`
	BundleID  string      `json:"bundleId,omitempty"`
	AccountID string      `json:"accountId,omitempty"` // top-up target; empty for a new eSIM
	Status    OrderStatus `json:"status"`
	Created   time.Time   `json:"created"`
	TranID    string      `json:"tranId,omitempty"`
	ICCID     string      `json:"iccid,omitempty"`
	Declines  int         `json:"declines"`
	// DetailsIdem is the idempotency id of the orderdetails call that added the line, and
	// CheckoutURL its answer, repeated to a retry with the same id.
	DetailsIdem string `json:"detailsIdem,omitempty"`
	CheckoutURL string `json:"checkoutUrl,omitempty"`
}

// Assignment is one bundle put on an eSIM.
type Assignment struct {
	AssignmentID string     `json:"assignmentId"`
	BundleID     string     `json:"bundleId"`
	OrderID      string     `json:"orderId"`
	AssignedAt   time.Time  `json:"assignedAt"`
	RevokedAt    *time.Time `json:"revokedAt,omitempty"`
}

// ESIM is a provisioned eSIM.
type ESIM struct {
	ICCID      string        `json:"iccid"`
	AccountID  string        `json:"accountId"`
	UserID     string        `json:"userId"`
	Email      string        `json:"email"`
	MatchingID string        `json:"matchingId"`
	QR         string        `json:"qr"` // base64 PNG
	Created    time.Time     `json:"created"`
	Bundles    []*Assignment `json:"bundles"`
}

// Mail is one message the provider would have sent.
type Mail struct {
	ID      string    `json:"id"`
	To      string    `json:"to"`
	Subject string    `json:"subject"`
	Text    string    `json:"text"`
	SentAt  time.Time `json:"sentAt"`
	Code    string    `json:"code,omitempty"`
	QRPNG   string    `json:"qrPng,omitempty"` // base64, eSIM delivery mails
	// From names the client whose request sent it (its limit key; "" for the sandbox's own
	// mail): the mailbox's fair share (SendMail). In memory only, like the per-client limits.
	From string `json:"-"`

	seq uint64 // its place in the store
}

// LogLine is one line received on the log push endpoint.
type LogLine struct {
	Time     time.Time         `json:"time"`
	Labels   map[string]string `json:"labels"`
	Message  string            `json:"message"`
	Received time.Time         `json:"received"`

	seq uint64
}

// Contact is one message of the contact form.
type Contact struct {
	ID         string    `json:"id"`
	FullName   string    `json:"fullName"`
	Email      string    `json:"email"`
	Message    string    `json:"message"`
	Department string    `json:"department"`
	Received   time.Time `json:"received"`

	seq uint64
}

// AuditEntry is one agent read of customer data, or (Count > 1) the same read repeated
// within the hour: repeats and reads that found nothing are counted, not listed one by one.
type AuditEntry struct {
	ID         string    `json:"id"`
	Time       time.Time `json:"time"`
	AgentID    string    `json:"agentId"`
	AgentEmail string    `json:"agentEmail"`
	Call       string    `json:"call"`   // the operationId, e.g. listEsimsByEmail
	Target     string    `json:"target"` // the customer's e-mail or the eSIM's ICCID; "" for reads that found nothing
	Owner      string    `json:"owner"`  // e-mail of the customer whose data was read ("" when none)
	Count      int       `json:"count,omitempty"`
	Last       time.Time `json:"last,omitzero"` // the latest of the counted reads

	seq uint64
}
