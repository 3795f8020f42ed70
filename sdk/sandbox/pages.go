package sandbox

import (
	"html/template"
	"net/http"
	"net/url"
	"strings"
)

// pageStyle meets the shop's accessibility bar: a 3 px focus ring (orange, 5:1 on white),
// nothing wider than a 320 px screen (long words wrap, wide tables scroll in their own box).
const pageStyle = `<style>body{font-family:system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#1d2433;overflow-wrap:break-word}
:focus-visible{outline:3px solid #c2410c;outline-offset:2px}a{color:#0b5d4b}main{display:block}
.scroll{overflow-x:auto}input{max-width:100%;box-sizing:border-box}pre{overflow-wrap:anywhere}
h1{font-size:1.5rem}.msg{border:1px solid #d0d6e0;border-radius:8px;padding:1rem;margin:1rem 0}
.code{font-size:2rem;font-weight:700;letter-spacing:.3rem}.meta{color:#5b6475;font-size:.9rem}
pre{white-space:pre-wrap}label{display:block;margin:.5rem 0 .25rem}input{font-size:1.1rem;padding:.4rem;width:16rem}
button{font-size:1.1rem;padding:.5rem 1.5rem;margin-top:1rem}.error{color:#b3261e}table{border-collapse:collapse}td,th{padding:.25rem .75rem;text-align:left}</style>`

// pages holds the parsed HTML templates; html/template escapes everything the sandbox
// received from clients (names, messages, log lines).
type pages struct {
	index, mailbox, logs, audit, checkout *template.Template
}

func parsePages() pages {
	mk := func(name, body string) *template.Template {
		return template.Must(template.New(name).Parse(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>{{.Title}}</title>` + pageStyle + `</head><body><main>` + body + `</main></body></html>`))
	}
	return pages{
		index: mk("index", `<h1>{{.Title}}</h1><p>The provider emulator. Bases:</p><ul>
<li>API: <code>{{.Origin}}/api/v1/</code></li><li>Support: <code>{{.Origin}}/esim-service/api/v1/</code></li>
<li>eSIM check: <code>{{.Origin}}/esim-check/api/v1/</code></li><li>Log push: <code>{{.Origin}}/loki/api/v1/push</code></li></ul>
<p><a href="/sandbox/mailbox">Mailbox</a> (e-mail codes) · <a href="/sandbox/logs">Logs</a> · <a href="/sandbox/audit">Audit log</a> · <a href="/sandbox/faults">Faults</a></p>`),
		mailbox: mk("mailbox", `<h1>{{.Title}}</h1><p class="meta">Every e-mail the provider would have sent, newest first. JSON: <a href="/sandbox/mailbox.json">/sandbox/mailbox.json</a></p>
{{range .Mails}}<div class="msg"><div class="meta">To {{.To}} · {{.SentAt.Format "2006-01-02 15:04:05 UTC"}}</div><h2>{{.Subject}}</h2>
{{if .Code}}<p class="code" data-code="{{.Code}}">{{.Code}}</p>{{end}}<pre>{{.Text}}</pre>
{{if .QRPNG}}<img alt="eSIM QR code" width="200" height="200" src="data:image/png;base64,{{.QRPNG}}">{{end}}</div>
{{else}}<p>No mail yet.</p>{{end}}`),
		logs: mk("logs", `<h1>{{.Title}}</h1><p class="meta">Lines received on /loki/api/v1/push, newest first. JSON: <a href="/sandbox/logs.json">/sandbox/logs.json</a></p>
<div class="scroll"><table><tr><th>time</th><th>labels</th><th>message</th></tr>{{range .Lines}}<tr><td>{{.Time.Format "2006-01-02 15:04:05"}}</td><td>{{range $k, $v := .Labels}}{{$k}}={{$v}} {{end}}</td><td>{{.Message}}</td></tr>{{else}}<tr><td colspan="3">No log lines yet.</td></tr>{{end}}</table></div>`),
		audit: mk("audit", `<h1>{{.Title}}</h1><p class="meta">Every read of customer data by a support agent, newest first. JSON: <a href="/sandbox/audit.json">/sandbox/audit.json</a></p>
<div class="scroll"><table><tr><th>time</th><th>agent</th><th>call</th><th>target</th><th>customer</th><th>reads</th></tr>{{range .Entries}}<tr><td>{{.Time.Format "2006-01-02 15:04:05"}}</td><td>{{.AgentEmail}}</td><td>{{.Call}}</td><td>{{if .Target}}{{.Target}}{{else}}(found nothing){{end}}</td><td>{{.Owner}}</td><td>{{if .Count}}{{.Count}}{{else}}1{{end}}</td></tr>{{else}}<tr><td colspan="6">No agent reads yet.</td></tr>{{end}}</table></div>`),
		checkout: mk("checkout", `<h1>{{.Title}}</h1>{{if .Error}}<p class="error" role="alert" id="checkout-error">{{.Error}}</p>{{end}}
{{if .Plan}}<dl><dt>Plan</dt><dd id="plan">{{.Plan}}</dd><dt>Total</dt><dd id="total">{{.Total}}</dd></dl>
{{if .Payable}}<form method="post" action="/sandbox/checkout/{{.OrderID}}"><label for="cardNumber">Card number</label>
<input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" required aria-describedby="{{if .Error}}checkout-error {{end}}card-hint"{{if .Error}} aria-invalid="true"{{end}}>
<p class="meta" id="card-hint">Test cards: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined.</p><button type="submit">Pay</button></form>{{end}}{{end}}`),
	}
}

func renderHTML(w http.ResponseWriter, t *template.Template, status int, v any) {
	renderHTMLFormTo(w, t, status, v, "")
}

// renderHTMLFormTo renders a page whose form may also lead (through the 303 after paying)
// to formOrigin: CSP form-action covers redirects too.
func renderHTMLFormTo(w http.ResponseWriter, t *template.Template, status int, v any, formOrigin string) {
	formAction := "'self'"
	if formOrigin != "" {
		formAction += " " + formOrigin
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action "+formAction+"; frame-ancestors 'none'")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	_ = t.Execute(w, v)
}

// shopOrigin returns scheme://host of the configured shop, or "" (same origin, or invalid).
func shopOrigin(shop string) string {
	u, err := url.Parse(shop)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || strings.ContainsAny(u.Host, " ;'") {
		return ""
	}
	return u.Scheme + "://" + u.Host
}
