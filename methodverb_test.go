package toolkit

import (
	"context"
	"testing"
)

// TestMethodVerb: an operation named by its HTTP method is found by the
// action the method stands for.
func TestMethodVerb(t *testing.T) {
	for name, want := range map[string]string{
		"post_folders": "create", "put_files_id": "update", "PATCH_users": "update",
		"get_users": "", "post": "", "post_": "", "slack_post_message": "", "postman": "",
	} {
		if got := methodVerb(name); got != want {
			t.Errorf("methodVerb(%q) = %q, want %q", name, got, want)
		}
	}
	okHandler := func(context.Context, *Call) (Result, error) { return TextResult("ok"), nil }
	reg := NewRegistry(&Options{Logger: discardLogger()})
	for _, c := range []*Capability{
		{Name: "post_folders", Category: "box", Description: "A folder.", Handler: okHandler},
		{Name: "get_folders_id", Category: "box", Description: "A folder.", Handler: okHandler},
		{Name: "put_folders_id", Category: "box", Description: "A folder.", Handler: okHandler},
	} {
		if err := reg.Add(c); err != nil {
			t.Fatal(err)
		}
	}
	for q, want := range map[string]string{"create a folder": "post_folders", "edit the folder": "put_folders_id"} {
		if hits, _ := reg.index.Search(q, nil, 1); len(hits) != 1 || hits[0].ID != want {
			t.Errorf("%q: %v, want %s first", q, hits, want)
		}
	}
}
