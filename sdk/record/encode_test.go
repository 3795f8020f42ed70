package record

import (
	"bytes"
	"testing"

	"github.com/cedarsim/esim/contract/har"
)

// TestEncodeFileIsMarshal: the writer's incremental encoding is byte for byte what
// har.Marshal writes (so a recording reads like a committed fixture), however many times
// entries are added.
func TestEncodeFileIsMarshal(t *testing.T) {
	e := har.Entry{Call: "c", Service: "api", Request: har.Request{Method: "POST", URL: "https://api.provider.test/api/v1/x?a=<1>&b=2",
		Headers: []har.NV{{Name: "Accept", Value: "*/*"}}, QueryString: []har.NV{}, PostData: &har.PostData{MimeType: "application/json", Text: `{"a":"<b>&"}`}},
		Response: har.Response{Status: 200, Headers: []har.NV{}, Content: har.Content{MimeType: "application/json", Text: "{\"é\":\"\u2028\"}"}}}
	sf := &storedFile{f: &har.File{Log: har.Log{Version: "1.2", Creator: har.Creator{Name: "esim record", Version: "1"}, Call: "c", Scenario: "s", Description: "d"}}}
	for n := 1; n <= 3; n++ {
		sf.f.Log.Entries = append(sf.f.Log.Entries, e)
		got, err := encodeFile(sf)
		if err != nil {
			t.Fatal(err)
		}
		want, err := har.Marshal(sf.f)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("%d entries:\n%s\nwant\n%s", n, got, want)
		}
	}
}
