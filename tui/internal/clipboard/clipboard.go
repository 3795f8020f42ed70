// Package clipboard copies text for the TUI's copy keys, two ways at once: to the system
// clipboard (atotto/clipboard: pbcopy, wl-copy, xclip or xsel, already linked through
// bubbles) and through the terminal with OSC 52, which reaches the clipboard of the
// machine in front of the user over SSH too. A terminal says nothing about OSC 52, so
// only the system copy is reported as certain.
package clipboard

import (
	"io"

	"github.com/atotto/clipboard"
	"github.com/aymanbagabas/go-osc52/v2"
)

// Copier copies text; system reports that the system clipboard took it (otherwise the
// text went only to the terminal, which may or may not pass it on).
type Copier func(text string) (system bool, err error)

// New copies to the system clipboard and writes OSC 52 to out (the TUI's terminal);
// getenv tells tmux and screen apart, which need the sequence wrapped.
func New(out io.Writer, getenv func(string) string) Copier {
	return func(text string) (bool, error) {
		seq := osc52.New(text)
		switch {
		case getenv("TMUX") != "":
			seq = seq.Tmux()
		case getenv("STY") != "":
			seq = seq.Screen()
		}
		_, oscErr := seq.WriteTo(out)
		if clipboard.WriteAll(text) == nil {
			return true, nil
		}
		return false, oscErr
	}
}
