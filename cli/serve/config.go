package serve

// GuestConfig is the guest account and client credential the web app uses (spec section 6:
// a fixed basic client credential in the shop).
type GuestConfig struct {
	Username     string `json:"username"`
	Password     string `json:"password"`
	ClientID     string `json:"clientId"`
	ClientSecret string `json:"clientSecret"`
}

// PageScript is a script the shop injects on one route (spec section 3).
type PageScript struct {
	Path   string `json:"path"`
	Target string `json:"target"` // head | body
}

// SiteConfig overrides the link-preview and search metadata of the served index.html
// (title, description, keywords, image) and gives its public origin (og:url). Empty
// fields keep the build's static defaults (webapp/index.html).
type SiteConfig struct {
	Title       string `json:"title"`
	Description string `json:"description"`
	Keywords    string `json:"keywords"`
	URL         string `json:"url"`
	Image       string `json:"image"`
}

// RuntimeConfig is GET /config.json (docs/contract.md "Runtime configuration").
type RuntimeConfig struct {
	Brand          string                  `json:"brand"`
	APIBase        string                  `json:"apiBase"`
	SupportBase    string                  `json:"supportBase"`
	ESIMCheckBase  string                  `json:"esimCheckBase"`
	LogPushURL     string                  `json:"logPushUrl"`
	LogPushEnabled bool                    `json:"logPushEnabled"`
	SupportPhone   string                  `json:"supportPhone"`
	SupportEmail   string                  `json:"supportEmail"`
	LiveChatURL    string                  `json:"liveChatUrl"`
	WhatsApp       string                  `json:"whatsapp"` // digits, international form; empty hides the WhatsApp buttons
	CaptchaSiteKey string                  `json:"captchaSiteKey"`
	TagManagerID   string                  `json:"tagManagerId"`
	FlagBaseURL    string                  `json:"flagBaseUrl"`
	Guest          GuestConfig             `json:"guest"`
	CheckoutHosts  []string                `json:"checkoutHosts"`
	PageScripts    map[string][]PageScript `json:"pageScripts"`
	Sandbox        bool                    `json:"sandbox"`
	Site           SiteConfig              `json:"site"`
}
