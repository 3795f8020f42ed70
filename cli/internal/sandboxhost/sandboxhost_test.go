package sandboxhost

import (
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
	f = Flags{Accelerate: 60, RejectCaptcha: true, Faults: []string{"path=x,status=500"}}
	o, err := f.Options(nil)
	if err != nil || len(o.Faults) != 1 || o.CaptchaValid("anything") {
		t.Fatalf("%+v %v", o, err)
	}
}
