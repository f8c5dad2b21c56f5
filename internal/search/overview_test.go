package search

import (
	"strings"
	"testing"
)

// TestOverview: descriptions when they fit, else names, else counts.
func TestOverview(t *testing.T) {
	long := strings.Repeat("w", 100)
	items := [][3]string{{"a", "x", "does x"}, {"a", "y", long}, {"b", "z", long}}
	item := func(i int) (string, string, string) { return items[i][0], items[i][1], items[i][2] }
	counts := func() []Count {
		return []Count{{Name: "a", N: 2, About: "The a things, for the test. More."}, {Name: "b", N: 1}}
	}
	for _, tt := range []struct {
		budget int
		want   string
	}{
		{1000, `{"total":3,"categories":{"a":{"x":"does x","y":"` + long + `"},"b":{"z":"` + long + `"}}}`},
		{240, `{"total":3,"categories":{"a":["x","y"],"b":["z"]},"hint":"names only`},
		{60, `{"total":3,"categories":{"a":[2,"The a things, for the test."]}`},
	} {
		if got := string(Overview(len(items), item, counts, tt.budget)); !strings.HasPrefix(got, tt.want) {
			t.Errorf("budget %d: %s, want it to start with %s", tt.budget, got, tt.want)
		}
	}
	if got := string(Overview(0, item, counts, 1000)); got != `{"total":0,"categories":{},"hint":"no capabilities are registered"}` {
		t.Errorf("empty: %s", got)
	}
}
