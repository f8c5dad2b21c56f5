package toolkit

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"
)

func toolSrc(name, extra string) string {
	return "name: " + name + "\ndesc: Does " + name + ".\n" + extra + "steps:\n  - url: https://example.com/" + name + "\n"
}

// TestToolFileCategoryAndTags reads category and tags, and refuses what
// is not a category or too many tags.
func TestToolFileCategoryAndTags(t *testing.T) {
	tests := []struct {
		name, src, errs, category string
		tags                      []string
	}{
		{name: "none", src: toolSrc("a", "")},
		{name: "set", src: toolSrc("a", "category: billing\ntags: [refund, money back]\n"), category: "billing", tags: []string{"refund", "money back"}},
		{name: "not a name", src: toolSrc("a", "category: two words\n"), errs: `t.yaml:3:11: category: "two words" is not a valid category (1 to 64 letters, digits, _ . -; starting with a letter or _)`},
		{name: "too long", src: toolSrc("a", "category: "+strings.Repeat("c", 65)+"\n"), errs: `t.yaml:3:11: category: "` + strings.Repeat("c", 64) + `…" (65 bytes) is not a valid category (1 to 64 letters, digits, _ . -; starting with a letter or _)`},
		{name: "too many tags", src: toolSrc("a", "tags: ["+strings.Repeat("x, ", 32)+"x]\n"), errs: "t.yaml:3:7: tags: has 33 tags; at most 32 are allowed"},
		{name: "empty tag", src: toolSrc("a", "tags: [a, ' ']\n"), errs: "t.yaml:3:11: tags[1]: must not be empty"},
		{name: "long tag", src: toolSrc("a", "tags: ["+strings.Repeat("t", 65)+"]\n"), errs: "t.yaml:3:8: tags[0]: is 65 bytes; at most 64 are allowed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, ds := ParseWorkflow("t.yaml", []byte(tt.src))
			if diff := cmp.Diff(tt.errs, ds.Errors().String()); diff != "" {
				t.Fatalf("errors (-want +got):\n%s", diff)
			}
			if w == nil {
				return
			}
			if w.Category != tt.category || !cmp.Equal(w.Tags, tt.tags) {
				t.Errorf("category %q, tags %q; want %q, %q", w.Category, w.Tags, tt.category, tt.tags)
			}
		})
	}
}

// TestFolderCategories: a tool file in a folder takes the folder's name
// as its category unless it sets one, a file at the root is "http", and a
// folder's _category.yaml (or Options.CategoryDescriptions, first) says
// what the category is for in the overview's list of categories.
func TestFolderCategories(t *testing.T) {
	fsys := fstest.MapFS{
		"tools/top.yaml":                  {Data: []byte(toolSrc("top", ""))},
		"tools/github/issue.yaml":         {Data: []byte(toolSrc("issue", ""))},
		"tools/github/pr.yaml":            {Data: []byte(toolSrc("pr", ""))},
		"tools/github/own.yaml":           {Data: []byte(toolSrc("own", "category: vcs\n"))},
		"tools/github/_category.yaml":     {Data: []byte("description: Repositories, issues and pull requests on GitHub. More text.\n")},
		"tools/stripe/refund.yaml":        {Data: []byte(toolSrc("refund", "tags: [chargeback]\n"))},
		"tools/stripe/_category.yaml":     {Data: []byte("description: From the file.\n")},
		"tools/bad folder/x.yaml":         {Data: []byte(toolSrc("x", ""))},
		"tools/broken/_category.yaml":     {Data: []byte("title: no description\n")},
		"tools/broken/deeper/nested.yaml": {Data: []byte(toolSrc("nested", ""))},
	}
	want := map[string]string{"top": "http", "issue": "github", "pr": "github", "own": "vcs", "refund": "stripe", "x": "http", "nested": "deeper"}
	for i := range 9 { // names that make the overview list categories
		name := fmt.Sprint("long", i, strings.Repeat("l", 58))
		fsys["tools/"+name+".yaml"] = &fstest.MapFile{Data: []byte(toolSrc(name, ""))}
		want[name] = "http"
	}
	reg := NewRegistry(&Options{MaxDiscoveryBytes: 400, Logger: discardLogger(),
		CategoryDescriptions: map[string]string{"stripe": "Payments and refunds."}})
	diags, err := reg.LoadFS(fsys, "tools")
	if err != nil {
		t.Fatal(err)
	}
	if want := "tools/broken/_category.yaml:1:1: warning: a category file holds `description: text` (what the folder's capabilities are for); ignored"; diags.String() != want {
		t.Errorf("diagnostics:\n%s\nwant:\n%s", diags, want)
	}
	got := map[string]string{}
	for _, c := range reg.Capabilities() {
		got[c.Name] = c.Category
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("categories (-want +got):\n%s", diff)
	}
	res, _ := reg.Call(context.Background(), ToolQueryCapabilities, json.RawMessage(`{}`))
	const overview = `{"total":16,"categories":{"http":11,"github":[2,"Repositories, issues and pull requests on GitHub."],"deeper":1,"stripe":[1,"Payments and refunds."],"vcs":1},`
	if !strings.HasPrefix(res.Text, overview) || len(res.Text) > 400 {
		t.Errorf("overview:\n%s\nwant it to start\n%s", res.Text, overview)
	}
	res, _ = reg.Call(context.Background(), ToolQueryCapabilities, json.RawMessage(`{"keyword":"chargeback"}`))
	if !strings.Contains(res.Text, `"refund":`) {
		t.Errorf("a tag is not found: %s", res.Text)
	}
}
