package sandbox

import "time"

// Caps on what the sandbox keeps, so a flood of requests cannot grow memory without bound.
const (
	maxMails    = 1000
	maxLogLines = 2000
	maxContacts = 500
	maxRefresh  = 20_000
	maxUsers    = 50_000
	maxOrders   = 50_000
)

type user struct {
	ID          string    `json:"id"`
	Email       string    `json:"email"`
	FirstName   string    `json:"firstName"`
	LastName    string    `json:"lastName"`
	CountryCode string    `json:"countryCode"`
	Phone       string    `json:"phone"`
	Verified    bool      `json:"verified"`
	Code        string    `json:"code,omitempty"`
	CodeExpires time.Time `json:"codeExpires"`
	Failed      int       `json:"failed"`
	LockedUntil time.Time `json:"lockedUntil"`
	OTP         string    `json:"otp,omitempty"` // one-time login password after verification
	OTPExpires  time.Time `json:"otpExpires"`
	Role        string    `json:"role,omitempty"` // RoleAgent for support agents, else empty (customer)
	// CodeSends are the times of the code e-mails within the send window (the per-address limit).
	CodeSends []time.Time `json:"codeSends,omitempty"`
	// VerifyIdem and VerifyCode are the idempotency id and code of the verification that
	// issued OTP: a retry with both the same gets the same answer.
	VerifyIdem string `json:"verifyIdem,omitempty"`
	VerifyCode string `json:"verifyCode,omitempty"`
}

type refreshGrant struct {
	UserID  string    `json:"userId"` // empty for the guest
	Guest   bool      `json:"guest"`
	Expires time.Time `json:"expires"`
}

type orderStatus string

const (
	orderOpen    orderStatus = "open"
	orderPaid    orderStatus = "paid"
	orderDeleted orderStatus = "deleted"
)

type order struct {
	ID        string      `json:"id"`
	Client    string      `json:"client"`
	UserID    string      `json:"userId,omitempty"`
	Email     string      `json:"email,omitempty"`
	BundleID  string      `json:"bundleId,omitempty"`
	AccountID string      `json:"accountId,omitempty"` // top-up target; empty for a new eSIM
	Status    orderStatus `json:"status"`
	Created   time.Time   `json:"created"`
	TranID    string      `json:"tranId,omitempty"`
	ICCID     string      `json:"iccid,omitempty"`
	Declines  int         `json:"declines"`
	// DetailsIdem is the idempotency id of the orderdetails call that added the line, and
	// CheckoutURL its answer, repeated to a retry with the same id.
	DetailsIdem string `json:"detailsIdem,omitempty"`
	CheckoutURL string `json:"checkoutUrl,omitempty"`
}

type esimBundle struct {
	AssignmentID string     `json:"assignmentId"`
	BundleID     string     `json:"bundleId"`
	OrderID      string     `json:"orderId"`
	AssignedAt   time.Time  `json:"assignedAt"`
	RevokedAt    *time.Time `json:"revokedAt,omitempty"`
}

type esim struct {
	ICCID      string        `json:"iccid"`
	AccountID  string        `json:"accountId"`
	UserID     string        `json:"userId"`
	Email      string        `json:"email"`
	MatchingID string        `json:"matchingId"`
	QR         string        `json:"qr"` // base64 PNG
	Created    time.Time     `json:"created"`
	Bundles    []*esimBundle `json:"bundles"`
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

	seq uint64 // its place in the store (persist.go)
}

// LogLine is one line received on the log push endpoint.
type LogLine struct {
	Time     time.Time         `json:"time"`
	Labels   map[string]string `json:"labels"`
	Message  string            `json:"message"`
	Received time.Time         `json:"received"`

	seq uint64 // its place in the store (persist.go)
}

type contact struct {
	ID         string    `json:"id"`
	FullName   string    `json:"fullName"`
	Email      string    `json:"email"`
	Message    string    `json:"message"`
	Department string    `json:"department"`
	Received   time.Time `json:"received"`

	seq uint64 // its place in the store (persist.go)
}

// state is everything the sandbox remembers; guarded by Server.mu. With a state file it is
// the cache of the store (persist.go); its JSON form is the old state file's.
type state struct {
	SigningKey []byte                   `json:"signingKey"`
	Epoch      int                      `json:"epoch"` // bumped to expire every access token
	Users      map[string]*user         `json:"users"`
	Refresh    map[string]*refreshGrant `json:"refresh"`
	Orders     map[string]*order        `json:"orders"`
	ESIMs      map[string]*esim         `json:"esims"`
	Mail       []*Mail                  `json:"mail"`
	Contacts   []*contact               `json:"contacts"`
	Logs       []LogLine                `json:"logs"`
	Idem       map[string]string        `json:"idem"`  // idempotencyId -> order or verification key
	Audit      []*AuditEntry            `json:"audit"` // agent reads of customer data, oldest first
	Seq        uint64                   `json:"seq"`   // last number given to a mail, contact, log line or audit entry

	// open indexes the open orders (the few among many paid and deleted ones), so finding
	// a client's open order or counting a customer's unpaid ones does not grow with the
	// orders kept. Kept by indexOrder, which markOrderLocked calls on every order change.
	open map[string]*order
}

func newState() *state {
	return &state{
		Users: map[string]*user{}, Refresh: map[string]*refreshGrant{}, Orders: map[string]*order{},
		ESIMs: map[string]*esim{}, Idem: map[string]string{}, open: map[string]*order{},
	}
}

// indexOrder files o in the open-orders index after a change of its status.
func (st *state) indexOrder(o *order) {
	if o.Status == orderOpen {
		st.open[o.ID] = o
	} else {
		delete(st.open, o.ID)
	}
}

func (st *state) fill() {
	if st.Users == nil {
		st.Users = map[string]*user{}
	}
	if st.Refresh == nil {
		st.Refresh = map[string]*refreshGrant{}
	}
	if st.Orders == nil {
		st.Orders = map[string]*order{}
	}
	if st.ESIMs == nil {
		st.ESIMs = map[string]*esim{}
	}
	if st.Idem == nil {
		st.Idem = map[string]string{}
	}
	st.open = map[string]*order{}
	for _, o := range st.Orders {
		if o != nil {
			st.indexOrder(o)
		}
	}
}
