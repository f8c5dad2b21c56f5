package search

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestTerms(t *testing.T) {
	for in, want := range map[string][]string{
		"createCustomer":       {"creat", "customer"},
		"jira_create-issue/v2": {"jira", "creat", "issu", "v2"},
		"HTTPServer statuses":  {"http", "server", "status"},
		"Creates a <b>new</b> customer &amp; [docs](https://x.io/a)": {"creat", "new", "customer", "doc"},
		"shipping bills added categories created":                    {"ship", "bill", "add", "category", "creat"},
		"创建工单":   {"创建", "建工", "工单", "创", "建", "工", "单"},
		"我想请三天假": {"想请", "请三", "三天", "天假", "三", "天", "假"},
		"page the on-call engineer, e-mail a follow-up": {"page", "oncall", "call", "engineer", "e", "email", "mail", "follow", "followup", "up"},
	} {
		if diff := cmp.Diff(want, Terms(in)); diff != "" {
			t.Errorf("Terms(%q) (-want +got):\n%s", in, diff)
		}
	}
}

// first is a Search's hits.
func first(hs []Hit, _ int) []Hit { return hs }

func ids(hs []Hit) []string {
	var out []string
	for _, h := range hs {
		out = append(out, h.ID)
	}
	return out
}

func testIndex() *Index {
	ix := New()
	ix.Add("stripe_create_customer", Field{Text: "stripe_create_customer", Weight: 3}, Field{Text: "Creates a new customer object.", Weight: 1})
	ix.Add("stripe_list_charges", Field{Text: "stripe_list_charges", Weight: 3}, Field{Text: "Returns a list of charges you've previously created.", Weight: 1})
	ix.Add("jira_create_issue", Field{Text: "jira_create_issue", Weight: 3}, Field{Text: "Create an issue in a Jira project.", Weight: 1})
	ix.Add("itsm_ticket", Field{Text: "itsm_ticket", Weight: 3}, Field{Text: "创建服务请求工单", Weight: 1})
	return ix
}

func TestSearch(t *testing.T) {
	ix := testIndex()
	for q, want := range map[string]string{
		"create customer":           "stripe_create_customer",
		"custmer":                   "stripe_create_customer",
		"customers zzzqqq":          "stripe_create_customer",
		"open a ticket in jira":     "jira_create_issue",
		"帮我新建一个工单":                  "itsm_ticket",
		"previously created charge": "stripe_list_charges",
	} {
		hs, _ := ix.Search(q, nil, 0)
		if len(hs) == 0 || hs[0].ID != want {
			t.Errorf("%q: got %v, want %s first", q, ids(hs), want)
		}
	}
	if hs, _ := ix.Search("zzzqqq", nil, 0); len(hs) != 0 {
		t.Errorf("nonsense matched %v", ids(hs))
	}
}

func TestAddRemove(t *testing.T) {
	ix := testIndex()
	ix.Remove("stripe_create_customer", "unknown")
	if hs, _ := ix.Search("customer", nil, 0); len(hs) != 0 {
		t.Errorf("removed doc found: %v", ids(hs))
	}
	ix.Add("jira_create_issue", Field{Text: "jira_create_issue", Weight: 3}, Field{Text: "Open a customer ticket.", Weight: 1})
	if got := ids(first(ix.Search("customer", nil, 0))); !cmp.Equal(got, []string{"jira_create_issue"}) {
		t.Errorf("replaced doc: %v", got)
	}
	if ix.Len() != 3 {
		t.Errorf("Len = %d", ix.Len())
	}
}

func TestConcurrent(t *testing.T) {
	ix := testIndex()
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range 200 {
				id := fmt.Sprintf("doc%d_%d", i, j)
				ix.Add(id, Field{Text: "customer " + id, Weight: 1})
				ix.Search("customer", nil, 0)
				if j%2 == 0 {
					ix.Remove(id)
				}
			}
		}()
	}
	wg.Wait()
	if n := len(first(ix.Search("customer", nil, 0))); n != 8*100+1 {
		t.Errorf("%d hits", n)
	}
}

func TestEditDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		d    int
	}{{"custmer", "customer", 1}, {"custoemr", "customer", 1}, {"", "ab", 2}, {"kitten", "sitting", 3}} {
		if got := editDistance(c.a, c.b); got != c.d {
			t.Errorf("%s/%s = %d", c.a, c.b, got)
		}
	}
}

func TestSelectTop(t *testing.T) {
	for n := range 60 {
		for _, k := range []int{0, 1, 3, n / 2, n - 1, n, n + 5} {
			hs := make([]scored, n)
			ids := make([]string, n)
			// Ids differing in their first four bytes, past them, and
			// shorter than four bytes (zero-padded prefixes).
			forms := []string{"d%03d", "%d", "doc_%02d", "d\x00%d"}
			for i := range hs {
				ids[i] = fmt.Sprintf(forms[i%len(forms)], (i*13)%60)
				hs[i] = scored{prefix: idPrefix(ids[i]), idx: int32(i), score: float64((i * 37) % 11)}
			}
			want := slices.Clone(hs)
			slices.SortFunc(want, better(ids))
			selectTop(hs, k, ids)
			m := min(max(k, 0), n)
			if k <= 0 {
				m = n
			}
			if diff := cmp.Diff(want[:m], hs[:m], cmp.AllowUnexported(scored{})); diff != "" {
				t.Fatalf("n=%d k=%d:\n%s", n, k, diff)
			}
		}
	}
}

func TestRemoveCompacts(t *testing.T) {
	ix := New()
	for i := range 5000 {
		ix.Add(fmt.Sprint(i), Field{Text: "common word " + fmt.Sprint(i), Weight: 1})
	}
	for i := range 4990 {
		ix.Remove(fmt.Sprint(i))
	}
	if got := len(first(ix.Search("common", nil, 0))); got != 10 {
		t.Errorf("%d hits, want 10", got)
	}
	if n := len(ix.postings["common"].items); n > 2000 {
		t.Errorf("%d postings kept for 10 documents", n)
	}
	for i := range 5 {
		ix.Add(fmt.Sprint(i), Field{Text: "common again", Weight: 1})
	}
	if got := len(first(ix.Search("common", nil, 0))); got != 15 {
		t.Errorf("%d hits after re-adding, want 15", got)
	}
}

func TestRelated(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"assign", "assignment", true}, {"creat", "creation", true}, {"invit", "invitation", true},
		{"subscrib", "subscription", true}, {"review", "reviewer", true}, {"week", "weekly", true},
		{"direct", "direction", true}, {"custom", "customer", true},
		{"genera", "general", false}, {"comment", "commit", false}, {"customer", "customize", false},
		{"user", "us", false}, {"pay", "payment", false}, {"convert", "conversation", false},
	} {
		if got := related(c.a, c.b); got != c.want {
			t.Errorf("related(%q, %q) = %v", c.a, c.b, got)
		}
	}
}

func TestQueryForms(t *testing.T) {
	ix := New()
	ix.Add("assign", Field{Text: "jira_assign_issue", Weight: 3}, Field{Text: "Set the assignee of an issue.", Weight: 1})
	ix.Add("subscription", Field{Text: "stripe_cancel_subscription", Weight: 3}, Field{Text: "Cancels a subscription.", Weight: 1})
	ix.Add("forecast", Field{Text: "weather_forecast", Weight: 3}, Field{Text: "Forecast for the next 7 days.", Weight: 1})
	ix.Add("comment", Field{Text: "jira_add_comment", Weight: 3}, Field{Text: "Add a comment to an issue.", Weight: 1})
	ix.Add("lookup", Field{Text: "dns_lookup", Weight: 3}, Field{Text: "Resolve a host name.", Weight: 1})
	ix.Add("pager", Field{Text: "pagerduty_trigger", Weight: 3}, Field{Text: "Page the on-call responder.", Weight: 1})
	ix.Add("calls", Field{Text: "zoom_list_calls", Weight: 3}, Field{Text: "List the calls of a user.", Weight: 1})
	for q, want := range map[string]string{
		"reassign the issue":            "assign", // a prefix dropped
		"issue assignment":              "assign", // a derivational suffix
		"unsubscribe":                   "subscription",
		"comment on issue 7":            "comment", // a number weighs little
		"look up example.com":           "lookup",  // adjacent words joined
		"who is on call":                "pager",   // and found as a hyphenated word
		"who is on-call":                "pager",
		"the days of the forecast":      "forecast",
		"PROJ-7 needs a comment, 7 7 7": "comment",
	} {
		if hs, _ := ix.Search(q, nil, 0); len(hs) == 0 || hs[0].ID != want {
			t.Errorf("%q: got %v, want %s first", q, ids(hs), want)
		}
	}
	if hs, _ := ix.Search("7", nil, 0); len(ids(hs)) != 1 || hs[0].ID != "forecast" {
		t.Errorf("a query of a number alone: %v", ids(hs))
	}
}

// TestExpansionsDoNotOutrank: a word's synonyms neither add up (an
// endpoint holding several synonyms of both words) nor count for more than
// the word (a synonym rarer than it), as on PagerDuty's description.
func TestExpansionsDoNotOutrank(t *testing.T) {
	ix := New()
	for i := range 20 {
		ix.Add(fmt.Sprintf("listIncident%d", i), Field{Text: fmt.Sprintf("getIncidentThing%d", i), Weight: 3}, Field{Text: "Read a thing of an incident.", Weight: 1})
	}
	ix.Add("createAddon", Field{Text: "createAddon", Weight: 3}, Field{Text: "Install an Add-on", Weight: 2},
		Field{Text: "Add-ons insert new functionality into a page, from a drop-down menu.", Weight: 1})
	ix.Add("createIncident", Field{Text: "createIncident", Weight: 3}, Field{Text: "Create an Incident", Weight: 2},
		Field{Text: "Create an incident synchronously, without an event from a monitoring service. An incident represents a problem that needs to be addressed and resolved.", Weight: 1})
	if hs, _ := ix.Search("create incident", nil, 0); len(hs) == 0 || hs[0].ID != "createIncident" {
		t.Errorf("got %v, want createIncident first", ids(hs))
	}
}

// TestAddDocsAsAddDoc: a batch, large enough to spread over the cores,
// with ids given twice and ids already indexed, leaves the index as
// adding its documents one by one does.
func TestAddDocsAsAddDoc(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	type entry struct {
		id  string
		doc Doc
	}
	var batch []entry
	for i := range 1500 {
		id := fmt.Sprintf("doc%04d", i%1400) // the last 100 replace earlier ones
		text := fmt.Sprintf("create customer %d invoice refund webhook%d", i, i%37)
		if i%3 == 0 {
			text += " 创建工单 archive exported files"
		}
		batch = append(batch, entry{id, Analyze(Field{Text: id, Weight: 3}, Field{Text: text, Weight: 1}, Field{Text: fmt.Sprintf("param%d", i%11), Weight: 0.5})})
	}
	seed := func() *Index {
		ix := New()
		for i := range 50 {
			ix.Add(fmt.Sprintf("doc%04d", i*30), Field{Text: "old document", Weight: 1}) // replaced by the batch
		}
		ix.Add("kept", Field{Text: "an unrelated customer", Weight: 1})
		return ix
	}
	one, all := seed(), seed()
	ids := make([]string, len(batch))
	docs := make([]Doc, len(batch))
	for i, e := range batch {
		one.AddDoc(e.id, e.doc)
		ids[i], docs[i] = e.id, e.doc
	}
	all.AddDocs(ids, docs)
	if len(ids)*5 < parallelPostings {
		t.Fatalf("the batch holds too few postings to spread")
	}
	if diff := cmp.Diff(dumpIndex(one), dumpIndex(all)); diff != "" {
		t.Errorf("(-one by one +batch):\n%s", diff)
	}
	for _, q := range []string{"customer", "custmer", "webhook7 refund", "工单", "export", "param3"} {
		a, na := one.Search(q, nil, 0)
		b, nb := all.Search(q, nil, 0)
		if diff := cmp.Diff(a, b); diff != "" || na != nb {
			t.Errorf("%q: %d and %d hits (-one by one +batch):\n%s", q, na, nb, diff)
		}
	}
}

// dumpIndex is what an Index holds that searches can see, in a form cmp
// compares: postings of removed documents, word lists' entries for words
// no longer indexed and which worker adds to a list are left out.
func dumpIndex(ix *Index) map[string]any {
	postings := map[string]any{}
	for t, p := range ix.postings {
		var live []string
		for _, it := range p.items {
			if d := ix.slots[it.slot]; d.live && d.gen == it.gen {
				live = append(live, fmt.Sprintf("%s@%d %v", d.id, it.slot, it.tf))
			}
		}
		postings[t] = fmt.Sprintf("%q live %d", live, p.live)
	}
	var slots []string
	for i, d := range ix.slots {
		if d.live {
			slots = append(slots, fmt.Sprintf("%d: %s %v pending %v terms %q", i, d.id, d.len, d.pending, d.terms))
		}
	}
	indexed := func(m map[string][]string) map[string][]string {
		out := map[string][]string{}
		for k, ws := range m {
			for _, w := range ws {
				if _, ok := ix.postings[w]; ok {
					out[k] = append(out[k], w)
				}
			}
		}
		return out
	}
	return map[string]any{"postings": postings, "slots": slots, "byID": fmt.Sprint(ix.byID),
		"deletes": indexed(ix.deletes), "families": indexed(ix.families),
		"counts": fmt.Sprint(ix.total-ix.stale, ix.totalLen, ix.n)}
}

// TestVocabulary: words of API vocabulary find the capability that says
// the same in other words, ahead of one sharing only an object word.
func TestVocabulary(t *testing.T) {
	ix := New()
	ix.Add("create_directory", Field{Text: "create_directory", Weight: 3}, Field{Text: "Create a new directory.", Weight: 1})
	ix.Add("list_directory", Field{Text: "list_directory", Weight: 3}, Field{Text: "List the entries of a directory.", Weight: 1})
	ix.Add("add_comment", Field{Text: "add_comment", Weight: 3}, Field{Text: "Add a comment to an issue.", Weight: 1})
	ix.Add("create_issue", Field{Text: "create_issue", Weight: 3}, Field{Text: "Open an issue in a project.", Weight: 1})
	ix.Add("star_repo", Field{Text: "star_repo", Weight: 3}, Field{Text: "Star a repository.", Weight: 1})
	ix.Add("send_dm", Field{Text: "send_dm", Weight: 3}, Field{Text: "Send a message to one user.", Weight: 1})
	ix.Add("signed_url", Field{Text: "signed_url", Weight: 3}, Field{Text: "A signed URL to download an object.", Weight: 1})
	for q, want := range map[string]string{
		"make a folder":             "create_directory",
		"write a note on the issue": "add_comment",
		"set up a repo":             "star_repo", // only star_repo holds repo
		"favorite this repository":  "star_repo",
		"private message":           "send_dm",
		"a link to the object":      "signed_url",
	} {
		hs, _ := ix.Search(q, nil, 0)
		if len(hs) == 0 || hs[0].ID != want {
			t.Errorf("Search(%q) = %v, want %s first", q, ids(hs), want)
		}
	}
}

// TestNameCoverage: of documents matching a query alike, the one whose
// name the query covers ranks first.
func TestNameCoverage(t *testing.T) {
	ix := New()
	ix.Add("jira_add_comment", Field{Text: "jira_add_comment", Weight: 3, Name: true}, Field{Text: "Add a comment to a Jira issue.", Weight: 1})
	ix.Add("jira_create_issue", Field{Text: "jira_create_issue", Weight: 3, Name: true}, Field{Text: "Create an issue in a Jira project, and add it to the board.", Weight: 1})
	hs, _ := ix.Search("add an issue in jira", nil, 0)
	if got := ids(hs); len(got) != 2 || got[0] != "jira_create_issue" {
		t.Errorf("Search = %v, want jira_create_issue first", got)
	}
	// Without Name fields, no document is boosted.
	ix.Add("jira_add_comment", Field{Text: "jira_add_comment", Weight: 3}, Field{Text: "Add a comment to a Jira issue.", Weight: 1})
	ix.Add("jira_create_issue", Field{Text: "jira_create_issue", Weight: 3}, Field{Text: "Create an issue in a Jira project, and add it to the board.", Weight: 1})
	if hs, _ := ix.Search("add an issue in jira", nil, 0); hs[0].ID != "jira_add_comment" {
		t.Errorf("without names: %v, want jira_add_comment first", ids(hs))
	}
}

func TestFileExtensions(t *testing.T) {
	for q, want := range map[string][]string{
		"save these notes to notes.txt":    {"txt"},
		"rename report.DOCX to final.docx": {"docx"},
		"stage src/main.go and README.md":  {"go", "md"},
		"visit example.com":                nil,
		"version 2.0 is out. go home":      nil,
		"e.g. a file":                      nil,
		"main.go_x":                        nil,
	} {
		if diff := cmp.Diff(want, fileExtensions(q)); diff != "" {
			t.Errorf("fileExtensions(%q) (-want +got):\n%s", q, diff)
		}
	}
	words, _ := parseQuery("open config.yaml", nil)
	if !slices.ContainsFunc(words, func(w queryWord) bool { return w.term == "file" && w.weight == fileNameWeight }) {
		t.Errorf("parseQuery: %v, want the word file", words)
	}
}

// TestPairs: a document holding a query's words side by side (Pairs)
// ranks above one holding them apart, and the pairs change neither its
// length nor its name's words.
func TestPairs(t *testing.T) {
	ix := New()
	ix.Add("apart", Field{Text: "request_access", Weight: 3, Name: true, Pairs: true}, Field{Text: "Request access to pull a repository's images.", Weight: 1, Pairs: true})
	ix.Add("adjacent", Field{Text: "open_review", Weight: 3, Name: true, Pairs: true}, Field{Text: "Open a pull request for review.", Weight: 1, Pairs: true})
	hs, _ := ix.Search("pull request", nil, 0)
	if got := ids(hs); !slices.Equal(got, []string{"adjacent", "apart"}) {
		t.Errorf("pull request: %v, want adjacent first", got)
	}
	d := Analyze(Field{Text: "open_review", Weight: 3, Name: true, Pairs: true}, Field{Text: "Open a pull request for review.", Weight: 1, Pairs: true})
	plain := Analyze(Field{Text: "open_review", Weight: 3, Name: true}, Field{Text: "Open a pull request for review.", Weight: 1})
	if d.length != plain.length || d.names != plain.names || !slices.Contains(d.terms, "pullrequest") || !slices.Contains(d.terms, "openreview") || slices.Contains(d.terms, "openpull") {
		t.Errorf("pairs: %v %v %d, without: %v %d", d.terms, d.length, d.names, plain.length, plain.names)
	}
	// A pair is no word: misspellings and families do not find it, unless
	// a document holds it as a word.
	if slices.Contains(ix.families["pull"], "pullrequest") || len(ix.fuzzy("pullrequst")) > 0 {
		t.Errorf("a pair is a word: %v %v", ix.families["pull"], ix.fuzzy("pullrequst"))
	}
	ix.Add("glued", Field{Text: "PULLREQUEST export", Weight: 1})
	if !slices.Contains(ix.families["pull"], "pullrequest") || !slices.Contains(ix.fuzzy("pullrequst"), "pullrequest") {
		t.Errorf("a word that was a pair is not a word: %v %v", ix.families["pull"], ix.fuzzy("pullrequst"))
	}
	var long []string // 200 distinct words
	for i := range 200 {
		long = append(long, "zz"+string(rune('a'+i/26%26))+string(rune('a'+i%26))+"q")
	}
	if d := Analyze(Field{Text: strings.Join(long, " "), Weight: 1, Pairs: true}); len(d.terms) != 200+maxPairs {
		t.Errorf("a long field: %d terms, want 200 words and %d pairs", len(d.terms), maxPairs)
	}
}

// TestLongQuery: a query of more than longQuery terms is reduced to its
// maxInformative rarest: the request within a long message is found,
// however much chatter is around it, and a short query keeps every word.
func TestLongQuery(t *testing.T) {
	ix := New()
	ix.Add("stripe_create_refund", Field{Text: "stripe_create_refund", Weight: 3, Name: true}, Field{Text: "Refund a charge.", Weight: 1})
	ix.Add("gcal_find_free_time", Field{Text: "gcal_find_free_time", Weight: 3, Name: true}, Field{Text: "Find a time when the team is free, this week or next.", Weight: 1})
	ix.Add("slack_post_message", Field{Text: "slack_post_message", Weight: 3, Name: true}, Field{Text: "Post a message to the team's channel.", Weight: 1})
	for i := range 20 {
		ix.Add(fmt.Sprintf("team_%d", i), Field{Text: fmt.Sprintf("team_update_%d", i), Weight: 3, Name: true}, Field{Text: "Message the team about this week: who is free, who has time, who is sorry.", Weight: 1})
	}
	chatter := "Hi, sorry for the long message, the team has been busy this week and I have had no free time at all. "
	q := chatter + "Please refund the duplicate charge. " + chatter
	hs, _ := ix.Search(q, nil, 3)
	if got := ids(hs); len(got) == 0 || got[0] != "stripe_create_refund" {
		t.Errorf("long message: %v, want stripe_create_refund first", got)
	}
	words, _ := parseQuery(q, ix.df)
	var kept []string
	for _, w := range words {
		if !w.compound {
			kept = append(kept, w.term)
		}
	}
	if len(kept) != maxInformative || !slices.Contains(kept, "refund") || slices.Contains(kept, "team") {
		t.Errorf("long message: %v looked up", kept)
	}
	// A short query is looked up whole, and in order.
	words, _ = parseQuery("sorry the team refund free time message week", ix.df)
	if len(words) < 7 || words[0].term != "sorry" || words[6].term != "week" {
		t.Errorf("short query: %v", words)
	}
}

// TestAppendQueryLong: a query is echoed to its first maxEchoBytes, and
// keyword_cut says when less than the query was searched.
func TestAppendQueryLong(t *testing.T) {
	for _, tt := range []struct {
		n   int
		cut string
	}{{200, ""}, {1000, ""}, {10000, `,"keyword_cut":"only the first 4,09`}} {
		q := strings.Repeat("refund ", tt.n/7+1)[:tt.n]
		b := AppendQuery(nil, q)
		var echo string
		end := strings.Index(string(b), `",`)
		if end < 0 {
			end = len(b) - 1
		}
		echo = string(b[len(`"keyword":"`):end])
		if len(echo) > maxEchoBytes+len("…") || !strings.Contains(string(b), tt.cut) || tt.cut != "" && !strings.Contains(string(b), "of the keyword's 10,000 bytes were searched") || (tt.n > maxEchoBytes) != strings.HasSuffix(echo, "…") {
			t.Errorf("%d bytes: %s", tt.n, b)
		}
	}
}

func TestNameWords(t *testing.T) {
	for in, want := range map[string]string{
		"getProjectMembership": "get Project Membership",
		"jira_create_issue":    "jira create issue",
		"HTTPServer.v2-beta":   "HTTP Server v2 beta",
		"createCustomerID2":    "create Customer ID2",
		"":                     "",
		"__":                   "",
		"über_Straße":          "über Straße",
	} {
		if got := NameWords(in); got != want {
			t.Errorf("NameWords(%q) = %q, want %q", in, got, want)
		}
	}
}
