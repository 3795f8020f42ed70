package sdk

import "context"

type callKey struct{}

// WithCall names the call a request belongs to (the fixture `_call`, e.g.
// "listCountries"). The SDK sets it on every request it makes, so a transport such as
// the HAR recorder (sdk/record) can name what it sees.
func WithCall(ctx context.Context, call string) context.Context {
	return context.WithValue(ctx, callKey{}, call)
}

// CallName returns the call name set by WithCall, or "".
func CallName(ctx context.Context) string {
	s, _ := ctx.Value(callKey{}).(string)
	return s
}
