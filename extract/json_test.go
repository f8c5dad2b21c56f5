package extract

import (
	"bytes"
	"encoding/json"
	"testing"
)

var jsonSeeds = []string{
	`{}`, `[]`, `0`, `-0`, `1.5e+3`, `"x"`, `true`, `false`, `null`, ` {"a" : [1, {"b": null}] } `,
	`{"a":1,}`, `[1,]`, `[1 2]`, `{"a" 1}`, `{a:1}`, `01`, `1.`, `.5`, `1e`, `-`, `+1`, `"\x"`, `"\u12"`,
	"\"a\tb\"", `"\ud83d\ude00"`, `"\ud83d"`, `"\udc00\ud83d"`, "\"\xff\xfe\"", `[[[]]]`, `[`, `]`, `{"a":}`,
	`nul`, `truex`, `"abc`, `[1]x`, "\xef\xbb\xbf[1]", `{"a":1}{"b":2}`, `{"\u0061":1}`, `1E+2`, `[-]`,
	`[ [ [ ] ] , { } , { "a" : { "b" : [ ] } } ] `, `{"a":{"b":{"c":1}} }`, `[[1,[2,[3]]],[[]]]`, `{"k\"y":{"\\":[ ]}}`,
}

// TestScanJSONMatchesEncodingJSON: the indexer accepts exactly what
// encoding/json accepts (plus a leading BOM).
func TestScanJSONMatchesEncodingJSON(t *testing.T) {
	for _, s := range jsonSeeds {
		checkScan(t, []byte(s))
	}
}

func FuzzScanJSON(f *testing.F) {
	for _, s := range jsonSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) { checkScan(t, b) })
}

func checkScan(t *testing.T, b []byte) {
	t.Helper()
	tp, ok := scanJSON(b)
	want := json.Valid(bytes.TrimPrefix(b, []byte("\xef\xbb\xbf")))
	if ok != want {
		t.Fatalf("scanJSON(%q) ok=%v, json.Valid=%v", b, ok, want)
	}
	if !ok {
		return
	}
	// Compact output equals encoding/json's Compact; strings decode alike.
	var wantC bytes.Buffer
	if err := json.Compact(&wantC, bytes.TrimPrefix(b, []byte("\xef\xbb\xbf"))); err != nil {
		t.Fatal(err)
	}
	if got := tp.appendCompact(nil, 0); !bytes.Equal(got, wantC.Bytes()) && tp.kind(0).container() {
		t.Fatalf("compact(%q) = %q, want %q", b, got, wantC.Bytes())
	}
	for i := range uint32(len(tp.nodes)) {
		// Every node's text is one JSON value, and compacts as encoding/json does.
		text := tp.text(i)
		wantC.Reset()
		if err := json.Compact(&wantC, text); err != nil {
			t.Fatalf("node %d of %q: text %q: %v", i, b, text, err)
		}
		if got := tp.appendCompact(nil, i); !bytes.Equal(got, wantC.Bytes()) {
			t.Fatalf("node %d of %q: compact %q, want %q", i, b, got, wantC.Bytes())
		}
		if tp.kind(i) != nString {
			continue
		}
		var want string
		if err := json.Unmarshal(text, &want); err != nil {
			t.Fatal(err)
		}
		if got := tp.stringText(i); got != want {
			t.Fatalf("string %q decodes to %q, encoding/json says %q", text, got, want)
		}
	}
}

func TestFormatFloat(t *testing.T) {
	for f, want := range map[float64]string{0.5: "0.5", 1234567.89: "1234567.89", 1e21: "1e+21", 1e-7: "1e-07", -3: "-3", 0: "0"} {
		if got := formatFloat(f); got != want {
			t.Errorf("formatFloat(%v) = %q, want %q", f, got, want)
		}
	}
}
