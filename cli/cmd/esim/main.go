// Command esim is the CedarSIM shop's command-line client.
package main

import (
	"context"
	"os"
	"os/signal"

	"github.com/cedarsim/esim/cli/factory"
	"github.com/cedarsim/esim/cli/root"
	"github.com/cedarsim/esim/cli/version"
)

// version is set with -ldflags "-X main.buildVersion=v1.2.3"; otherwise it comes from the
// module's build information.
var buildVersion = ""

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	v := buildVersion
	if v == "" {
		v = version.FromBuildInfo()
	}
	code := root.Main(ctx, factory.New(v), os.Args[1:])
	stop()
	os.Exit(code)
}
