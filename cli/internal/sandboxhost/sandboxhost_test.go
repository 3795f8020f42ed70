package sandboxhost

import (
	"net"
	"os"
	"path/filepath"
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
		// A status the sandbox would ignore is refused, not started without the fault.
		{spec: "path=x,status=200,latency=3s", wantErr: "fault status 200 must be 400..599"},
		{spec: "path=x,latency=2m", wantErr: "latencyMs must be 0..60000"},
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
		Agents: []string{"a@x.example", "b@x.example"}, AdminToken: "tok"}
	f.Front.TrustProxy = "127.0.0.1/32"
	o, err := f.Options(nil)
	if err != nil || len(o.Faults) != 1 || o.CaptchaValid("anything") || len(o.Agents) != 2 || o.AdminToken != "tok" || o.Proxies.String() != "127.0.0.1/32" {
		t.Fatalf("%+v %v", o, err)
	}
}

func TestFlagsOptionsRefuseABadTrustedProxy(t *testing.T) {
	f := Flags{Accelerate: 1}
	f.Front.TrustProxy = "true"
	if _, err := f.Options(nil); err == nil || !strings.Contains(err.Error(), "--trust-proxy") {
		t.Fatalf("err %v", err)
	}
}

func TestWarnAdmin(t *testing.T) {
	for _, tc := range []struct {
		addr    string
		token   bool
		want    []string
		wantNot []string
	}{
		{"127.0.0.1:8080", true, nil, []string{"Warning"}},
		{"127.0.0.1:8080", false, []string{"without an admin token", "ESIM_SANDBOX_ADMIN_TOKEN"}, []string{"beyond this machine"}},
		{"[::1]:8080", false, []string{"without an admin token"}, []string{"beyond this machine"}},
		{"0.0.0.0:8080", false, []string{"beyond this machine", "without an admin token"}, nil},
		{"[::]:8080", true, []string{"beyond this machine"}, []string{"without an admin token"}},
		{"192.0.2.10:8080", false, []string{"beyond this machine", "without an admin token"}, nil},
	} {
		t.Run(tc.addr, func(t *testing.T) {
			addr, err := net.ResolveTCPAddr("tcp", tc.addr)
			if err != nil {
				t.Fatal(err)
			}
			var b strings.Builder
			WarnAdmin(&b, addr, tc.token)
			for _, w := range tc.want {
				if !strings.Contains(b.String(), w) {
					t.Errorf("warning %q lacks %q", b.String(), w)
				}
			}
			for _, w := range tc.wantNot {
				if strings.Contains(b.String(), w) {
					t.Errorf("warning %q has %q", b.String(), w)
				}
			}
		})
	}
}

func TestResolveAdminToken(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good, empty := write("token", "s3cret-token\n"), write("empty", "\n")
	env := func(k string) string { return map[string]string{"ESIM_SANDBOX_ADMIN_TOKEN": "from-env"}[k] }
	tests := []struct {
		name       string
		flag, file string
		getenv     func(string) string
		want       string
		wantErr    string
	}{
		{name: "flag", flag: "from-flag", getenv: env, want: "from-flag"},
		{name: "file", file: good, getenv: env, want: "s3cret-token"},
		{name: "environment", getenv: env, want: "from-env"},
		{name: "none", want: ""},
		{name: "flag and file", flag: "x", file: good, wantErr: "not both"},
		{name: "missing file", file: filepath.Join(dir, "nope"), wantErr: "--sandbox-admin-token-file"},
		{name: "empty file", file: empty, wantErr: "holds no token"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := Flags{AdminToken: tt.flag, AdminTokenFile: tt.file}
			err := f.ResolveAdminToken(tt.getenv)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || f.AdminToken != tt.want {
				t.Fatalf("token %q %v, want %q", f.AdminToken, err, tt.want)
			}
		})
	}
}
