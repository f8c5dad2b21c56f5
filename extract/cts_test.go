package extract

import (
	"encoding/json"
	"errors"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// ctsExpectedFailures are the cases of the JSONPath Compliance Test Suite
// that extract answers differently on purpose, with the reason.
var ctsExpectedFailures = map[string]string{
	// An extract expression is a JSONPath query only when it starts with
	// "$"; " $" is a simple path whose key is " $" (paths take keys with
	// any character but '.', '[' and ']').
	"basic, no leading whitespace": `" $" does not start with "$": it is a simple path, not a JSONPath query`,
}

type ctsCase struct {
	Name     string              `json:"name"`
	Selector string              `json:"selector"`
	Document json.RawMessage     `json:"document"`
	Result   []json.RawMessage   `json:"result"`
	Results  [][]json.RawMessage `json:"results"`
	Invalid  bool                `json:"invalid_selector"`
}

// TestComplianceSuite runs cts.json of jsonpath-standard's compliance test
// suite (see testdata/third_party/jsonpath-compliance-test-suite): every
// case passes but the ones listed in ctsExpectedFailures, which must fail.
func TestComplianceSuite(t *testing.T) {
	raw, err := os.ReadFile("testdata/third_party/jsonpath-compliance-test-suite/cts.json")
	if err != nil {
		t.Fatal(err)
	}
	var suite struct {
		Tests []ctsCase `json:"tests"`
	}
	if err := json.Unmarshal(raw, &suite); err != nil {
		t.Fatal(err)
	}
	if len(suite.Tests) != 703 {
		t.Fatalf("%d cases, want 703", len(suite.Tests))
	}
	passed, seen := 0, map[string]bool{}
	for _, c := range suite.Tests {
		why := ctsCheck(c)
		reason, expected := ctsExpectedFailures[c.Name]
		seen[c.Name] = true
		switch {
		case why == "" && expected:
			t.Errorf("%s (%q): passes, but is listed as an expected failure (%s)", c.Name, c.Selector, reason)
		case why == "":
			passed++
		case !expected:
			t.Errorf("%s (%q): %s", c.Name, c.Selector, why)
		}
	}
	for name := range ctsExpectedFailures {
		if !seen[name] {
			t.Errorf("expected failure %q is not a case of the suite", name)
		}
	}
	t.Logf("JSONPath Compliance Test Suite: %d of %d pass", passed, len(suite.Tests))
}

// ctsCheck runs one case and says what is wrong, or "".
func ctsCheck(c ctsCase) (why string) {
	e, err := Compile(c.Selector)
	if c.Invalid {
		if err == nil {
			return "compiles, but the selector is invalid"
		}
		return ""
	}
	if err != nil {
		return "does not compile: " + err.Error()
	}
	if e.q == nil {
		return "is not a JSONPath query"
	}
	doc := NewDoc(c.Document, nil)
	r, nodes, err := e.queryNodes(doc)
	if err != nil {
		return "fails: " + err.Error()
	}
	got := make([]any, 0, len(nodes))
	for _, n := range nodes {
		got = append(got, ctsDecode(string(r.appendNode(nil, n.i))))
	}
	wants := c.Results
	if c.Result != nil {
		wants = [][]json.RawMessage{c.Result}
	}
	var diff string
	for _, w := range wants {
		want := make([]any, 0, len(w))
		for _, x := range w {
			want = append(want, ctsDecode(string(x)))
		}
		if diff = cmp.Diff(want, got); diff == "" {
			break
		}
	}
	if diff != "" {
		return "nodes differ (-want +got)\n" + diff
	}
	// Eval agrees: none is ErrNotFound, one node its value (ErrNotFound
	// for null), several a JSON array of them.
	v, err := e.Eval(doc)
	switch {
	case len(nodes) == 0 || (len(nodes) == 1 && got[0] == nil):
		if !errors.Is(err, ErrNotFound) {
			return "Eval of no value: " + v.Text
		}
	case err != nil:
		return "Eval: " + err.Error()
	case len(nodes) == 1 && v.Kind == String:
		if v.Text != got[0] {
			return "Eval of one string: " + v.Text
		}
	case len(nodes) == 1:
		if d := cmp.Diff(got[0], ctsDecode(v.Text)); d != "" {
			return "Eval of one node:\n" + d
		}
	default:
		if d := cmp.Diff(any(got), ctsDecode(v.Text)); d != "" || v.Kind != Array {
			return "Eval of several nodes:\n" + d
		}
	}
	return ""
}

func ctsDecode(s string) any {
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		return "undecodable: " + s
	}
	return v
}
