package toolkit

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/toolkit-sdk/toolkit/internal/interleave"
	"github.com/toolkit-sdk/toolkit/internal/suggest"
	"github.com/toolkit-sdk/toolkit/internal/textcut"
)

// budgetRegistry holds capabilities at the bounds of what a Registry
// accepts, whose answers take the most room: 64-byte names, categories of
// 64 bytes, descriptions of control characters (six bytes each in JSON),
// CJK and four-byte runes, in 150 categories.
func budgetRegistry(t testing.TB, budget int) *Registry {
	reg := NewRegistry(&Options{MaxDiscoveryBytes: budget, Logger: discardLogger()})
	handler := func(context.Context, *Call) (Result, error) { return Result{}, nil }
	descs := []string{
		strings.Repeat("\x01\x02\"\\", 1024),
		strings.Repeat("工单删除", 300),
		strings.Repeat("😀", 1000),
		"Create an order. " + strings.Repeat("order ", 600),
	}
	for i := range 600 {
		name := fmt.Sprintf("c%03d_", i) + strings.Repeat("x", 59)
		cat := fmt.Sprintf("cat%03d", i%150) + strings.Repeat("y", 58)
		if err := reg.Add(&Capability{Name: name, Category: cat, Description: descs[i%len(descs)], Handler: handler,
			Params: []Param{{Name: "p", Type: TypeString, Description: descs[(i+1)%len(descs)]}}}); err != nil {
			t.Fatal(err)
		}
	}
	return reg
}

// FuzzQueryCapabilitiesBudget: whatever the model sends, no answer of
// query_capabilities exceeds MaxDiscoveryBytes (the default, and 2,000
// bytes), and every answer is valid JSON.
func FuzzQueryCapabilitiesBudget(f *testing.F) {
	regs := map[int]*Registry{DefaultMaxDiscoveryBytes: budgetRegistry(f, 0), 2000: budgetRegistry(f, 2000)}
	regs[DefaultMaxDiscoveryBytes].exec.opts.MaxDiscoveryBytes = 0
	for _, s := range []struct{ keyword, category, cursor string }{
		{"", "", ""}, {"order", "", ""}, {"order", "", "3"}, {"", "cat001" + strings.Repeat("y", 58), ""},
		{strings.Repeat("\x01", 20000), "", ""}, {"", strings.Repeat("\x02", 5000), ""}, {"", "cat", ""},
		{strings.Repeat("工单", 9000), strings.Repeat("\"", 300), "1"}, {"", "", "599"}, {"x", "nope", "0"},
	} {
		f.Add(s.keyword, s.category, s.cursor)
	}
	f.Fuzz(func(t *testing.T, keyword, category, cursor string) {
		args := map[string]string{}
		for k, v := range map[string]string{"keyword": keyword, "category": category, "cursor": cursor} {
			if v != "" {
				args[k] = v
			}
		}
		raw, _ := json.Marshal(args)
		for budget, reg := range regs {
			res, err := reg.Call(context.Background(), ToolQueryCapabilities, raw)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Text) > budget {
				t.Fatalf("budget %d: %s: answer of %d bytes: %.300s", budget, textcut.Cut(string(raw), 200), len(res.Text), res.Text)
			}
			if !res.IsError && (!json.Valid([]byte(res.Text)) || !utf8.ValidString(res.Text)) {
				t.Fatalf("budget %d: %s: not valid JSON: %.300s", budget, textcut.Cut(string(raw), 200), res.Text)
			}
		}
	})
}

// TestLongKeywordAnswer: a pasted 18 KB base64 image as the keyword is
// echoed and searched only in part (search.MaxQueryBytes), so the answer
// keeps its budget and says so.
func TestLongKeywordAnswer(t *testing.T) {
	reg := budgetRegistry(t, 0)
	keyword := strings.Repeat("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk", 300)
	raw, _ := json.Marshal(map[string]string{"keyword": keyword})
	res, err := reg.Call(context.Background(), ToolQueryCapabilities, raw)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Keyword    string `json:"keyword"`
		KeywordCut string `json:"keyword_cut"`
	}
	if err := json.Unmarshal([]byte(res.Text), &got); err != nil {
		t.Fatalf("%v: %.300s", err, res.Text)
	}
	if len(res.Text) > DefaultMaxDiscoveryBytes || len(got.Keyword) > 300 || !strings.Contains(got.KeywordCut, "18,000 bytes") {
		t.Errorf("answer of %d bytes, keyword of %d, keyword_cut %q", len(res.Text), len(got.Keyword), got.KeywordCut)
	}
}

// TestCategoryBound: a capability's category is at most 64 bytes, as
// answers list and echo it.
func TestCategoryBound(t *testing.T) {
	handler := func(context.Context, *Call) (Result, error) { return Result{}, nil }
	reg := NewRegistry(nil)
	if err := reg.Add(&Capability{Name: "a", Category: strings.Repeat("c", 64), Handler: handler}); err != nil {
		t.Fatal(err)
	}
	err := reg.Add(&Capability{Name: "b", Category: strings.Repeat("c", 65), Handler: handler})
	if want := `capability "b": category: 65 bytes; at most 64 are allowed`; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("err = %v, want %s", err, want)
	}
}

// unknownCapabilityLinear is unknownCapability comparing the name with
// every capability's, as it did at any size: the baseline.
func (r *Registry) unknownCapabilityLinear(name string) string {
	entries := r.entries()
	names := make([]string, len(entries))
	for i, e := range entries {
		names[i] = e.cap.Name
	}
	msg := "unknown capability " + textcut.Quote(name)
	if hint := suggest.DidYouMean(name, names); hint != "" {
		return msg + hint
	}
	return msg + "; call query_capabilities to list the capabilities"
}

// misspell returns typos of name: a letter dropped, two swapped, one
// doubled, one replaced.
func misspell(name string, i int) string {
	k := 1 + i%(len(name)-2)
	switch i % 4 {
	case 0:
		return name[:k] + name[k+1:]
	case 1:
		return name[:k] + name[k+1:k+2] + name[k:k+1] + name[k+2:]
	case 2:
		return name[:k] + name[k:k+1] + name[k:]
	}
	return name[:k] + "q" + name[k+1:]
}

// TestDidYouMeanIndexed: over 10,000 capabilities, the hint for a
// misspelt name found through the index names the capability meant as
// the linear scan over every name does, for nearly every typo.
func TestDidYouMeanIndexed(t *testing.T) {
	reg, names := wordRegistry(t)
	same, found, foundLinear, n := 0, 0, 0, 0
	for i := 0; i < len(names); i += 97 {
		name := names[i]
		typo := misspell(name, i)
		if _, ok := reg.get(typo); ok {
			continue
		}
		n++
		got, want := reg.unknownCapability(typo), reg.unknownCapabilityLinear(typo)
		if got == want {
			same++
		}
		if strings.Contains(got, `"`+name+`"`) {
			found++
		} else {
			t.Logf("%s for %s: %s", typo, name, got)
		}
		if strings.Contains(want, `"`+name+`"`) {
			foundLinear++
		}
	}
	t.Logf("%d typos: the name meant is named %d times through the index, %d by the linear scan; %d hints identical", n, found, foundLinear, same)
	if found < foundLinear*97/100 {
		t.Errorf("through the index %d of %d typos find their name; the linear scan %d", found, n, foundLinear)
	}
}

// BenchmarkUnknownCapability times the hint for a misspelt name over
// 10,000 capabilities through the index beside the linear scan, in
// alternating rounds ("ratio" is index/linear).
func BenchmarkUnknownCapability(b *testing.B) {
	reg, names := wordRegistry(b)
	typo := misspell(names[4321], 4321)
	interleave.Run(b, 5, interleave.Wall,
		func() { reg.unknownCapability(typo) },
		func() { reg.unknownCapabilityLinear(typo) })
}

// wordRegistry holds 10,000 capabilities named as real ones are, of
// words: service_verb_noun.
func wordRegistry(t testing.TB) (*Registry, []string) {
	services := strings.Fields("zendesk hubspot asana trello notion shopify twilio sendgrid gitlab bitbucket " +
		"pagerduty datadog salesforce intercom dropbox boxcloud zoom calendly airtable linear " +
		"monday clickup freshdesk mailchimp quickbooks xero okta auth0 cloudflare vercel " +
		"netlify sentry segment mixpanel amplitude docusign figma miro webex confluence")
	verbs := strings.Fields("create get list update delete search archive restore export import " +
		"assign close merge send cancel approve reject share publish count sync move copy lock unlock")
	nouns := strings.Fields("ticket contact invoice webhook project user comment file report subscription")
	reg := NewRegistry(&Options{Logger: discardLogger()})
	handler := func(context.Context, *Call) (Result, error) { return Result{}, nil }
	var caps []*Capability
	var names []string
	for _, s := range services {
		for _, v := range verbs {
			for _, n := range nouns {
				name := s + "_" + v + "_" + n
				names = append(names, name)
				caps = append(caps, &Capability{Name: name, Category: s, Description: "Does " + v + " a " + n + " in " + s + ".", Handler: handler})
			}
		}
	}
	if err := reg.Add(caps...); err != nil {
		t.Fatal(err)
	}
	return reg, names
}
