package sandboxhost

import (
	"net"
	"strings"
	"testing"

	sb "github.com/cedarsim/esim/sdk/sandbox"
)

func TestParseFault(t *testing.T) {
	tests := []struct {
		spec    string
		want    sb.Fault
		wantErr string
	}{
		{spec: "path=catalog/countries,status=500,count=2", want: sb.Fault{Path: "catalog/countries", Status: 500, Count: 2}},
		{spec: "path=connect/token,latency=1.5s", want: sb.Fault{Path: "connect/token", LatencyMs: 1500}},
		{spec: "path=orders,drop,method=post", want: sb.Fault{Path: "orders", Drop: true, Method: "POST"}},
		{spec: "path=x,status=503,detail=Down for maintenance", want: sb.Fault{Path: "x", Status: 503, Detail: "Down for maintenance"}},
		{spec: "status=500", wantErr: "path is required"},
		{spec: "path=x", wantErr: "give a status"},
		{spec: "path=x,status=abc", wantErr: "status"},
		{spec: "path=x,colour=red", wantErr: "unknown key"},
		{spec: "path=x,latency=soon", wantErr: "latency"},
	}
	for _, tt := range tests {
		t.Run(tt.spec, func(t *testing.T) {
			got, err := ParseFault(tt.spec)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("got %+v %v, want %+v", got, err, tt.want)
			}
		})
	}
}

func TestFlagsOptions(t *testing.T) {
	f := Flags{Accelerate: 0.5}
	if _, err := f.Options(nil); err == nil {
		t.Fatal("accelerate < 1 accepted")
	}
	f = Flags{Accelerate: 1, Faults: []string{"path=x"}}
	if _, err := f.Options(nil); err == nil {
		t.Fatal("bad fault accepted")
	}
	f = Flags{Accelerate: 60, RejectCaptcha: true, Faults: []string{"path=x,status=500"},
		Agents: []string{"a@x.example", "b@x.example"}, AdminToken: "tok", TrustProxy: true}
	o, err := f.Options(nil)
	if err != nil || len(o.Faults) != 1 || o.CaptchaValid("anything") || len(o.Agents) != 2 || o.AdminToken != "tok" || !o.TrustProxy {
		t.Fatalf("%+v %v", o, err)
	}
}

func TestWarnIfExposed(t *testing.T) {
	for _, tc := range []struct {
		addr  string
		token bool
		want  string
	}{
		{"127.0.0.1:8080", false, ""},
		{"[::1]:8080", false, ""},
		{"0.0.0.0:8080", false, "loopback clients only"},
		{"[::]:8080", true, "need the admin token"},
		{"192.0.2.10:8080", false, "beyond this machine"},
	} {
		t.Run(tc.addr, func(t *testing.T) {
			addr, err := net.ResolveTCPAddr("tcp", tc.addr)
			if err != nil {
				t.Fatal(err)
			}
			var b strings.Builder
			WarnIfExposed(&b, addr, tc.token)
			if tc.want == "" && b.Len() > 0 || !strings.Contains(b.String(), tc.want) {
				t.Fatalf("warning %q, want %q", b.String(), tc.want)
			}
		})
	}
}
