package search

import "testing"

// TestUnglue splits a word that matches nothing into two indexed words,
// glued or joined by a wrong character, and leaves the rest.
func TestUnglue(t *testing.T) {
	ix := New()
	ix.Add("notion_reject_project", Field{Text: "notion_reject_project", Weight: 3})
	ix.Add("notion_archive_file", Field{Text: "notion_archive_file", Weight: 3})
	for _, tt := range []struct{ in, want string }{
		{"notionreject_project", "notion reject project"},
		{"notion_archiveqfile", "notion archive file"},
		{"notion_archive_file", "notion archive file"},
		{"zzzzzzzz_file", "zzzzzzzz file"},
		{"NotionReject", "notion reject"},
	} {
		if got := ix.Unglue(tt.in); got != tt.want {
			t.Errorf("Unglue(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
