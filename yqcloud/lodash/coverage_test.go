package lodash_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// notYet lists lodash's public functions that `_` does not have yet or
// that have fewer than minCases corpus cases. It only shrinks:
// TestCoverage fails for a name listed here that is covered.
var notYet = map[string]bool{}

const minCases = 3

type publicFile struct {
	Lodash    string   `json:"lodash"`
	Functions []string `json:"functions"`
}

// coverage returns, for each of lodash's public function names
// (testdata/public.json, written by gen_golden.js from real lodash), the
// number of corpus cases that call it: the case's name starts with
// "name/" or its expression reads _.name.
func coverage(t *testing.T) (publicFile, map[string]int) {
	var pub publicFile
	readJSON(t, "testdata/public.json", &pub)
	var cases []corpusCase
	readJSON(t, "testdata/corpus.json", &cases)
	ident := regexp.MustCompile(`_\.([A-Za-z_$][\w$]*)`)
	counts := map[string]int{}
	for _, c := range cases {
		seen := map[string]bool{}
		if i := strings.IndexByte(c.Name, '/'); i > 0 {
			seen[c.Name[:i]] = true
		}
		for _, m := range ident.FindAllStringSubmatch(c.Expr, -1) {
			seen[m[1]] = true
		}
		for n := range seen {
			counts[n]++
		}
	}
	return pub, counts
}

// TestCoverage fails when one of lodash's public functions is not a
// function of our `_` or has fewer than minCases corpus cases, unless
// notYet lists it.
func TestCoverage(t *testing.T) {
	pub, counts := coverage(t)
	if len(pub.Functions) < 300 {
		t.Fatalf("testdata/public.json lists %d functions; run gen_golden.js", len(pub.Functions))
	}
	vm := newRuntime(t)
	for _, name := range pub.Functions {
		v, err := vm.RunString(`typeof _[` + strconvQuote(name) + `]`)
		if err != nil {
			t.Fatal(err)
		}
		covered := v.String() == "function" && counts[name] >= minCases
		switch {
		case !covered && !notYet[name]:
			t.Errorf("_.%s: typeof %s, %d corpus cases (want a function and %d cases)", name, v, counts[name], minCases)
		case covered && notYet[name]:
			t.Errorf("_.%s is covered: remove it from notYet", name)
		}
	}
	for name := range notYet {
		if !slices.Contains(pub.Functions, name) {
			t.Errorf("notYet lists %q, which is not a public lodash function", name)
		}
	}
	t.Logf("%d of %d lodash functions covered; %d corpus cases", len(pub.Functions)-len(notYet), len(pub.Functions), caseCount(t))
}

func caseCount(t *testing.T) int {
	var cases []corpusCase
	readJSON(t, "testdata/corpus.json", &cases)
	return len(cases)
}

func strconvQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `\'`) + "'" }
